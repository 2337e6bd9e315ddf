--TEST--
peak: a function that built and freed 50 MiB holds the peak; snapshot within 2%
--DESCRIPTION--
A function that built 50 MiB and freed it before the dump is still the
peak's holder; the snapshot is within 2% of the exact peak.
--ENV--
MEMPROF_PROFILE=1
--INI--
memory_limit=256M
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';

function build_report(): int {
    $rows = [];
    for ($i = 0; $i < 50; $i++) {
        $rows[] = str_repeat('r', (1 << 20) - 32);   // 1 MiB each
    }
    return count($rows);                              // all freed on return
}
function small(): string { return str_repeat('s', 4096 - 32); }

$keep = small();
build_report();
$after = small();

$live = memprof_dump_array();
$peak = memprof_dump_array(0, true);

$live_br = memprof_test_node($live, [__FILE__, 'build_report']);
$peak_br = memprof_test_node($peak, [__FILE__, 'build_report']);
printf("live now, build_report: %d bytes\n", $live_br['memory_size_inclusive']);
printf("at the peak, build_report > str_repeat: %d bytes in %d blocks\n",
    memprof_test_node($peak, [__FILE__, 'build_report', 'str_repeat'])['memory_size'],
    memprof_test_node($peak, [__FILE__, 'build_report', 'str_repeat'])['blocks_count']);
$share = $peak_br['memory_size_inclusive'] / $peak['memory_size_inclusive'];
printf("build_report holds %s of the peak\n", $share > 0.95 ? "more than 95%" : sprintf("only %.1f%%", 100 * $share));
/* The snapshot is taken when live memory passes the previous one by 1/64:
 * the true peak (50 MiB + the rest) is at most ~1.6% above it. */
$true_peak = 50 << 20;
printf("snapshot below the 50 MiB it must cover by at most 2%%: %s\n",
    $peak['memory_size_inclusive'] >= $true_peak * 0.98 ? 'yes' : 'no: ' . $peak['memory_size_inclusive']);
/* Later allocations are not in the snapshot. */
printf("'after' string in the peak: %s\n", memprof_test_node($peak, [__FILE__, 'small', 'str_repeat'])['memory_size'] === 4096 ? 'only the first one' : 'wrong');
var_dump(memprof_test_check_inclusive($peak));

/* Every format takes the peak view. */
$f = fopen('php://memory', 'w+');
memprof_dump_folded($f, 0, true);
rewind($f);
$sum = 0;
foreach (explode("\n", trim(stream_get_contents($f))) as $line) {
    $sum += (int) substr($line, strrpos($line, ' ') + 1);
}
printf("folded peak total = array peak total: %s\n", $sum === $peak['memory_size_inclusive'] ? 'yes' : "no ($sum)");
try {
    memprof_dump_array(memprof_mark(), true);
} catch (ValueError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
?>
--EXPECTF--
live now, build_report: 0 bytes
at the peak, build_report > str_repeat: %d bytes in %d blocks
build_report holds more than 95% of the peak
snapshot below the 50 MiB it must cover by at most 2%: yes
'after' string in the peak: only the first one
array(0) {
}
folded peak total = array peak total: yes
ValueError: memprof_dump_array(): Argument #2 ($peak) cannot be true when $since is given: the peak snapshot has no generations
