--TEST--
autodump: ini_set() and ini_restore() of memprof.dump_on_growth take effect at once
--DESCRIPTION--
ini_set('memprof.dump_on_growth') during a session takes effect at once
(counted from the live memory at the change; 0 stops the growth dumps), and
ini_restore() too.
--ENV--
MEMPROF_PROFILE=1
--INI--
memprof.dump_on_growth=0
memory_limit=128M
--EXTENSIONS--
memprof
--FILE--
<?php
$dir = sys_get_temp_dir() . '/memprof-growth-ini-' . getmypid();
mkdir($dir, 0700);
ini_set('memprof.output_dir', $dir);

/* 400 KiB a call: 1M is crossed on the third call after a (re)arm, not the second. */
function slow_leak() { static $kept = []; $kept[] = str_repeat('g', 400 * 1024); }
function grow(int $steps) { for ($i = 0; $i < $steps; $i++) slow_leak(); }
function dumps(string $dir) { return count(glob("$dir/memprof.*")); }

grow(4);
printf("off from php.ini, 1.6 MiB grown: %d dumps\n", dumps($dir));
var_dump(ini_set('memprof.dump_on_growth', '1M'));
grow(10);
printf("1M set during the session, 4 MiB grown: %d dumps\n", dumps($dir));
var_dump(ini_set('memprof.dump_on_growth', '0'));
grow(6);
printf("0 set, 2.4 MiB grown: %d dumps\n", dumps($dir));
ini_set('memprof.dump_on_growth', '1M');
grow(2);
ini_restore('memprof.dump_on_growth');
grow(6);
printf("1M set, 0.8 MiB grown, restored to 0, 2.4 MiB grown: %d dumps\n", dumps($dir));
foreach (glob("$dir/memprof.*") as $f) {
    if (preg_match('/memprof\.dump_on_growth: live memory grew to \d+ bytes, 1048576 bytes or more/', file_get_contents($f))) {
        echo "reason ok\n";
    }
}
array_map('unlink', glob("$dir/*"));
rmdir($dir);
?>
--EXPECT--
off from php.ini, 1.6 MiB grown: 0 dumps
string(1) "0"
1M set during the session, 4 MiB grown: 3 dumps
string(2) "1M"
0 set, 2.4 MiB grown: 3 dumps
1M set, 0.8 MiB grown, restored to 0, 2.4 MiB grown: 3 dumps
reason ok
reason ok
reason ok
