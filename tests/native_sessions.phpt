--TEST--
native: a second session puts native memory on its own call's {native} child
--DESCRIPTION--
A second session in the same request puts libxml2's memory on its own call's
"{native}" child: nothing of the first session's paths is remembered (the
same allocations made the same way in both, by different functions).
--EXTENSIONS--
memprof
dom
--FILE--
<?php
require __DIR__ . '/native.inc';

function first_session(): DOMDocument {
    $doc = new DOMDocument();
    $doc->loadXML('<r>' . str_repeat('<item a="x">text</item>', 500) . '</r>');
    return $doc;
}

function second_session(): DOMDocument {
    $doc = new DOMDocument();
    $doc->loadXML('<r>' . str_repeat('<item a="x">text</item>', 500) . '</r>');
    return $doc;
}

$docs = [];
foreach (['first_session', 'second_session', 'first_session'] as $i => $fn) {
    memprof_enable(['native' => true]);
    $docs[] = $fn();
    $d = memprof_dump_array();
    [$bytes, $blocks] = native_under($d, 'DOMDocument::loadXML');
    $path = memprof_test_node($d, [__FILE__, $fn, 'DOMDocument::loadXML', '{native}']);
    $mine = $path ? $path['memory_size'] : 0;
    echo "session ", $i + 1, " ($fn): ", $bytes > 50000 ? 'over 50 KB' : "only $bytes bytes",
        ", on script > $fn > DOMDocument::loadXML > {native}: ", $mine === $bytes ? 'all of it' : "$mine bytes",
        ", held elsewhere: ", native_total($d) - $bytes, "\n";
    memprof_disable();
}
?>
--EXPECT--
session 1 (first_session): over 50 KB, on script > first_session > DOMDocument::loadXML > {native}: all of it, held elsewhere: 0
session 2 (second_session): over 50 KB, on script > second_session > DOMDocument::loadXML > {native}: all of it, held elsewhere: 0
session 3 (first_session): over 50 KB, on script > first_session > DOMDocument::loadXML > {native}: all of it, held elsewhere: 0
