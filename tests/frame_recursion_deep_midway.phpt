--TEST--
frame: memprof_enable() 60,000 levels deep costs what enabling at the top costs
--DESCRIPTION--
memprof_enable() 60,000 levels deep in a recursion: the recursion below it
costs about what it costs when enabled at the top (the frames in pages
profiling never saw allocated are not verified again at every allocation; at
most one page's are, for a while).
--SKIPIF--
<?php
if (str_contains((string) @file_get_contents('/proc/self/maps'), 'vgpreload')) die('skip too slow under valgrind');
?>
--INI--
memory_limit=-1
--EXTENSIONS--
memprof
--CONFLICTS--
all # times itself against plain PHP: alone, not beside another test (run-tests.php -j)
--FILE--
<?php
require __DIR__ . '/memprof.inc';
require __DIR__ . '/frame_recursion_deep.inc';

deep_time_below(60000, 5000);   /* warm up: VM stack pages */
$top = $deep = INF;
for ($i = 0; $i < 2; $i++) {
    $top = min($top, deep_time_below(0, 5000));
    $deep = min($deep, deep_time_below(60000, 5000));
}
echo $deep < 5 * $top ? "as at the top\n" : sprintf("%.1fx the time at the top (%.3f s, %.3f s)\n", $deep / $top, $top, $deep);
?>
--EXPECT--
as at the top
