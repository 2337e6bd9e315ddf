--TEST--
native: libcurl's resolver threads are passed on, never recorded
--DESCRIPTION--
Libcurl's resolver threads allocate and free through the rewritten entries
while the PHP thread parses XML; their calls are passed on, never recorded,
and the program's results are those of a run without memprof (the transfers
all fail the same ways: unresolved, refused, or timed out where the machine
cannot resolve its own name).
--EXTENSIONS--
memprof
dom
curl
--SKIPIF--
<?php
$v = curl_version();
if (!($v['features'] & CURL_VERSION_ASYNCHDNS) || !empty($v['ares'])) die('skip libcurl without the threaded resolver');
?>
--FILE--
<?php
require __DIR__ . '/native.inc';

/* Names the resolver must look up (not "localhost", which curl answers
 * itself), on a closed port: each handle's lookup runs in a thread. */
function run(bool $profile): string {
    if ($profile) {
        memprof_enable(['native' => true]);
    }
    $mh = curl_multi_init();
    $handles = [];
    for ($round = 0; $round < 4; $round++) {
        for ($i = 0; $i < 8; $i++) {
            $h = curl_init('http://' . gethostname() . ':9/' . $i);
            curl_setopt($h, CURLOPT_TIMEOUT_MS, 1500);
            curl_setopt($h, CURLOPT_RETURNTRANSFER, true);
            curl_setopt($h, CURLOPT_DNS_CACHE_TIMEOUT, 0);
            curl_multi_add_handle($mh, $h);
            $handles[] = $h;
        }
        $docs = [];
        do {
            curl_multi_exec($mh, $running);
            /* The PHP thread allocates natively meanwhile. */
            $d = new DOMDocument();
            $d->loadXML('<r>' . str_repeat('<i>x</i>', 300) . '</r>');
            $docs[] = $d->getElementsByTagName('i')->length;
            curl_multi_select($mh, 0.01);
        } while ($running);
    }
    $codes = [];
    while ($info = curl_multi_info_read($mh)) {
        $codes[] = $info['result'];
    }
    foreach ($handles as $h) {
        curl_multi_remove_handle($mh, $h);
    }
    /* 6: not resolved, 7: refused, 28: timed out: which one depends on
     * the machine's resolver, not on memprof. */
    $known = count(array_filter($codes, fn($c) => in_array($c, [6, 7, 28], true)));
    $result = count($handles) . ' transfers, ' . count($codes) . ' finished, ' . $known . ' failed as expected'
        . ', documents of ' . json_encode(array_unique($docs));
    if ($profile) {
        $d = memprof_dump_array();
        [$xml] = native_under($d, 'DOMDocument::loadXML');
        echo "profiled: ", $xml > 0 ? 'libxml2 memory under loadXML' : 'NOTHING', "\n";
        memprof_disable();
    }
    unset($handles, $h, $mh);
    return $result;
}

$plain = run(false);
$profiled = run(true);
echo $plain === $profiled ? "same results with and without memprof\n" : "DIFFERENT:\n$plain\n$profiled\n";
echo $profiled, "\n";
?>
--EXPECT--
profiled: libxml2 memory under loadXML
same results with and without memprof
32 transfers, 32 finished, 32 failed as expected, documents of [300]
