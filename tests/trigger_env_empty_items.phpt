--TEST--
trigger: MEMPROF_PROFILE's empty items are ignored without a warning
--DESCRIPTION--
MEMPROF_PROFILE with empty items (",,1,", ",dump_on_limit,,", " , ,",
",,,"): empty items are ignored without a warning; only empty items means
off.
--EXTENSIONS--
memprof
--ENV--
MEMPROF_PROFILE=,,1,
--FILE--
<?php
echo "this request (,,1,): ", json_encode(memprof_enabled_flags()), ", ", json_encode(error_get_last()), "\n";

require __DIR__ . '/memprof.inc';
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
$so = memprof_test_module();
$code = 'echo json_encode(memprof_enabled_flags()), ", ", json_encode(error_get_last());';
foreach ([',dump_on_limit,,', ' , ,', ',,,', ',', ", \t,sample"] as $value) {
    $out = memprof_test_shell(sprintf('MEMPROF_PROFILE=%s %s -n -d extension=%s -d display_startup_errors=1 -r %s 2>&1',
        escapeshellarg($value), escapeshellarg($php), escapeshellarg($so), escapeshellarg($code)));
    printf("%s: %s\n", json_encode($value), trim($out));
}
?>
--EXPECT--
this request (,,1,): {"enabled":true,"native":false,"dump_on_limit":false,"sample":false}, null
",dump_on_limit,,": {"enabled":true,"native":false,"dump_on_limit":true,"sample":false}, null
" , ,": {"enabled":false,"native":false,"dump_on_limit":false,"sample":false}, null
",,,": {"enabled":false,"native":false,"dump_on_limit":false,"sample":false}, null
",": {"enabled":false,"native":false,"dump_on_limit":false,"sample":false}, null
", \t,sample": {"enabled":true,"native":false,"dump_on_limit":false,"sample":true}, null
