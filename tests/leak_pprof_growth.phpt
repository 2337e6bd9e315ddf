--TEST--
leak ledger: pprof dumps carry growth_per_job by call path and by container (Go pprof)
--DESCRIPTION--
After the ledger confirmed a leak, memprof_dump_pprof() adds the sample type
growth_per_job (bytes per job): Go pprof -sample_index=growth_per_job shows
the leak's bytes per job under the call path that allocates it, and with
retainers under its held_in label; the other columns are as without it. A
dump taken with no leak confirmed has no such column.
--EXTENSIONS--
memprof
--SKIPIF--
<?php
require __DIR__ . '/dump.inc';
pprof_skip_without('go-pprof');
?>
--INI--
memprof.leak_budget=0
memprof.leak_confirm_jobs=100
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/dump.inc';
class History { private array $entries = []; function onFlush(array $row) { $this->entries[] = $row['name']; } }
function make_row(int $i): array { return ['id' => $i, 'name' => str_repeat(chr(65 + $i % 26), 200)]; }

memprof_enable();
$before = dump_tmp_file('.pb.gz');
memprof_dump_pprof(fopen($before, 'w'));
$h = new History;
for ($i = 0; $i < 300; $i++) {
    $h->onFlush(make_row($i));
    memprof_job();
}
$plain = dump_tmp_file('.pb.gz');
$split = dump_tmp_file('.pb.gz');
memprof_dump_pprof(fopen($plain, 'w'));
memprof_dump_pprof(fopen($split, 'w'), 0, false, true);
echo json_encode(array_column(memprof_leaks(), 'message')), "\n";
memprof_disable();

$top = pprof_run('go-pprof', ['-top', '-sample_index=growth_per_job', '-unit=B', '-nodefraction=0', $plain]);
preg_match('/Total samples = (\S+)/', $top['out'], $total);
preg_match('/^\s*(\S+)\s+\S+%\s+\S+%\s+\S+\s+\S+%\s+str_repeat$/m', $top['out'], $flat);
preg_match('/^\s*\S+\s+\S+%\s+\S+%\s+(\S+)\s+\S+%\s+make_row$/m', $top['out'], $cum);
echo "growth_per_job: rc={$top['rc']}, total ", $total[1] ?? '?', ", str_repeat flat ", $flat[1] ?? '?', ", make_row cum ", $cum[1] ?? '?', "\n";
$tags = pprof_run('go-pprof', ['-tags', '-sample_index=growth_per_job', '-unit=B', $split]);
$held = array_filter(pprof_tag_values($tags['out'], 'held_in'));
echo "by holding container: ", json_encode($held), "\n";
$inuse = pprof_go_top($plain, 'inuse_space');
echo "inuse_space still there: ", $inuse['total'] > 300 * 232 ? 'yes' : json_encode($inuse), "\n";
$none = pprof_run('go-pprof', ['-top', '-sample_index=growth_per_job', $before]);
echo "before any leak: rc ", $none['rc'] !== 0 ? 'non-zero' : 0, ", ", str_contains($none['err'] . $none['out'], 'growth_per_job') ? 'no growth_per_job column' : $none['err'], "\n";
?>
--EXPECT--
["+232 B\/job held in History::$entries, allocated at make_row line 4 (str_repeat)","+16 B\/job held in History::$entries (+1.0 elements\/job, the array's slots), allocated at History::onFlush line 3"]
growth_per_job: rc=0, total 248B, str_repeat flat 232B, make_row cum 232B
by holding container: {"History::$entries":248}
inuse_space still there: yes
before any leak: rc non-zero, no growth_per_job column
