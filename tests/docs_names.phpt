--TEST--
docs: the memprof_*() functions and memprof.* INI settings the docs name exist, as docs/api.md says
--DESCRIPTION--
Against the module itself (a child PHP started with -n: the built-in
defaults):
- every memprof_name() in README.md, docs/*.md and phpunit/README.md is a
  function of the module, and every memprof.name setting there and in
  CONTRIBUTING.md and INTERNALS.md is one of its INI settings (or, in a
  build without --enable-memprof-debug, one of ini.c's debug-only ones);
- docs/api.md's function table has a row for each function, with the
  signature reflection gives, and its INI table a row for each setting,
  with its default and where it can be changed;
- README.md's sentence on the dumps' parameters: every memprof_dump_*()
  takes $since and $peak, and the functions it lists as taking $retainers,
  $lines and $retained are exactly those that do.
--SKIPIF--
<?php
if (!is_file(dirname(__DIR__) . '/README.md') || !is_file(dirname(__DIR__) . '/docs/api.md')) {
    die('skip not in a checkout (no README.md or docs/api.md)');
}
?>
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';
$root = dirname(__DIR__);
$read = fn(string $f) => (string) file_get_contents("$root/$f");
$user = array_merge(['README.md'], array_map(fn($f) => 'docs/' . basename($f), glob("$root/docs/*.md")),
    is_file("$root/phpunit/README.md") ? ['phpunit/README.md'] : []);
$funcs = get_extension_funcs('memprof');
$ini = unserialize((string) shell_exec(sprintf('%s -n -d extension=%s -r %s', escapeshellarg(PHP_BINARY),
    escapeshellarg(memprof_test_module()), escapeshellarg('echo serialize(ini_get_all("memprof"));'))));
if (!is_array($ini) || !$ini) {
    echo "no INI settings from the child PHP\n";
    $ini = [];
}
/* Settings only a debug build has (ini.c's #ifdef MEMPROF_DEBUG), documented apart from docs/api.md's table. */
$debug = preg_grep('/^memprof\.debug_/', array_keys($ini));
if (is_file("$root/ini.c") && preg_match('/^#ifdef MEMPROF_DEBUG\n(.*?)^#endif/ms', strstr($read('ini.c'), 'PHP_INI_BEGIN()') ?: '', $m)) {
    preg_match_all('/"(memprof\.\w+)"/', $m[1], $d);
    $debug = $d[1];
}

/* Names in the docs. */
$bad = [];
foreach ($user as $f) {
    preg_match_all('/\bmemprof_([a-z][a-z_]*[a-z])\(/', $read($f), $m);
    foreach (array_unique($m[0]) as $call) {
        if (!in_array(substr($call, 0, -1), $funcs, true)) {
            $bad[] = "$f: $call) is no function of the module";
        }
    }
}
foreach (array_merge($user, ['CONTRIBUTING.md', 'INTERNALS.md']) as $f) {
    /* Not a file name (memprof.so, memprof.c, a dump's memprof.callgrind.*) nor a dump's cause ("memprof.dump_on_limit: ..."). */
    preg_match_all('/\bmemprof\.([a-z][a-z_]*)(?![\w.:*-])/', is_file("$root/$f") ? $read($f) : '', $m);
    foreach (array_unique($m[1]) as $name) {
        if (!in_array($name, ['so', 'c', 'h', 'inc', 'stub', 'ini'], true) && !isset($ini["memprof.$name"]) && !in_array("memprof.$name", $debug, true)) {
            $bad[] = "$f: memprof.$name is no INI setting of the module";
        }
    }
}
echo $bad ? implode("\n", $bad) . "\n" : "names in the docs: functions and INI settings of the module\n";

