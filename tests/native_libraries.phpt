--TEST--
native: SQLite3, GD and curl memory is under the PHP call that made it
--DESCRIPTION--
SQLite3 in-memory databases, GD images and curl handles kept by functions:
each library's memory is under the PHP call that made it, agrees with
glibc's own count, and leaves the profile when freed; a mark ($since) shows
only the native memory kept since.
--ENV--
GLIBC_TUNABLES=glibc.malloc.tcache_count=0
--EXTENSIONS--
memprof
sqlite3
gd
curl
ffi
--FILE--
<?php
require __DIR__ . '/native.inc';
native_malloc_used();

function make_db(int $rows): SQLite3 {
    $db = new SQLite3(':memory:');
    $db->exec('CREATE TABLE t(a TEXT)');
    $db->exec('BEGIN');
    for ($i = 0; $i < $rows; $i++) {
        $db->exec("INSERT INTO t VALUES ('" . str_repeat('s', 100) . "')");
    }
    $db->exec('COMMIT');
    return $db;
}
function make_image(int $w, int $h): GdImage { return imagecreatetruecolor($w, $h); }
function make_handles(int $n): array {
    $h = [];
    for ($i = 0; $i < $n; $i++) { $h[] = curl_init('http://127.0.0.1:9/'); }
    return $h;
}
function report(string $what, array $d, string $fn, ?int $delta): void {
    [$bytes, $blocks] = native_under($d, $fn);
    echo "$what: ", $bytes > 0 ? 'native memory under ' . $fn : 'NOTHING', ", ", native_agrees($bytes, $blocks, $delta), "\n";
}

memprof_enable(['native' => true]);
$u = native_malloc_used();
$db = make_db(2000);
$u2 = native_malloc_used();
report('sqlite', $d = memprof_dump_array(), 'SQLite3::exec', $u === null ? null : $u2 - $u);
echo "rows in the database: ", $db->querySingle('SELECT COUNT(*) FROM t'), "\n";

$u = native_malloc_used();
$img = make_image(600, 400);
$u2 = native_malloc_used();
report('gd', $d = memprof_dump_array(), 'imagecreatetruecolor', $u === null ? null : $u2 - $u);
[$gd] = native_under($d, 'imagecreatetruecolor');
/* A truecolor image is 4 bytes a pixel, plus a pointer a row. */
echo "gd: ", $gd >= 600 * 400 * 4 + 400 * 8 ? 'at least the pixels' : "only $gd bytes", "\n";

$u = native_malloc_used();
$handles = make_handles(10);
$u2 = native_malloc_used();
report('curl', $d = memprof_dump_array(), 'curl_init', $u === null ? null : $u2 - $u);

/* Leak hunting over native memory: what was kept since the mark. */
$mark = memprof_mark();
$kept = [make_image(100, 100), make_image(100, 100)];
$temp = make_image(300, 300);
unset($temp);
$since = memprof_dump_array($mark);
[$new] = native_under($since, 'imagecreatetruecolor');
/* Each: its pixels and row pointers, and the gdImage (palette tables:
 * some 7 KB); the freed 300x300 one (360 KB) is not there. */
echo "since the mark: ", $new >= 2 * (100 * 100 * 4 + 100 * 8) && $new < 2 * (100 * 100 * 4 + 100 * 8 + 16384) ? 'the two kept images' : "$new bytes", ", ";
echo "sqlite's memory: ", native_under($since, 'SQLite3::exec')[0], " bytes\n";

$db->close();
unset($db, $img, $handles, $kept);
$d = memprof_dump_array();
foreach (['SQLite3::exec', 'imagecreatetruecolor', 'curl_init'] as $fn) {
    echo "$fn after freeing: ", native_under($d, $fn)[0], " bytes\n";
}
memprof_disable();
?>
--EXPECT--
sqlite: native memory under SQLite3::exec, agrees with malloc
rows in the database: 2000
gd: native memory under imagecreatetruecolor, agrees with malloc
gd: at least the pixels
curl: native memory under curl_init, agrees with malloc
since the mark: the two kept images, sqlite's memory: 0 bytes
SQLite3::exec after freeing: 0 bytes
imagecreatetruecolor after freeing: 0 bytes
curl_init after freeing: 0 bytes
