--TEST--
sample: small sampled blocks in the page tier: estimate within 10%, 0 once freed
--DESCRIPTION--
300,000 small live blocks at a 64-byte interval (about 100,000 sampled, most
leaving the address map's nursery for its page tier): the live estimate is
within 10% of the truth, and once they are freed their path holds exactly 0
bytes in 0 blocks (a sampled block's record, whose estimate was added, is
what its free subtracts: the page tier keeps sampled records whole).
--INI--
memprof.sample_interval=64
memprof.sample_seed=3
memory_limit=-1
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';
function keep(int $i) { return str_repeat('k', 8 + $i % 40); }

memprof_enable(['sample' => true]);
$a = [];
for ($i = 0; $i < 300000; $i++) {
    $a[] = keep($i);
}
$n = memprof_test_node(memprof_dump_array(), [__FILE__, 'keep', 'str_repeat']);
$truth = 0;
foreach ($a as $s) {
    $truth += 32 + strlen($s);   /* str_repeat(): zend_string_safe_alloc() */
}
unset($s);   /* (it holds the last string, sampled or not as the allocation pattern goes) */
printf("live estimate within 10%%: %s\n", abs($n['memory_size'] - $truth) <= 0.1 * $truth ? 'yes' : "no: {$n['memory_size']} against $truth");
printf("sampled blocks: %s\n", $n['blocks_count'] > 70000 ? 'more than 70,000' : $n['blocks_count']);
$a = [];
$n = memprof_test_node(memprof_dump_array(), [__FILE__, 'keep', 'str_repeat']);
printf("after freeing them: %d bytes in %d blocks\n", $n['memory_size'], $n['blocks_count']);
?>
--EXPECT--
live estimate within 10%: yes
sampled blocks: more than 70,000
after freeing them: 0 bytes in 0 blocks
