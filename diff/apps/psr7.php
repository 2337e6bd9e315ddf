<?php
// guzzlehttp/psr7 (php-guzzlehttp-psr7): build, serialise, parse and
// modify HTTP messages and URIs.
require '/usr/share/php/GuzzleHttp/Psr7/autoload.php';

use GuzzleHttp\Psr7\{Message, Request, Response, Uri, UriResolver, Utils, Query, MultipartStream};

$acc = '';
for ($i = 0; $i < 1500; $i++) {
    $uri = new Uri("https://user:pw@example.org:8443/a/b/../c/$i?x=$i&y[]=1&y[]=2#frag$i");
    $rel = UriResolver::resolve($uri, new Uri("../d/./e$i?z=" . ($i * 3)));
    $req = new Request('POST', $rel, ['X-Num' => (string) $i, 'Accept' => ['a/b', 'c/d']], "body $i " . str_repeat('.', $i % 50));
    $req = $req->withAddedHeader('X-Num', 'again')->withoutHeader('Accept');
    $text = Message::toString($req);
    $back = Message::parseRequest($text);
    $resp = new Response(200 + $i % 5, ['Content-Type' => 'text/plain'], Utils::streamFor(str_repeat("r$i", 20)));
    $acc .= $text . Message::toString($resp) . (string) $back->getUri()
        . json_encode(Query::parse($rel->getQuery())) . Query::build(['k' => $i, 'l' => [$i, $i + 1]]);
    if ($i % 300 === 0) {
        $multi = new MultipartStream([['name' => 'f', 'contents' => "data $i", 'filename' => 'f.txt']], "boundary$i");
        $acc .= (string) $multi;
        echo "$i: ", md5($acc), "\n";
    }
}
echo strlen($acc), ' bytes, ', md5($acc), "\n";
