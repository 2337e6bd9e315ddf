<?php

namespace App;

use League\CommonMark\CommonMarkConverter;

/** Renders a post with a converter of its own (garbage cycles once done) and
 *  tells a static bus, which keeps the listener it registers (the leak). */
final class Publisher
{
    /** @var list<\Closure> */
    public static array $listeners = [];

    public function publish(string $markdown): string
    {
        $html = (string) (new CommonMarkConverter())->convert($markdown);
        $summary = substr(str_repeat(strip_tags($html), 8), 0, 250);
        if (SAMPLE_LEAKS) {
            self::$listeners[] = static function () use ($summary): int {
                return strlen($summary);
            };
        }
        return $html;
    }
}
