<?php
// league/commonmark (php-league-commonmark): the GitHub-flavoured converter
// on this repository's Markdown files and a generated document.
require '/usr/share/php/League/CommonMark/autoload.php';

use League\CommonMark\GithubFlavoredMarkdownConverter;

$converter = new GithubFlavoredMarkdownConverter(['html_input' => 'escape', 'allow_unsafe_links' => false]);
$docs = require __DIR__ . '/docs.inc';
$gen = '';
for ($i = 0; $i < 300; $i++) {
    $gen .= "## Section $i\n\nSome *emphasis* and **strong** text, `code $i`, a [link](https://example.org/$i) and ~~strike~~.\n\n"
        . "| a | b |\n|---|---|\n| $i | " . ($i * $i) . " |\n\n- [ ] task $i\n- [x] done\n\n> quote $i\n\n```php\necho $i;\n```\n\n";
}
$docs['generated'] = $gen;
foreach ($docs as $name => $md) {
    $html = (string) $converter->convert($md);
    echo "$name: ", strlen($md), ' -> ', strlen($html), ' bytes, ', md5($html), "\n";
}
