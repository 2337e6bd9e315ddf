--TEST--
native: where native tracking cannot run, one warning and the Zend heap profiled
--DESCRIPTION--
Where native tracking cannot run (no object to rewrite, as in a statically
linked PHP; simulated in the debug build), the "native" flag gives one
warning per session, memprof_enabled_flags() says false, and the Zend heap
is profiled as usual.
--EXTENSIONS--
memprof
dom
--SKIPIF--
<?php
if (ini_get('memprof.debug_native_hide') === false) die('skip needs a debug build (--enable-memprof-debug)');
?>
--INI--
memprof.debug_native_hide=1
--FILE--
<?php
require __DIR__ . '/memprof.inc';
function keep(): string { return str_repeat('n', 5000); }
function keep_doc(): DOMDocument { $d = new DOMDocument(); $d->loadXML('<r>' . str_repeat('<i/>', 1000) . '</r>'); return $d; }

var_dump(memprof_enable(['native' => true]));
echo json_encode(memprof_enabled_flags()), "\n";
$k = keep();
$doc = keep_doc();
$d = memprof_dump_array();
echo "keep() holds: ", memprof_test_node($d, [__FILE__, 'keep'])['memory_size_inclusive'] >= 5000 ? '>= 5000 bytes' : 'too little', "\n";
echo "native nodes: ", count(memprof_test_paths_to($d, '{native}')), "\n";
memprof_disable();
/* Each session says it again. */
var_dump(memprof_enable(['native' => true, 'dump_on_limit' => true]));
echo json_encode(memprof_enabled_flags()), "\n";
memprof_disable();
ini_set('memprof.debug_native_hide', '0');
memprof_enable(['native' => true]);
echo "once it can: ", json_encode(memprof_enabled_flags()['native']), "\n";
memprof_disable();
?>
--EXPECTF--
Warning: memprof_enable(): Memprof cannot track native (malloc) allocations here: no loaded object calls the allocator through an entry memprof can rewrite (a statically linked PHP?); the Zend heap is profiled in %s on line %d
bool(true)
{"enabled":true,"native":false,"dump_on_limit":false,"sample":false}
keep() holds: >= 5000 bytes
native nodes: 0

Warning: memprof_enable(): Memprof cannot track native (malloc) allocations here: no loaded object calls the allocator through an entry memprof can rewrite (a statically linked PHP?); the Zend heap is profiled in %s on line %d
bool(true)
{"enabled":true,"native":false,"dump_on_limit":true,"sample":false}
once it can: true
