<?php
// Parsedown (php-parsedown): Markdown to HTML for this repository's
// Markdown files and a generated document, safe mode on and off.
require '/usr/share/php/Parsedown/autoload.php';

// A copy of this repository's documents made when the matrix started
// (argv[1]): an edit during a run changes no input.
$root = $argv[1] ?? dirname(__DIR__, 2);
$docs = [];
foreach (['README.md', 'INTERNALS.md', 'fuzz/README.md', 'bench/README.md'] as $f) {
    if (is_file("$root/$f")) {
        $docs[$f] = file_get_contents("$root/$f");
    }
}
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
