--TEST--
sample: the sample option and MEMPROF_PROFILE=sample: flags, errors, sampled dumps
--DESCRIPTION--
memprof_enable(['sample' => true]) and MEMPROF_PROFILE=sample: the flag,
option errors, no call counting, dumps that say they are sampled.
--INI--
memprof.sample_interval=64K
memprof.sample_seed=7
--EXTENSIONS--
memprof
--FILE--
<?php
foreach ([['sample' => 'yes'], ['sampel' => true], [1 => true]] as $bad) {
    try {
        memprof_enable($bad);
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
var_dump(memprof_enabled());

function keep() { static $k = []; for ($i = 0; $i < 2000; $i++) { $k[] = str_repeat('k', 1000 - 32); } }

var_dump(memprof_enable(['sample' => true, 'dump_on_limit' => true]));
$flags = memprof_enabled_flags();
printf("flags: sample %s, dump_on_limit %s\n", var_export($flags['sample'], true), var_export($flags['dump_on_limit'], true));
keep();
$d = memprof_dump_array();
$k = $d['called_functions'][__FILE__]['called_functions']['keep'] ?? null;
printf("keep: found %s, calls %d (not counted while sampling)\n", $k ? 'yes' : 'no', $k['calls'] ?? -1);
printf("keep estimate within 25%% of 2 MB: %s\n", abs($k['memory_size_inclusive'] - 2000 * 1000) < 0.25 * 2000 * 1000 ? 'yes' : 'no: ' . $k['memory_size_inclusive']);

$f = fopen('php://memory', 'w+');
memprof_dump_callgrind($f);
rewind($f);
$head = stream_get_contents($f, 2000);
printf("callgrind says sampled: %s\n", str_contains($head, '# Sampled profile: costs are unbiased estimates from allocations sampled') ? 'yes' : 'no');
preg_match('/^desc: Profile: (.*)$/m', $head, $m);
echo "desc: $m[1]\n";
memprof_disable();
var_dump(memprof_enabled_flags()['sample']);
?>
--EXPECT--
TypeError: memprof_enable(): Argument #1 ($options) option "sample" must be of type bool, string given
ValueError: memprof_enable(): Argument #1 ($options) must contain only the keys "sample", "dump_on_limit" and "native"
ValueError: memprof_enable(): Argument #1 ($options) must contain only the keys "sample", "dump_on_limit" and "native"
bool(false)
bool(true)
flags: sample true, dump_on_limit true
keep: found yes, calls 0 (not counted while sampling)
keep estimate within 25% of 2 MB: yes
callgrind says sampled: yes
desc: live memory, sampled: estimates from one sample per 65536 bytes on average
bool(false)
