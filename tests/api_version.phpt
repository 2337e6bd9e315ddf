--TEST--
api: memprof_version() is phpversion('memprof'), 4.0 or later
--DESCRIPTION--
memprof_version() is phpversion('memprof'), numbered from 4.0 so that
version gates written for the classic memprof (3.x) hold.
--EXTENSIONS--
memprof
--FILE--
<?php
$v = memprof_version();
var_dump($v === phpversion('memprof'));
var_dump((bool) preg_match('/^\d+\.\d+\.\d+(?:(?:alpha|beta|RC)\d+)?$/', $v));
/* The classic memprof's features appeared up to 3.x: gates on them hold. */
foreach (['2.0.0', '3.0.0', '3.1.0'] as $classic) {
    printf("version_compare(memprof_version(), '%s', '>='): %s\n", $classic, var_export(version_compare($v, $classic, '>='), true));
}
?>
--EXPECT--
bool(true)
bool(true)
version_compare(memprof_version(), '2.0.0', '>='): true
version_compare(memprof_version(), '3.0.0', '>='): true
version_compare(memprof_version(), '3.1.0', '>='): true
