<?php
// Native-allocation workload (own code): XML documents parsed, queried,
// changed and serialized with DOM (libxml2 allocates with malloc(), which
// only memprof's `native` flag sees), a sliding window of them kept alive.
// Prints one checksum line per section, the same in every configuration.
declare(strict_types=1);

function make_xml(int $seed, int $items): string
{
    $xml = '<catalog seed="' . $seed . '">';
    for ($i = 0; $i < $items; $i++) {
        $xml .= '<book id="b' . $i . '" year="' . (1950 + ($i * 7 + $seed) % 70) . '">'
            . '<title>Title ' . $i . ' of ' . $seed . '</title>'
            . '<author>Author ' . (($i * 13 + $seed) % 50) . '</author>'
            . '<price>' . (($i * 37 + $seed) % 1000) / 10 . '</price></book>';
    }
    return $xml . '</catalog>';
}

function parse_and_query(string $xml): array
{
    $doc = new DOMDocument();
    $doc->loadXML($xml);
    $xp = new DOMXPath($doc);
    $old = $xp->query('//book[@year < 1980]')->length;
    $sum = 0.0;
    foreach ($xp->query('//price') as $p) {
        $sum += (float) $p->textContent;
    }
    return [$doc, $old, $sum];
}

function transform(DOMDocument $doc): string
{
    foreach ($doc->getElementsByTagName('book') as $b) {
        $b->setAttribute('seen', 'yes');
        $note = $doc->createElement('note', 'checked ' . $b->getAttribute('id'));
        $b->appendChild($note);
    }
    return $doc->saveXML();
}

$window = [];
$crc = 0;
$olds = 0;
$total = 0.0;
for ($round = 0; $round < 120; $round++) {
    [$doc, $old, $sum] = parse_and_query(make_xml($round, 400));
    $olds += $old;
    $total += $sum;
    $out = transform($doc);
    $crc ^= crc32($out);
    $window[] = $doc;
    if (count($window) > 8) {
        array_shift($window);
    }
}
printf("parse: %d old books, prices %.1f\n", $olds, $total);
printf("transform: crc %08x, %d documents kept\n", $crc, count($window));
