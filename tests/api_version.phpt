--TEST--
api: memprof_version() is a semantic version equal to phpversion('memprof')
--EXTENSIONS--
memprof
--FILE--
<?php
$v = memprof_version();
var_dump(is_string($v));
var_dump((bool) preg_match('/^\d+\.\d+\.\d+/', $v));
var_dump($v === phpversion('memprof'));
var_dump($v === (new ReflectionExtension('memprof'))->getVersion());
/* Works the same while profiling. */
memprof_enable();
var_dump(memprof_version() === $v);
memprof_disable();
echo $v, "\n";
?>
--EXPECTF--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
%d.%d.%d%A
