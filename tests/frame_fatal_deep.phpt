--TEST--
frame: after a fatal error 5,000 calls deep, a shutdown function's paths are under the root
--DESCRIPTION--
After a fatal error 5,000 calls deep (beyond the hooks, stable frames
known), a shutdown function's calls get their own paths under the root,
exact bytes (PHP does not rewind the VM stack on a bailout, so the stale
deep entries are never joined: this checks the repair, not the stable-frame
cut).
--ENV--
MEMPROF_PROFILE=1
--EXTENSIONS--
memprof
--INI--
; E_USER_ERROR is deprecated from PHP 8.4 on and still fatal
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/memprof.inc';

function b() { $GLOBALS['k'][] = str_repeat('b', 1000); }
function a() { b(); }
function down(int $n) {
    $GLOBALS['k'][] = str_repeat('d', 8);
    if ($n === 0) {
        trigger_error("boom", E_USER_ERROR);
    }
    down($n - 1);
}
function on_shutdown() {
    for ($i = 0; $i < 3; $i++) {
        a();
    }
    $node = memprof_test_node(memprof_dump_array(), ['on_shutdown', 'a', 'b', 'str_repeat']);
    printf("on_shutdown > a > b > str_repeat: %s (expected %d)\n",
        $node ? $node['memory_size'] : 'MISSING', 3 * memprof_test_str_size(1000));
}
register_shutdown_function('on_shutdown');
down(5000);
?>
--EXPECTF--
Fatal error: boom in %s on line %d
on_shutdown > a > b > str_repeat: 3096 (expected 3096)