/* docs/api.md's function table: each function, its signature. */
$api = $read('docs/api.md');
preg_match_all('/^\| `(memprof_\w+)\((.*?)\): (\w+)` \|/m', $api, $rows, PREG_SET_ORDER);
$documented = array_column($rows, 0, 1);
$bad = [];
foreach ($funcs as $fn) {
    $r = new ReflectionFunction($fn);
    $params = array_map(fn(ReflectionParameter $p) => ltrim($p->getType() . ' $' . $p->getName())
        . ($p->isDefaultValueAvailable() ? ' = ' . match (true) {
            is_bool($p->getDefaultValue()) => $p->getDefaultValue() ? 'true' : 'false',
            $p->getDefaultValue() === [] => '[]',
            default => var_export($p->getDefaultValue(), true),
        } : ''), $r->getParameters());
    $row = "| `$fn(" . implode(', ', $params) . '): ' . $r->getReturnType() . '` |';
    if (!isset($documented[$fn])) {
        $bad[] = "docs/api.md: no row for $fn(), $row";
    } elseif ($documented[$fn] !== $row) {
        $bad[] = "docs/api.md: {$documented[$fn]}, reflection: $row";
    }
}
foreach (array_diff(array_keys($documented), $funcs) as $fn) {
    $bad[] = "docs/api.md: a row for $fn(), no function of the module";
}
echo $bad ? implode("\n", $bad) . "\n" : "docs/api.md: every function, with its signature\n";

/* docs/api.md's INI table: each setting, its default, where it can be changed. */
preg_match_all('/^\| `(memprof\.\w+)` \| `([^`]*)`[^|]* \| ([^|]+) \|/m', $api, $rows, PREG_SET_ORDER);
$bad = [];
$where = ['anywhere' => INI_ALL, 'php.ini, pool' => INI_SYSTEM | INI_PERDIR];
$documented = [];
foreach ($rows as [, $name, $default, $changeable]) {
    $documented[$name] = true;
    if (!isset($ini[$name])) {
        $bad[] = "docs/api.md: a row for $name, no INI setting of the module";
    } elseif ($ini[$name]['global_value'] !== $default || ($where[trim($changeable)] ?? null) !== $ini[$name]['access']) {
        $bad[] = sprintf("docs/api.md: %s: default `%s`, %s; the module: `%s`, access %d", $name, $default, trim($changeable),
            $ini[$name]['global_value'], $ini[$name]['access']);
    }
}
foreach (array_diff(array_keys($ini), array_keys($documented), $debug) as $name) {
    $bad[] = "docs/api.md: no row for $name";
}
echo $bad ? implode("\n", $bad) . "\n" : "docs/api.md: every INI setting, with its default and where it can be changed\n";

/* README.md: which dumps take which parameter. */
$dumps = preg_grep('/^memprof_dump_/', $funcs);
$takes = fn(string $param) => array_values(array_filter($dumps,
    fn($fn) => in_array($param, array_map(fn($p) => $p->getName(), (new ReflectionFunction($fn))->getParameters()), true)));
$readme = preg_replace('/\s+/', ' ', $read('README.md'));
$bad = [];
if (!str_contains($readme, 'Every dump takes `$since` (a mark) and `$peak`')) {
    $bad[] = 'README.md: no "Every dump takes `$since` (a mark) and `$peak`"';
} elseif ($takes('since') !== array_values($dumps) || $takes('peak') !== array_values($dumps)) {
    $bad[] = 'README.md: every dump takes $since and $peak; these do not: '
        . implode(', ', array_diff($dumps, array_intersect($takes('since'), $takes('peak'))));
}
foreach (['retainers', 'lines', 'retained'] as $param) {
    /* "`memprof_dump_a()`, `memprof_dump_b()` and `memprof_dump_c()` also take `$param`" */
    if (!preg_match('/((?:`memprof_dump_\w+\(\)`(?:, | and )?)+) (?:also )?takes? `\$' . $param . '`/', $readme, $m)) {
        $bad[] = "README.md: no \"`memprof_dump_...()` ... take(s) `\$$param`\"";
        continue;
    }
    preg_match_all('/memprof_dump_\w+(?=\(\))/', $m[1], $listed);
    $want = $takes($param);
    if (array_diff($listed[0], $want) || array_diff($want, $listed[0])) {
        $bad[] = "README.md: " . implode(', ', $listed[0]) . " take \$$param; the module: " . implode(', ', $want);
    }
}
echo $bad ? implode("\n", $bad) . "\n" : "README.md: the dumps that take each parameter\n";
?>
--EXPECT--
names in the docs: functions and INI settings of the module
docs/api.md: every function, with its signature
docs/api.md: every INI setting, with its default and where it can be changed
README.md: the dumps that take each parameter
