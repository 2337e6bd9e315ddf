--TEST--
classic memprof compatibility: functions, parameter names, keys and exceptions
--DESCRIPTION--
Its functions with their parameter names and return types,
memprof_dump_array()'s keys, memprof_enabled_flags()'s keys (a superset),
exceptions that are Exceptions, a classic-style script running unchanged.
--EXTENSIONS--
memprof
--FILE--
<?php
/* The classic memprof 3.x's functions (its stub), each as it declared it:
 * name => [parameter names (the ones it has), return type]. memprof may
 * add optional parameters after them. */
$classic = [
    'memprof_enabled' => [[], 'bool'],
    'memprof_enabled_flags' => [[], 'array'],
    'memprof_enable' => [[], 'bool'],
    'memprof_disable' => [[], 'bool'],
    'memprof_dump_array' => [[], 'array'],
    'memprof_dump_callgrind' => [['handle'], 'void'],
    'memprof_dump_pprof' => [['handle'], 'void'],
    'memprof_version' => [[], 'string'],
];
foreach ($classic as $fn => [$params, $ret]) {
    $r = new ReflectionFunction($fn);
    $names = array_map(fn($p) => $p->getName(), $r->getParameters());
    $extra = array_slice($r->getParameters(), count($params));
    printf("%s: %s\n", $fn, array_slice($names, 0, count($params)) === $params
        && (string) $r->getReturnType() === $ret
        && $r->getNumberOfRequiredParameters() === count($params)
        && !array_filter($extra, fn($p) => !$p->isOptional()) ? 'as classic declared it' : 'DIFFERENT: ' . $r);
}

/* A script written for the classic memprof, unchanged. */
function b() { global $keep; $keep = str_repeat('x', 1 << 20); }
function a() { b(); }
var_dump(memprof_enabled());
var_dump(memprof_enable());
a();
$dump = memprof_dump_array();
$f = fopen('php://memory', 'w+');
memprof_dump_callgrind($f);
memprof_dump_pprof($f);
echo "dumps written: ", ftell($f) > 0 ? 'yes' : 'no', "\n";
echo "array keys: ", implode(',', array_keys($dump)), "\n";
$flags = memprof_enabled_flags();
echo "flags: classic keys ", array_diff(['enabled', 'native', 'dump_on_limit'], array_keys($flags)) ? 'MISSING' : 'present',
    "; more: ", implode(',', array_diff(array_keys($flags), ['enabled', 'native', 'dump_on_limit'])), "\n";
var_dump(memprof_disable());
var_dump(memprof_enabled());

/* Misuse: an Exception, as in the classic. */
try {
    memprof_disable();
} catch (Exception $e) {
    echo "caught as Exception: ", get_class($e), ": ", $e->getMessage(), "\n";
}
try {
    memprof_dump_array();
} catch (Exception $e) {
    echo "caught as Exception: ", get_class($e), ": ", $e->getMessage(), "\n";
}
?>
--EXPECT--
memprof_enabled: as classic declared it
memprof_enabled_flags: as classic declared it
memprof_enable: as classic declared it
memprof_disable: as classic declared it
memprof_dump_array: as classic declared it
memprof_dump_callgrind: as classic declared it
memprof_dump_pprof: as classic declared it
memprof_version: as classic declared it
bool(false)
bool(true)
dumps written: yes
array keys: memory_size,blocks_count,memory_size_inclusive,blocks_count_inclusive,calls,called_functions
flags: classic keys present; more: sample
bool(true)
bool(false)
caught as Exception: MemprofException: Memprof is not enabled
caught as Exception: MemprofException: Memprof is not enabled
