--TEST--
native: FFI's malloc() and free() are seen on the calling line
--DESCRIPTION--
FFI's malloc() and free() are seen (scopes declared while tracking get
memprof's functions from dlsym(); every scope's calls go through ffi_call(),
where memprof swaps the allocator): exact bytes on the calling line, gone
when FFI frees them, also PHP's persistent blocks freed through FFI; other
lookups stay the caller's own.
--EXTENSIONS--
memprof
ffi
--INI--
ffi.enable=1
--FILE--
<?php
require __DIR__ . '/native.inc';
require __DIR__ . '/dump.inc';

const DECL = 'void *malloc(size_t); void free(void *);';
const MODULE = 'typedef struct { unsigned short size; unsigned int zend_api; unsigned char zend_debug, zts;
    const void *ini_entry, *deps; const char *name; } mp_module; mp_module *get_module(void);';

function grab(FFI $ffi, int $n): FFI\CData {
    return $ffi->malloc($n); // grab line
}
/* A persistent CData: PHP's own malloc() (pemalloc), which memprof records. */
function keep(int $n): FFI\CData {
    return plain()->new("char[$n]", false, true);
}
/* FFI::new() called statically is deprecated from PHP 8.3 on: an instance's. */
function plain(): FFI {
    static $ffi;
    return $ffi ??= FFI::cdef();
}
function held(string $fn): string {
    [$bytes, $blocks] = native_under(memprof_dump_array(), $fn);
    return "$bytes bytes in $blocks blocks";
}
/* A pointer's value (FFI::cast() of a pointer to an integer reads the memory it points to). */
function addr(FFI\CData $p): int {
    $u = plain()->new('uintptr_t');
    FFI::memcpy(FFI::addr($u), FFI::addr($p), PHP_INT_SIZE);
    return $u->cdata;
}

/* Declared before profiling: dlsym() gave it the C library's functions. */
$early = FFI::cdef(DECL);
$mod = FFI::cdef(MODULE);
$module_before = FFI::string($mod->get_module()->name);
/* Where the global scope's malloc() is not the C library's (valgrind's or
 * ASAN's preloaded allocator), what FFI's own module finds first depends
 * on how it was loaded: memprof leaves that lookup alone. */
$dl = FFI::cdef('void *dlopen(const char *, int); void *dlsym(void *, const char *);');
$libc = FFI::cdef('void *malloc(size_t);', 'libc.so.6');
$ambiguous = addr($dl->dlsym($dl->dlopen(null, 1), 'malloc')) !== addr($libc->malloc);

var_dump(memprof_enable(['native' => true]));
$late = FFI::cdef(DECL);
$mod2 = FFI::cdef(MODULE);
echo "get_module() looked up while tracking: ", FFI::string($mod2->get_module()->name) === $module_before
    ? "the caller's own ($module_before)" : 'WRONG: ' . FFI::string($mod2->get_module()->name), "\n";
$hooked = addr($late->malloc) !== addr($early->malloc);
echo "malloc() looked up while tracking: ", $hooked === !$ambiguous ? 'as expected' : 'WRONG', "\n";

$p = grab($late, 100 << 20);
echo "declared while tracking, malloc: ", held('grab'), "\n";
$line = dump_line_of(__FILE__, '// grab line');
$f = fopen('php://memory', 'w+');
memprof_dump_folded($f, lines: true);
rewind($f);
$sum = 0;
foreach (folded_parse(stream_get_contents($f))['lines'] as [$frames, $n]) {
    if (array_slice($frames, -2) === ["grab:$line", '{native}']) {
        $sum += $n;
    }
}
echo "on grab's line: $sum bytes\n";
$late->free($p);
echo "free: ", held('grab'), "\n";

$p = grab($early, 50 << 20);
echo "declared before, malloc: ", held('grab'), "\n";
$early->free($p);
echo "free: ", held('grab'), "\n";

$c = keep(3 << 20);
echo "persistent CData: ", held('FFI::new'), "\n";
$late->free(FFI::addr($c[0]));
echo "freed through FFI (declared while tracking): ", held('FFI::new'), "\n";
$c = keep(3 << 20);
$early->free(FFI::addr($c[0]));
echo "freed through FFI (declared before): ", held('FFI::new'), "\n";
echo "native memory held: ", native_total(memprof_dump_array()) < (1 << 20) ? 'under 1 MiB' : native_total(memprof_dump_array()), "\n";
memprof_disable();

/* memprof's functions handed out stay callable after the session: they forward. */
$p = $late->malloc(1000);
FFI::memset($p, 1, 1000);
$late->free($p);
echo "after the session: ", addr($late->malloc) === addr($mod2->get_module) ? 'WRONG' : 'malloc() and free() still work', "\n";
?>
--EXPECT--
bool(true)
get_module() looked up while tracking: the caller's own (FFI)
malloc() looked up while tracking: as expected
declared while tracking, malloc: 104857600 bytes in 1 blocks
on grab's line: 104857600 bytes
free: 0 bytes in 0 blocks
declared before, malloc: 52428800 bytes in 1 blocks
free: 0 bytes in 0 blocks
persistent CData: 3145728 bytes in 1 blocks
freed through FFI (declared while tracking): 0 bytes in 0 blocks
freed through FFI (declared before): 0 bytes in 0 blocks
native memory held: under 1 MiB
after the session: malloc() and free() still work
