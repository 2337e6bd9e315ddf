--TEST--
native: libxml2's memory behind a DOMDocument is on the {native} child of its call
--DESCRIPTION--
Libxml2's memory behind a DOMDocument that a function keeps is on the
"{native}" child of the PHP call that made it (at the call's line), agrees
with glibc's own count, leaves the profile when the document goes; folded
stacks and Go pprof show it; memprof_enabled_flags() says native only when
it runs.
--ENV--
GLIBC_TUNABLES=glibc.malloc.tcache_count=0
--EXTENSIONS--
memprof
dom
ffi
--SKIPIF--
<?php
require __DIR__ . '/dump.inc';
pprof_skip_without('go-pprof');
?>
--FILE--
<?php
require __DIR__ . '/native.inc';
require __DIR__ . '/dump.inc';
native_malloc_used();   // FFI's own first-use allocations, before profiling

function keep_doc(int $items): DOMDocument {
    $doc = new DOMDocument();
    $doc->loadXML('<r>' . str_repeat('<item a="x">text</item>', $items) . '</r>'); // load line
    return $doc;
}

var_dump(memprof_enable(['native' => true]));
echo json_encode(memprof_enabled_flags()), "\n";
$before = native_malloc_used();
$doc = keep_doc(2000);
$after = native_malloc_used();
$d = memprof_dump_array();
[$bytes, $blocks] = native_under($d, 'DOMDocument::loadXML');
echo "loadXML's native memory: ", $bytes > 200000 ? 'over 200 KB' : "only $bytes bytes", " in ", $blocks > 6000 ? 'thousands of blocks' : "$blocks blocks", "\n";
echo native_agrees($bytes, $blocks, $before === null ? null : $after - $before), "\n";
$path = memprof_test_node($d, [__FILE__, 'keep_doc', 'DOMDocument::loadXML', '{native}']);
echo "path: ", $path ? 'script > keep_doc > DOMDocument::loadXML > {native}' : 'MISSING', "\n";
echo "native memory held elsewhere: ", native_total($d) - $bytes, "\n";

/* Folded stacks with lines: the PHP line that made libxml2 allocate. */
$f = fopen('php://memory', 'w+');
memprof_dump_folded($f, lines: true);
rewind($f);
$load_line = dump_line_of(__FILE__, '// load line');
$sum = 0;
foreach (folded_parse(stream_get_contents($f))['lines'] as [$frames, $n]) {
    if (array_slice($frames, -3) === ["keep_doc:$load_line", 'DOMDocument::loadXML', '{native}']) {
        $sum += $n;
    }
}
echo "folded: keep_doc:LOAD_LINE;DOMDocument::loadXML;{native} ", $sum === $bytes ? 'has the same bytes' : "has $sum bytes", "\n";

/* Go pprof reads it as a function of its own (PCRE's compiled patterns
 * are native memory too, under preg_match: all of it, then). */
$file = dump_tmp_file('.pb.gz');
$total = native_total(memprof_dump_array());
$out = fopen($file, 'w');
memprof_dump_pprof($out);
fclose($out);
$top = pprof_go_top($file, 'inuse_space');
echo "go pprof: {native} flat ", ($top['flat']['{native}'] ?? 0) === $total ? 'the same bytes as memprof_dump_array()' : json_encode($top['flat']['{native}'] ?? $top['err']), "\n";

unset($doc);
$d = memprof_dump_array();
echo "after unset: ", native_under($d, 'DOMDocument::loadXML')[0], " bytes\n";
var_dump(memprof_disable());

/* Without the flag: no native node. */
memprof_enable();
echo json_encode(memprof_enabled_flags()), "\n";
$doc = keep_doc(100);
echo "without native: ", count(memprof_test_paths_to(memprof_dump_array(), '{native}')), " native nodes\n";
memprof_disable();
?>
--EXPECT--
bool(true)
{"enabled":true,"native":true,"dump_on_limit":false,"sample":false}
loadXML's native memory: over 200 KB in thousands of blocks
agrees with malloc
path: script > keep_doc > DOMDocument::loadXML > {native}
native memory held elsewhere: 0
folded: keep_doc:LOAD_LINE;DOMDocument::loadXML;{native} has the same bytes
go pprof: {native} flat the same bytes as memprof_dump_array()
after unset: 0 bytes
bool(true)
{"enabled":true,"native":false,"dump_on_limit":false,"sample":false}
without native: 0 native nodes
