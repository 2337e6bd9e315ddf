--TEST--
native: start with the request, dl(), fork, repeated sessions and sampling
--DESCRIPTION--
MEMPROF_PROFILE=native starts it with the request; an extension loaded later
with dl() is covered; a forked child tracks its own native memory; twenty
sessions on and off leave the entries as they were (libxml2's xmlMalloc word
read through FFI; a session without the flag sees no native memory);
sampling estimates native memory too.
--ENV--
MEMPROF_PROFILE=native
--EXTENSIONS--
memprof
dom
ffi
--SKIPIF--
<?php
if (!function_exists('pcntl_fork')) die('skip pcntl');
if (!is_file(ini_get('extension_dir') . '/gd.so')) die('skip gd.so is not installed (Debian: php8.2-gd)');
if (extension_loaded('gd')) die('skip gd is loaded already');
?>
--INI--
enable_dl=1
memprof.sample_interval=16K
--FILE--
<?php
require __DIR__ . '/native.inc';

function keep_doc(int $items): DOMDocument {
    $doc = new DOMDocument();
    $doc->loadXML('<r>' . str_repeat('<item a="x">text</item>', $items) . '</r>');
    return $doc;
}
function doc_bytes(): int { return native_under(memprof_dump_array(), 'DOMDocument::loadXML')[0]; }

echo json_encode(memprof_enabled_flags()), "\n";
$doc = keep_doc(1000);
$one = doc_bytes();
echo "from the request's start: ", $one > 100000 ? 'libxml2 memory' : "$one bytes", "\n";

/* Loaded after the entries were rewritten. */
var_dump(dl('gd.so'));
function make_image(): GdImage { return imagecreatetruecolor(200, 100); }
$img = make_image();
[$gd] = native_under(memprof_dump_array(), 'imagecreatetruecolor');
echo "gd loaded with dl(): ", $gd >= 200 * 100 * 4 ? 'its pixels are seen' : "$gd bytes", "\n";

/* A forked child starts a clean profile, natively too. */
$pid = pcntl_fork();
if ($pid === 0) {
    $child_doc = keep_doc(2000);
    $b = doc_bytes();
    /* The child's profile has only its own document. */
    exit($b > 1.5 * $one && $b < 2.5 * $one ? 0 : 1);
}
pcntl_waitpid($pid, $status);
echo "forked child: ", pcntl_wexitstatus($status) === 0 ? 'its own document only' : 'WRONG', "; parent still: ", doc_bytes() === $one ? 'the same' : 'CHANGED', "\n";
unset($doc, $img);
memprof_disable();

/* On and off: libxml2's allocator word (xmlMalloc = malloc, one of the
 * words memprof rewrites) holds memprof's function only while tracking. */
preg_match('~\s(/\S*/libxml2\.so[.\d]*)$~m', file_get_contents('/proc/self/maps'), $lib);   // libxml2.so.2, .so.16 ...
$xml = FFI::cdef('typedef void *(*xml_malloc_fn)(size_t); extern xml_malloc_fn xmlMalloc;', $lib[1]);
$word = fn() => $xml->cast('uintptr_t', $xml->xmlMalloc)->cdata;
$before = $word();
$during = [];
for ($i = 0; $i < 20; $i++) {
    memprof_enable(['native' => true]);
    $during[] = $word();
    $doc = keep_doc(200);
    $ok[] = doc_bytes() > 0;
    unset($doc);
    memprof_disable();
}
echo "20 sessions: ", count(array_filter($ok)), " saw libxml2 memory; xmlMalloc ",
    count(array_unique($during)) === 1 && $during[0] !== $before ? 'rewritten while tracking' : 'NOT REWRITTEN',
    ", ", $word() === $before ? 'written back after' : 'NOT WRITTEN BACK', "\n";
memprof_enable();
$doc = keep_doc(200);
echo "without the flag: ", count(memprof_test_paths_to(memprof_dump_array(), '{native}')), " native nodes\n";
unset($doc);
memprof_disable();

/* Sampling: unbiased estimates, natively too (one sample per 16 KiB on average). */
memprof_enable(['native' => true, 'sample' => true]);
$doc = keep_doc(20000);
$est = doc_bytes();
memprof_disable();
memprof_enable(['native' => true]);
$doc2 = keep_doc(20000);
$exact = doc_bytes();
memprof_disable();
echo "sampled estimate: ", abs($est - $exact) < 0.25 * $exact ? 'within 25%' : "$est for $exact", "\n";
?>
--EXPECT--
{"enabled":true,"native":true,"dump_on_limit":false,"sample":false}
from the request's start: libxml2 memory
bool(true)
gd loaded with dl(): its pixels are seen
forked child: its own document only; parent still: the same
20 sessions: 20 saw libxml2 memory; xmlMalloc rewritten while tracking, written back after
without the flag: 0 native nodes
sampled estimate: within 25%
