<?php

/* A program of 50,000 call paths (100,259 with the str_repeat() under each),
 * whose report scripts/test-viewers.sh opens: 250 functions, each calling 200
 * others once, each of those allocating a string that stays live. */
$keep = [];
$src = '';
for ($i = 0; $i < 250; $i++) {
    $src .= "function f$i(int \$k, array &\$keep): void {\n"
        . "    if (\$k < 0) { \$keep[] = str_repeat('x', 40 + $i); return; }\n"
        . "    for (\$j = 0; \$j < 200; \$j++) { ('f' . ((\$j + $i + 1) % 250))(-1, \$keep); }\n"
        . "}\n";
}
eval($src);
for ($i = 0; $i < 250; $i++) {
    ('f' . $i)(1, $keep);
}
echo count($keep), "\n";
