--TEST--
leak ledger, sampling: the leak named within 15% of its bytes per job, with its error
--DESCRIPTION--
leak ledger in sampling mode: memprof_job() at each job's end, the leak named with its bytes per job estimated within 15%, nothing without it.
relative_error is one standard error of the estimate as a fraction of it
(the growth is a Poisson count of samples): the estimate is within three
of them of the true 232 B/job; full tracking gives 0, and so does the
array's growth by slots (its elements are counted, not sampled).
--EXTENSIONS--
memprof
--INI--
memprof.leak_budget=0
memprof.leak_confirm_jobs=100
memprof.sample_interval=1K
memprof.sample_seed=42
--FILE--
<?php
class History { private array $entries = []; function onFlush(array $row, bool $leak) { if ($leak) { $this->entries[] = $row['name']; } } }
class Lru { private array $items = []; function put(string $k, string $v) { $this->items[$k] = $v; if (count($this->items) > 40) { array_shift($this->items); } } }
function make_row(int $i): array { return ['id' => $i, 'name' => str_repeat(chr(65 + $i % 26), 200)]; }

function run(bool $leak): array
{
    memprof_enable(['sample' => true]);
    $h = new History;
    $lru = new Lru;
    for ($i = 0; $i < 5000; $i++) {
        $row = make_row($i);
        $h->onFlush($row, $leak);
        $lru->put("k$i", str_repeat('c', 80));
        memprof_job();
    }
    $leaks = memprof_leaks();
    memprof_disable();
    return $leaks;
}
foreach (run(true) as $l) {
    if ($l['blocks_per_job'] == 0 && $l['elements_per_job'] > 0) {
        // the array's slots: its elements are counted, not sampled
        printf("%s, %s line %d: %s B/job, %s elements/job, relative_error %s\n", $l['held_in'], $l['function'], $l['line'],
            $l['bytes_per_job'], $l['elements_per_job'], $l['relative_error']);
        continue;
    }
    printf("%s, %s line %d (%s): %s, sampled: %s\n", $l['held_in'], $l['function'], $l['line'], $l['via'] ?? '',
        abs($l['bytes_per_job'] - 232) <= 0.15 * 232 ? 'within 15% of 232 B/job' : "{$l['bytes_per_job']} B/job",
        var_export($l['sampled'], true));
    $se = $l['relative_error'] * $l['bytes_per_job'];
    printf("relative_error: %s\n", $l['relative_error'] > 0 && $l['relative_error'] < 0.5 && abs($l['bytes_per_job'] - 232) <= 3 * $se
        ? 'the estimate is within three standard errors of the true figure' : json_encode($l));
}
memprof_enable();
$h = new History;
for ($i = 0; $i < 200; $i++) {
    $h->onFlush(make_row($i), true);
    memprof_job();
}
echo "full tracking: relative_error ", json_encode(array_unique(array_column(memprof_leaks(), 'relative_error'))), "\n";
memprof_disable();
echo "without the leak: ", json_encode(array_column(run(false), 'message')), "\n";
?>
--EXPECT--
History::$entries, make_row line 4 (str_repeat): within 15% of 232 B/job, sampled: true
relative_error: the estimate is within three standard errors of the true figure
History::$entries, History::onFlush line 2: 16 B/job, 1 elements/job, relative_error 0
full tracking: relative_error [0]
without the leak: []
