<?php
// Symfony YAML (php-symfony-yaml): dump a generated document in several
// styles and parse it back.
require '/usr/share/php/Symfony/Component/Yaml/autoload.php';

use Symfony\Component\Yaml\Yaml;

$doc = [];
for ($i = 0; $i < 200; $i++) {
    $doc["service_$i"] = [
        'class' => "App\\Service\\Thing$i",
        'arguments' => ["@dep_" . ($i * 7 % 200), '%param_' . ($i % 13) . '%', $i * 1.5, $i % 2 === 0],
        'tags' => [['name' => 'kernel.event_listener', 'priority' => $i - 200], ['name' => "tag$i"]],
        'text' => str_repeat("line $i\n", $i % 5 + 1),
    ];
}
$yaml = Yaml::dump($doc, 6, 2, Yaml::DUMP_MULTI_LINE_LITERAL_BLOCK);
$back = Yaml::parse($yaml);
echo 'round trip: ', $back === $doc ? 'same' : 'DIFFERENT', ', ', strlen($yaml), " bytes\n";

foreach ([0, Yaml::DUMP_OBJECT_AS_MAP, Yaml::DUMP_EXCEPTION_ON_INVALID_TYPE | Yaml::DUMP_NULL_AS_TILDE] as $flags) {
    foreach ([2, 5] as $inline) {
        $text = Yaml::dump($doc, $inline, 4, $flags);
        $again = Yaml::parse($text, Yaml::PARSE_CONSTANT);
        echo "flags $flags, inline $inline: ", strlen($text), ' bytes, ', md5($text), $again === $doc ? '' : ' DIFFERENT', "\n";
    }
}
