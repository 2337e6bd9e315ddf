<?php

/*
 * Builds dump/dump_html_template.h from dump/html/report.{html,css,js}: the
 * page with its style and script inline, cut where the profile's JSON goes
 * (memprof_dump_html() writes head, data, tail). The build runs it when a
 * source is newer (Makefile.frag); the header is committed, so a build
 * without a PHP binary at hand still works. --check: exit 1 when the
 * header is not what the sources give.
 *
 *   php scripts/gen-html.php [--check] [SRCDIR]
 */
declare(strict_types=1);

$args = array_slice($argv, 1);
$check = in_array('--check', $args, true);
$args = array_values(array_diff($args, ['--check']));
$dir = rtrim($args[0] ?? dirname(__DIR__), '/');

$read = static function (string $name) use ($dir): string {
    $text = file_get_contents("$dir/dump/html/$name");
    if ($text === false) {
        fwrite(STDERR, "gen-html.php: cannot read dump/html/$name\n");
        exit(2);
    }
    return $text;
};
$page = $read('report.html');
foreach (['/*@CSS@*/' => rtrim($read('report.css')), '/*@JS@*/' => rtrim($read('report.js'))] as $mark => $text) {
    if (substr_count($page, $mark) !== 1) {
        fwrite(STDERR, "gen-html.php: report.html must hold $mark once\n");
        exit(2);
    }
    if (str_contains($text, '</script') || str_contains($text, '</style')) {
        fwrite(STDERR, "gen-html.php: $mark's text would close its element\n");
        exit(2);
    }
    $page = str_replace($mark, $text, $page);
}
$parts = explode('/*@DATA@*/', $page);
if (count($parts) !== 2) {
    fwrite(STDERR, "gen-html.php: report.html must hold /*@DATA@*/ once\n");
    exit(2);
}

/* A C string literal, a line of the page a line of the literal. */
$literal = static function (string $text): string {
    $out = [];
    foreach (preg_split('/(?<=\n)/', $text, -1, PREG_SPLIT_NO_EMPTY) as $line) {
        $out[] = "\t\"" . addcslashes($line, "\\\"\n\t\r\0..\37\177..\377?") . '"';
    }
    return implode("\n", $out ?: ["\t\"\""]);
};
$header = <<<H
/*
 * dump_html_template.h: the HTML report's page around its data, made by
 * scripts/gen-html.php from dump/html/report.{html,css,js}. Do not edit:
 * edit those, the build makes this again.
 */
#ifndef MEMPROF_DUMP_HTML_TEMPLATE_H
#define MEMPROF_DUMP_HTML_TEMPLATE_H

static const char dump_html_head[] =
{$literal($parts[0])};

static const char dump_html_tail[] =
{$literal($parts[1])};

#endif

H;
$target = "$dir/dump/dump_html_template.h";
if ($check) {
    if (@file_get_contents($target) !== $header) {
        fwrite(STDERR, "dump/dump_html_template.h is not what dump/html/ gives: run php scripts/gen-html.php\n");
        exit(1);
    }
    exit(0);
}
/* Unchanged: only its time, so that make sees it made. */
if (@file_get_contents($target) === $header ? !touch($target) : file_put_contents($target, $header) === false) {
    fwrite(STDERR, "gen-html.php: cannot write $target\n");
    exit(2);
}
