<?php
// Parsedown (php-parsedown): Markdown to HTML for this repository's
// Markdown files and a generated document, safe mode on and off.
require '/usr/share/php/Parsedown/autoload.php';

$docs = require __DIR__ . '/docs.inc';
$gen = '';
for ($i = 0; $i < 600; $i++) {
    $gen .= "# Title $i\n\nText with *emphasis*, **strong**, `code`, <span>html $i</span> and a [link](http://x/$i \"t\").\n\n"
        . "1. one\n2. two\n   - nested $i\n\n    indented code $i\n\n";
}
$docs['generated'] = $gen;
foreach ([false, true] as $safe) {
    $p = new Parsedown();
    $p->setSafeMode($safe);
    foreach ($docs as $name => $md) {
        $html = $p->text($md);
        echo $safe ? 'safe ' : '', "$name: ", strlen($html), ' bytes, ', md5($html), "\n";
    }
}
