<?php
// doctrine/inflector (php-doctrine-inflector): pluralise, singularise,
// tableize, classify and urlize many words in several languages.
require '/usr/share/php/Doctrine/Inflector/autoload.php';

use Doctrine\Inflector\{InflectorFactory, Language};

$words = [];
foreach (['/usr/share/php/Doctrine', '/usr/share/php/Symfony/Component/Yaml'] as $dir) {
    $it = new RecursiveIteratorIterator(new RecursiveDirectoryIterator($dir, FilesystemIterator::SKIP_DOTS));
    foreach ($it as $f) {
        if (substr($f->getFilename(), -4) === '.php') {
            preg_match_all('/\b[A-Za-z][a-z]{2,}\b/', file_get_contents($f->getPathname()), $m);
            foreach ($m[0] as $w) {
                $words[$w] = true;
            }
        }
    }
}
$words = array_keys($words);
sort($words);
foreach ([Language::ENGLISH, Language::FRENCH, Language::SPANISH, Language::PORTUGUESE] as $lang) {
    $inf = InflectorFactory::createForLanguage($lang)->build();
    $out = '';
    foreach ($words as $w) {
        $out .= $inf->pluralize($w) . ' ' . $inf->singularize($w) . ' ' . $inf->tableize($w) . ' '
            . $inf->classify($w) . ' ' . $inf->urlize("$w Über ça") . "\n";
    }
    echo "$lang: ", count($words), ' words, ', md5($out), "\n";
}
