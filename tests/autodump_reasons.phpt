--TEST--
autodump: every output format's file says why it was written (signal, growth)
--DESCRIPTION--
Every memprof.output_format writes a complete file that says why it was
written (signal, growth); a signal dump starts the growth step again, as the
README says ("above the level of the previous automatic dump").
--ENV--
MEMPROF_PROFILE=1
--INI--
memprof.dump_signal=SIGUSR2
memprof.dump_on_growth=1M
memprof.max_dumps=50
memory_limit=128M
--EXTENSIONS--
memprof
posix
--FILE--
<?php
require __DIR__ . '/dump.inc';

$dir = sys_get_temp_dir() . '/memprof-reasons-' . getmypid();
mkdir($dir, 0700);
ini_set('memprof.output_dir', $dir);

function leak(int $kib) { static $kept = []; $kept[] = str_repeat('g', $kib * 1024 - 32); }
function signal_dump() {
    posix_kill(getmypid(), SIGUSR2);
    for ($i = 0; $i < 10; $i++) {      // the VM reaches a safe point
        usleep(1000);
    }
}
/* The new files since the last call, oldest first. */
function new_files(string $dir): array {
    static $seen = [];
    $files = array_values(array_diff(glob("$dir/memprof.*") ?: [], $seen));
    $seen = array_merge($seen, $files);
    usort($files, fn($a, $b) => (int) preg_replace('/^.*\.(\d+)\.[a-z.]+$/', '$1', basename($a))
        <=> (int) preg_replace('/^.*\.(\d+)\.[a-z.]+$/', '$1', basename($b)));
    return $files;
}
/* Why a dump says it was written, read as each format carries it. */
function reason(string $format, string $text): string {
    switch ($format) {
        case 'callgrind':
            return preg_match('/^desc: Trigger: (.*)$/m', $text, $m) ? $m[1] : 'NONE';
        case 'pprof':
            /* The last of the profile's comments (field 13, packed indexes
             * into the string table, field 6). */
            $strings = $comments = [];
            foreach (pprof_fields((string) gzdecode($text)) ?? [] as [$field, $type, $v]) {
                if ($field === 6) {
                    $strings[] = $v;
                } elseif ($field === 13) {
                    for ($pos = 0; $pos < strlen($v);) {
                        $comments[] = pprof_varint($v, $pos);
                    }
                }
            }
            return $comments ? $strings[end($comments)] ?? 'NONE' : 'NONE';
        case 'legacy':
            return preg_match('/^# memprof [^:]*: (.*)$/m', $text, $m) ? $m[1] : 'NONE';
        case 'speedscope':
            return json_decode($text, true)['name'] ?? 'NONE';
        case 'folded':
            return '(folded stacks have no header)';
    }
}
function show(string $format, string $file): void {
    $text = file_get_contents($file);
    /* memprof.PID[-TID].TIME.N.EXT (a thread-safe PHP adds the thread). */
    $ext = preg_replace('/^memprof\.\d+(?:-\d+)?\.\d{8}T\d{6}Z\.\d+\./', '', basename($file));
    /* The script's path first: the checkout's path may hold digits. */
    $reason = preg_replace(['/\d{4,}/', '/signal \d+ \([^)]*\)/'], ['N', 'signal USR2'],
        str_replace(__FILE__, 'FILE', reason($format, $text)));
    printf("  %s: %s; %s\n", $ext, dump_text_check($format, $text), $reason);
}

foreach (['callgrind' => 'callgrind', 'pprof' => 'pprof', 'pprof_legacy' => 'legacy', 'folded' => 'folded',
        'speedscope' => 'speedscope'] as $setting => $format) {
    ini_set('memprof.output_format', $setting);
    echo "$setting\n";
    signal_dump();
    foreach (new_files($dir) as $f) {
        show($format, $f);
    }
}

/* Growth: the step counts from the last automatic dump, a signal's too. */
ini_set('memprof.output_format', 'callgrind');
new_files($dir);
leak(1200);                            // over the first step: a growth dump
$growth1 = new_files($dir);
echo "after 1200 KiB: ", count($growth1), " growth dump\n";
show('callgrind', $growth1[0]);
leak(600);
signal_dump();                         // a signal dump at about 1.8 MiB
echo "signal: ", count(new_files($dir)), " dump\n";
leak(700);                             // 2.5 MiB: more than a step over the growth dump, less than one over the signal's
echo "after 700 KiB more: ", count(new_files($dir)), " dumps\n";
leak(400);                             // 2.9 MiB: a step over the signal's
echo "after 400 KiB more: ", count(new_files($dir)), " dump\n";

array_map('unlink', glob("$dir/*"));
rmdir($dir);
?>
--EXPECT--
callgrind
  callgrind: complete; memprof.dump_signal: signal USR2 received (live memory)
pprof
  pb.gz: complete; memprof.dump_signal: signal USR2 received
pprof_legacy
  heap: complete; live memory; memprof.dump_signal: signal USR2 received
folded
  folded: complete; (folded stacks have no header)
speedscope
  speedscope.json: complete; FILE: live memory; memprof.dump_signal: signal USR2 received
after 1200 KiB: 1 growth dump
  callgrind: complete; memprof.dump_on_growth: live memory grew to N bytes, N bytes or more over the last automatic dump (live memory)
signal: 1 dump
after 700 KiB more: 0 dumps
after 400 KiB more: 1 dump
