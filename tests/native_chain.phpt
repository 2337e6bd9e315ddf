--TEST--
native: a tool that set libxml2's allocator before memprof is chained to
--DESCRIPTION--
Another tool that set libxml2's allocator before memprof (xmlMemSetup(),
with functions that count and pass on) is chained to: both see every
allocation while memprof tracks, the tool keeps its functions after memprof
stops, and memprof alone works once the tool gives libxml2's allocator back.
--EXTENSIONS--
memprof
dom
--SKIPIF--
<?php
if (!getenv('MEMPROF_TEST_NEIGHBOUR')) die('skip the test fixture tests/neighbour is not built (scripts/run-tests.sh builds it)');
?>
--FILE--
<?php
$dir = sys_get_temp_dir() . '/memprof-native-chain-' . getmypid();
@mkdir($dir, 0700);
$child = <<<'PHP'
<?php
require getenv('TESTS') . '/native.inc';
function keep_doc(int $items): DOMDocument {
    $doc = new DOMDocument();
    $doc->loadXML('<r>' . str_repeat('<item a="x">text</item>', $items) . '</r>');
    return $doc;
}
function doc_bytes(): int { return native_under(memprof_dump_array(), 'DOMDocument::loadXML')[0]; }

neighbour_libxml_mem(true);
$c0 = neighbour_libxml_calls();
memprof_enable(['native' => true]);
$d = keep_doc(1000);
$c1 = neighbour_libxml_calls();
echo "both: memprof ", doc_bytes() > 100000 ? 'sees libxml2' : 'sees NOTHING', ", the tool's functions ", $c1 > $c0 + 1000 ? 'ran' : 'ran ' . ($c1 - $c0) . ' times', "\n";
unset($d);
echo "freed: ", doc_bytes(), " bytes\n";
memprof_disable();
$d = keep_doc(1000);
echo "memprof stopped: the tool's functions ", neighbour_libxml_calls() > $c1 + 1000 ? 'still run' : 'STOPPED', "\n";
neighbour_libxml_mem(false);
$c2 = neighbour_libxml_calls();
memprof_enable(['native' => true]);
$d2 = keep_doc(1000);
echo "the tool gone: memprof ", doc_bytes() > 100000 ? 'sees libxml2' : 'sees NOTHING', ", the tool's functions ran ", neighbour_libxml_calls() - $c2, " times\n";
memprof_disable();
echo "items: ", $d->getElementsByTagName('item')->length + $d2->getElementsByTagName('item')->length, "\n";
PHP;
file_put_contents("$dir/child.php", $child);
require __DIR__ . '/memprof.inc';
$so = memprof_test_module();
$env = getenv();
unset($env['MEMPROF_PROFILE']);
$env['TESTS'] = __DIR__;
$proc = proc_open([PHP_BINARY, '-n', '-d', 'extension_dir=' . ini_get('extension_dir'), '-d', 'extension=dom',
    '-d', 'extension=' . $so, '-d', 'extension=' . getenv('MEMPROF_TEST_NEIGHBOUR'), "$dir/child.php"],
    [1 => ['pipe', 'w'], 2 => ['redirect', 1]], $pipes, null, $env);
echo stream_get_contents($pipes[1]);
echo "exit ", proc_close($proc), "\n";
?>
--CLEAN--
<?php
$dir = sys_get_temp_dir() . '/memprof-native-chain-' . getmypid();
@unlink("$dir/child.php");
@rmdir($dir);
?>
--EXPECT--
both: memprof sees libxml2, the tool's functions ran
freed: 0 bytes
memprof stopped: the tool's functions still run
the tool gone: memprof sees libxml2, the tool's functions ran 0 times
items: 2000
exit 0
