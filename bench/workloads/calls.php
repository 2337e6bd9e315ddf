<?php
// CPU/call-heavy workload (in the spirit of Zend/bench.php, own code):
// recursion, method calls, static calls, closures, string and array work.
// Allocates little: it measures what profiling costs per call.
// Prints one checksum line per section, the same in every configuration.
declare(strict_types=1);

function fib(int $n): int
{
    return $n < 2 ? $n : fib($n - 1) + fib($n - 2);
}

function ackermann(int $m, int $n): int
{
    if ($m === 0) {
        return $n + 1;
    }
    if ($n === 0) {
        return ackermann($m - 1, 1);
    }
    return ackermann($m - 1, ackermann($m, $n - 1));
}

function tak(int $x, int $y, int $z): int
{
    return $y < $x ? tak(tak($x - 1, $y, $z), tak($y - 1, $z, $x), tak($z - 1, $x, $y)) : $z;
}

final class Accumulator
{
    private int $total = 0;
    private int $count = 0;

    public function add(int $v): void
    {
        $this->total += $v;
        $this->count++;
    }

    public function mix(int $v): int
    {
        return $this->scale($v) ^ ($this->count & 0xff);
    }

    private function scale(int $v): int
    {
        return ($v * 31 + 7) & 0xffff;
    }

    public function total(): int
    {
        return $this->total;
    }
}

final class IntMath
{
    public static function gcd(int $a, int $b): int
    {
        return $b === 0 ? $a : self::gcd($b, $a % $b);
    }

    public static function clamp(int $v, int $lo, int $hi): int
    {
        return $v < $lo ? $lo : ($v > $hi ? $hi : $v);
    }
}

abstract class Shape
{
    abstract public function area(): int;
}

final class Rect extends Shape
{
    public function __construct(private int $w, private int $h) {}
    public function area(): int { return $this->w * $this->h; }
}

final class Tri extends Shape
{
    public function __construct(private int $b, private int $h) {}
    public function area(): int { return intdiv($this->b * $this->h, 2); }
}

function section_recursion(): string
{
    return sprintf('fib=%d ack=%d tak=%d', fib(30), ackermann(3, 7), tak(24, 16, 8));
}

function section_methods(): string
{
    $acc = new Accumulator();
    $x = 0;
    for ($i = 0; $i < 1000000; $i++) {
        $acc->add($i & 1023);
        $x += $acc->mix($i);
    }
    $shapes = [new Rect(3, 4), new Tri(5, 6), new Rect(7, 1), new Tri(2, 9)];
    $area = 0;
    for ($i = 0; $i < 400000; $i++) {
        $area += $shapes[$i & 3]->area();
    }
    return sprintf('total=%d mix=%d area=%d', $acc->total(), $x, $area);
}

function section_static(): string
{
    $g = 0;
    $c = 0;
    for ($i = 1; $i < 330000; $i++) {
        $g += IntMath::gcd($i * 7, 1071);
        $c += IntMath::clamp($i % 300, 50, 250);
    }
    return sprintf('gcd=%d clamp=%d', $g, $c);
}

function section_closures(): string
{
    $k = 3;
    $add = fn(int $a): int => $a + $k;
    $twice = function (callable $f): Closure {
        return fn(int $a): int => $f($f($a));
    };
    $add4 = $twice($twice($add));
    $s = 0;
    for ($i = 0; $i < 200000; $i++) {
        $s += $add4($i);
    }
    $data = range(1, 1000);
    $t = 0;
    for ($r = 0; $r < 80; $r++) {
        $t += array_sum(array_map(fn(int $v): int => $v * $r, array_filter($data, fn(int $v): bool => ($v & 1) === 0)));
        usort($data, fn(int $a, int $b): int => ($a % 17) <=> ($b % 17) ?: $a <=> $b);
    }
    return sprintf('compose=%d map=%d first=%d', $s, $t, $data[0]);
}

function section_strings(): string
{
    $h = 0;
    $words = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta'];
    for ($i = 0; $i < 300000; $i++) {
        $w = $words[$i & 7];
        $s = strtoupper($w) . '-' . $i . '-' . strrev($w);
        $h = ($h * 33 + strlen($s) + ord($s[$i % strlen($s)])) & 0xffffff;
        if (str_contains($s, 'TA')) {
            $h ^= substr_count($s, 'a');
        }
    }
    $csv = implode(',', range(0, 2000));
    for ($i = 0; $i < 250; $i++) {
        $parts = explode(',', $csv);
        $h = ($h + count($parts) + (int) $parts[$i]) & 0xffffff;
        $csv = implode(',', array_reverse($parts));
    }
    return sprintf('h=%d len=%d', $h, strlen($csv));
}

function section_arrays(): string
{
    // Sieve of Eratosthenes and a small matrix product.
    $n = 1000000;
    $sieve = array_fill(0, $n + 1, true);
    $sieve[0] = $sieve[1] = false;
    for ($i = 2; $i * $i <= $n; $i++) {
        if ($sieve[$i]) {
            for ($j = $i * $i; $j <= $n; $j += $i) {
                $sieve[$j] = false;
            }
        }
    }
    $primes = count(array_filter($sieve));
    $m = 60;
    $a = $b = [];
    for ($i = 0; $i < $m; $i++) {
        for ($j = 0; $j < $m; $j++) {
            $a[$i][$j] = ($i + $j) % 7;
            $b[$i][$j] = ($i * $j) % 5;
        }
    }
    $trace = 0;
    for ($i = 0; $i < $m; $i++) {
        for ($j = 0; $j < $m; $j++) {
            $sum = 0;
            for ($k = 0; $k < $m; $k++) {
                $sum += $a[$i][$k] * $b[$k][$j];
            }
            if ($i === $j) {
                $trace += $sum;
            }
        }
    }
    $assoc = [];
    for ($i = 0; $i < 300000; $i++) {
        $key = 'k' . ($i % 5000);
        $assoc[$key] = ($assoc[$key] ?? 0) + $i;
    }
    ksort($assoc);
    return sprintf('primes=%d trace=%d assoc=%d', $primes, $trace, array_sum($assoc));
}

foreach (['recursion', 'methods', 'static', 'closures', 'strings', 'arrays'] as $name) {
    echo $name, ': ', ('section_' . $name)(), "\n";
}
