--TEST--
api: the "native" flag (classic memprof's malloc tracking) is accepted but not done: one warning per session says so, memprof_enabled_flags() reports it false, and the Zend heap is profiled as usual
--EXTENSIONS--
memprof
--FILE--
<?php
function keep(): string { return str_repeat('n', 5000); }

var_dump(memprof_enable(['native' => true]));
$flags = memprof_enabled_flags();
echo "enabled: ", var_export($flags['enabled'], true), ", native: ", var_export($flags['native'], true), "\n";
$k = keep();
$d = memprof_dump_array();
echo "keep() holds: ", $d['called_functions'][__FILE__]['called_functions']['keep']['memory_size_inclusive'] >= 5000 ? '>= 5000 bytes' : 'too little', "\n";
var_dump(memprof_disable());
/* A new session says it again; without the flag, nothing. */
var_dump(memprof_enable(['native' => true, 'dump_on_limit' => true]));
echo json_encode(memprof_enabled_flags()), "\n";
memprof_disable();
var_dump(memprof_enable(['native' => false]));
echo json_encode(memprof_enabled_flags()), "\n";
?>
--EXPECTF--
Warning: memprof_enable(): Memprof cannot track native (malloc) allocations: the "native" flag is ignored, the Zend heap is profiled in %s on line %d
bool(true)
enabled: true, native: false
keep() holds: >= 5000 bytes
bool(true)

Warning: memprof_enable(): Memprof cannot track native (malloc) allocations: the "native" flag is ignored, the Zend heap is profiled in %s on line %d
bool(true)
{"enabled":true,"native":false,"dump_on_limit":true,"sample":false}
bool(true)
{"enabled":true,"native":false,"dump_on_limit":false,"sample":false}
