--TEST--
leak ledger, default budget: a worker whose heap grows fast still gets its walks (small heap's cost)
--DESCRIPTION--
With memprof.leak_budget at its default, walks are spaced by what the
last one cost per live byte. The first walk runs on a heap of some ten
kilobytes and is mostly its fixed cost (roots, classes); counted per byte
of that heap it priced the walks of the larger heap ahead above their
cost, and a worker growing faster than that spacing (here 2.5 KB per job
of about 0.1 ms, 3,000 jobs) never got a second walk: its leaks went
unnamed. A walk's cost is now counted against 1 MiB of heap at least, so
both containers are seen growing, and the timeline's job points carry the
walks' containers, Repo::$seen the largest, rising.
--EXTENSIONS--
memprof
--INI--
memory_limit=256M
--FILE--
<?php
class Repo
{
    public array $seen = [];
}

function job(Repo $r, int $j): void
{
    $r->seen[] = str_repeat('s', 2000);
    $GLOBALS['cache']['k' . $j] = str_repeat('c', 500);
    $tmp = range(0, 300);
    unset($tmp);
    usleep(100);
}

$repo = new Repo();
$GLOBALS['cache'] = [];
memprof_enable();
for ($j = 1; $j <= 3000; $j++) {
    job($repo, $j);
    memprof_job();
}
$held = array_unique(array_column(memprof_leaks(true), 'held_in'));
sort($held);
echo "growing: ", implode(', ', $held), "\n";
$walked = array_values(array_filter(
    memprof_dump_array(0, false, false, false, true)['timeline']['points'],
    fn($p) => $p['reason'] === 'job' && $p['containers']
));
echo "job points with containers: ", count($walked) >= 2 ? "2 or more" : count($walked), "\n";
$first = $walked[0]['containers'][0] ?? null;
$last = end($walked)['containers'][0] ?? null;
echo "largest: ", $first['container'] ?? '-', " then ", $last['container'] ?? '-', ", ",
    $first && $last && $last['bytes'] > $first['bytes'] ? "rising" : "not rising", "\n";
?>
--EXPECT--
growing: $GLOBALS['cache'], Repo::$seen
job points with containers: 2 or more
largest: Repo::$seen then Repo::$seen, rising
