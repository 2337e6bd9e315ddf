--TEST--
sample: MEMPROF_PROFILE=sample profiles in sampling mode; Go pprof reads the period
--DESCRIPTION--
MEMPROF_PROFILE=sample profiles from request start in sampling mode; Go
pprof reads the period and the sampled comment.
--SKIPIF--
<?php
$pprof = getenv('MEMPROF_GO_PPROF') ?: __DIR__ . '/../build-readers/pprof';
if (!is_executable($pprof) && !getenv('CI')) die('skip Go pprof not built (scripts/readers.sh)');
?>
--ENV--
MEMPROF_PROFILE=sample
--INI--
memprof.sample_interval=32K
memprof.sample_seed=3
--EXTENSIONS--
memprof
--FILE--
<?php
var_dump(memprof_enabled_flags()['sample']);
function rows() { $a = []; for ($i = 0; $i < 4000; $i++) { $a[] = str_repeat('r', 1000 - 32); } return $a; }
$keep = rows();
$file = tempnam(sys_get_temp_dir(), 'memprof-sample-') . '.pb.gz';
memprof_dump_pprof(fopen($file, 'w'));
$pprof = getenv('MEMPROF_GO_PPROF') ?: __DIR__ . '/../build-readers/pprof';
$raw = shell_exec(escapeshellarg($pprof) . ' -raw ' . escapeshellarg($file) . ' 2>&1');
foreach (explode("\n", $raw) as $line) {
    if (preg_match('/^(Period|PeriodType|Comment: live)/', $line)) {
        echo $line, "\n";
    }
}
$top = shell_exec(escapeshellarg($pprof) . ' -top -sample_index=inuse_space -unit=B -nodecount=20 ' . escapeshellarg($file) . ' 2>&1');
preg_match('/^\s*(\d+)B?\s+[\d.]+%\s+[\d.]+%\s+(\d+)B\s+[\d.]+%\s+rows$/m', $top, $m);
printf("rows cum within 25%% of 4 MB: %s\n", isset($m[2]) && abs($m[2] - 4000000) < 1000000 ? 'yes' : "no\n$top");
unlink($file);
?>
--EXPECT--
bool(true)
Comment: live memory, sampled: estimates from one sample per 32768 bytes on average
PeriodType: space bytes
Period: 32768
rows cum within 25% of 4 MB: yes
