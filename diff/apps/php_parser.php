<?php
// nikic/php-parser (php-parser): parse a source tree, walk it, pretty-print
// it back and parse the result again.
require '/usr/share/php/PhpParser/autoload.php';

use PhpParser\{NodeTraverser, NodeVisitorAbstract, Node, ParserFactory, PrettyPrinter};

$dir = '/usr/share/php/Symfony/Component/Yaml';
$files = [];
$it = new RecursiveIteratorIterator(new RecursiveDirectoryIterator($dir, FilesystemIterator::SKIP_DOTS));
foreach ($it as $f) {
    if (substr($f->getFilename(), -4) === '.php') {
        $files[] = $f->getPathname();
    }
}
sort($files);
$parser = (new ParserFactory())->create(ParserFactory::PREFER_PHP7);
$printer = new PrettyPrinter\Standard();
$counter = new class extends NodeVisitorAbstract {
    public array $kinds = [];
    public function enterNode(Node $node)
    {
        $this->kinds[$node->getType()] = ($this->kinds[$node->getType()] ?? 0) + 1;
        return null;
    }
};
$traverser = new NodeTraverser();
$traverser->addVisitor($counter);
foreach ($files as $f) {
    $ast = $parser->parse(file_get_contents($f));
    $traverser->traverse($ast);
    $code = $printer->prettyPrintFile($ast);
    $again = $printer->prettyPrintFile($parser->parse($code));
    echo substr($f, strlen($dir) + 1), ': ', count($ast), ' statements, ', md5($code),
        $again === $code ? '' : ' UNSTABLE', "\n";
}
ksort($counter->kinds);
foreach ($counter->kinds as $k => $n) {
    echo "$k $n\n";
}
