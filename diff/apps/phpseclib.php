<?php
// phpseclib 2 (php-phpseclib): block ciphers, hashes and HMACs, big-integer
// arithmetic and RSA with fixed keys, all in PHP code.
require '/usr/share/php/phpseclib/autoload.php';
// Big integers in PHP code (1: MATH_BIGINTEGER_MODE_INTERNAL), not gmp or bcmath.
define('MATH_BIGINTEGER_MODE', 1);

use phpseclib\Crypt\{AES, Blowfish, TripleDES, Hash, RSA};
use phpseclib\Math\BigInteger;

$data = '';
for ($i = 0; $i < 2000; $i++) {
    $data .= sprintf("%05d:%s;", $i, md5((string) $i));
}
foreach (['AES' => new AES(AES::MODE_CBC), 'Blowfish' => new Blowfish(Blowfish::MODE_CTR),
    'TripleDES' => new TripleDES(TripleDES::MODE_CBC)] as $name => $c) {
    $c->setPreferredEngine(1); // CRYPT_ENGINE_INTERNAL: the PHP implementation
    $c->setKey(str_repeat('k', 24));
    $c->setIV(str_repeat("\x01", $c->getBlockLength() >> 3));
    $enc = $c->encrypt($data);
    echo "$name: ", md5($enc), ' ', $c->decrypt($enc) === $data ? 'round trip' : 'BROKEN', "\n";
}
foreach (['sha1', 'sha256', 'sha512', 'md5'] as $h) {
    $hash = new Hash($h);
    echo "$h: ", bin2hex($hash->hash($data)), "\n";
    $hash->setKey('secret');
    echo "hmac-$h: ", bin2hex($hash->hash($data)), "\n";
}
$a = new BigInteger('123456789012345678901234567890123456789');
$m = new BigInteger('170141183460469231731687303715884105727'); // 2^127 - 1
$x = new BigInteger(1);
for ($i = 0; $i < 60; $i++) {
    $x = $x->multiply($a)->add(new BigInteger($i))->modPow(new BigInteger(65537), $m);
}
echo 'bigint: ', $x->toString(), "\n";
// RSA with a key built from fixed primes (no randomness: raw textbook RSA).
$p = new BigInteger('12131072439211271897323671531612440428472427633701410925634549312301964373042085619324197365322416866541017057361365214171711713797974299334871062829803541');
$q = new BigInteger('12027524255478748885956220793734512128733387803682075433653899983955179850988797899869146900809131611153346817050832096022160146366346391812470987105415233');
$n = $p->multiply($q);
$e = new BigInteger(65537);
$phi = $p->subtract(new BigInteger(1))->multiply($q->subtract(new BigInteger(1)));
$d = $e->modInverse($phi);
$rsa = new RSA();
$rsa->loadKey(['n' => $n, 'e' => $e, 'd' => $d, 'primes' => [1 => $p, 2 => $q]]);
$rsa->setEncryptionMode(RSA::ENCRYPTION_NONE);
$sig = $rsa->decrypt(str_pad('message', 128, "\0", STR_PAD_LEFT));
echo 'rsa: ', md5((string) $sig), "\n";
