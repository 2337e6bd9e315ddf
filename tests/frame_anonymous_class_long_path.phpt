--TEST--
frame: two anonymous classes in a file with a very long path stay two functions
--DESCRIPTION--
Two anonymous classes in a file whose path is over 1,024 bytes long stay two
functions (the part of their generated names that differs is kept).
--EXTENSIONS--
memprof
--ENV--
MEMPROF_PROFILE=1
--FILE--
<?php
$dir = sys_get_temp_dir() . '/memprof-anon-' . getmypid();
$deep = $dir;
for ($i = 0; $i < 5; $i++) {
    $deep .= '/' . str_repeat(chr(ord('a') + $i), 240);
}
mkdir($deep, 0700, true);
$file = "$deep/classes.php";
file_put_contents($file, '<?php
return [
    new class { public function make() { return str_repeat("1", 1000); } },
    new class { public function make() { return str_repeat("2", 2000); } },
];
');
[$one, $two] = require $file;
$keep = [$one->make(), $two->make()];
printf("path length: %d\n", strlen($file));

$script = memprof_dump_array()['called_functions'][__FILE__]['called_functions'];
$makes = [];
foreach ($script as $name => $node) {
    if (str_ends_with($name, '::make')) {
        $makes[] = ($node['called_functions']['str_repeat']['memory_size'] ?? 0) . ' bytes, named after line '
            . (preg_match('~classes\.php:(\d+)\$~', $name, $m) ? $m[1] : '?');
    }
}
sort($makes);
echo count($makes), " make() nodes:\n", implode("\n", $makes), "\n";
unlink($file);
for ($p = $deep; $p !== $dir; $p = dirname($p)) {
    rmdir($p);
}
rmdir($dir);
?>
--EXPECTF--
path length: %d
2 make() nodes:
1032 bytes, named after line 3
2032 bytes, named after line 4
