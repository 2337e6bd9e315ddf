<?php
/*
 * flamegraph.php: turns folded stacks (memprof_dump_folded(), or any
 * "frame;frame;...;leaf <integer>" lines) into a self-contained SVG flame
 * graph of live bytes. Needs only the PHP CLI, not the extension.
 *
 * Usage:
 *   php scripts/flamegraph.php [options] [profile.folded]  > profile.svg
 *   php scripts/flamegraph.php -o profile.svg profile.folded
 *   ... | php scripts/flamegraph.php -o profile.svg          (no file, or "-": stdin)
 *
 * Options:
 *   -o FILE           write the SVG to FILE (default: stdout)
 *   --title TEXT      heading (default: "Live memory by call path")
 *   --width PX        image width (default: 1200)
 *   --inverted        icicle graph: root at the top (default: root at the bottom,
 *                     callees stacked above their callers)
 *   --min-width PX    leave out frames narrower than this (default: 0.1); their
 *                     bytes stay in their caller's width
 *   -h, --help        this text
 *
 * Reading the graph: each box is a call path; its width is the live bytes
 * held by that path and everything it called (the root "all" is the
 * total); the part of a box not covered by boxes above it is what the
 * function holds itself. Siblings are sorted by name, so the x order means
 * nothing. Colors are a hash of the function name (the same function has
 * the same color everywhere). Hover a box for its full call path, bytes
 * and percent of the total (also in the status line at the bottom); click
 * to zoom into it, click "Reset zoom" (or the root) to go back.
 *
 * Lines that are empty or start with '#' are skipped; malformed lines are
 * reported on stderr and skipped. Exit status: 0; 1 when the input cannot
 * be read or the output written; 2 on bad usage.
 */

const FG_FRAME_HEIGHT = 17;
const FG_FONT_SIZE = 12;
const FG_CHAR_WIDTH = 0.59 * FG_FONT_SIZE;   /* average glyph width of the font, in px */
const FG_PAD_X = 10;
const FG_PAD_TOP = 58;
const FG_PAD_BOTTOM = 34;

function fg_usage(): string
{
    $lines = file(__FILE__);
    $out = '';
    for ($i = 2; $i < count($lines) && !str_starts_with(trim($lines[$i]), '*/'); $i++) {
        $out .= preg_replace('/^ \* ?/', '', $lines[$i]);
    }
    return $out;
}

function fg_fail(string $message, int $status = 1): never
{
    fwrite(STDERR, "flamegraph.php: $message\n");
    exit($status);
}

/** Parses the command line: [options, input file or null]. */
function fg_args(array $argv): array
{
    $opt = ['o' => null, 'title' => 'Live memory by call path', 'width' => 1200,
        'inverted' => false, 'min_width' => 0.1];
    $input = null;
    $need = function (int &$i) use (&$argv): string {
        if (!isset($argv[$i + 1])) {
            fg_fail("{$argv[$i]} needs a value (see --help)", 2);
        }
        return $argv[++$i];
    };
    for ($i = 1; $i < count($argv); $i++) {
        $a = $argv[$i];
        if (preg_match('/^(--[a-z-]+)=(.*)$/s', $a, $m)) {
            array_splice($argv, $i, 1, [$m[1], $m[2]]);
            $a = $m[1];
        }
        switch ($a) {
            case '-h':
            case '--help':
                echo fg_usage();
                exit(0);
            case '-o':
            case '--output':
                $opt['o'] = $need($i);
                break;
            case '--title':
                $opt['title'] = $need($i);
                break;
            case '--width':
                $opt['width'] = (int) $need($i);
                if ($opt['width'] < 200) {
                    fg_fail('--width must be at least 200', 2);
                }
                break;
            case '--inverted':
                $opt['inverted'] = true;
                break;
            case '--min-width':
                $opt['min_width'] = (float) $need($i);
                break;
            default:
                if ($a !== '-' && str_starts_with($a, '-')) {
                    fg_fail("unknown option $a (see --help)", 2);
                }
                if ($input !== null) {
                    fg_fail('one input file at most (see --help)', 2);
                }
                $input = $a;
        }
    }
    return [$opt, $input === '-' ? null : $input];
}

/**
 * Reads folded lines into a tree of nodes merged by path prefix:
 * node = ['name' => string, 'value' => inclusive bytes, 'self' => bytes, 'children' => [name => node]].
 */
function fg_read($in, string $source): array
{
    $root = ['name' => 'all', 'value' => 0, 'self' => 0, 'children' => []];
    $no = 0;
    while (($line = fgets($in)) !== false) {
        $no++;
        $line = rtrim($line, "\r\n");
        if ($line === '' || $line[0] === '#') {
            continue;
        }
        if (!preg_match('/^(.*\S) +(\d+)$/', $line, $m) || $m[2] > PHP_INT_MAX) {
            fwrite(STDERR, "flamegraph.php: $source:$no: not \"frame;...;frame <integer>\", skipped\n");
            continue;
        }
        $value = (int) $m[2];
        if ($value === 0) {
            continue;
        }
        $node = &$root;
        $node['value'] += $value;
        foreach (explode(';', $m[1]) as $frame) {
            $node['children'][$frame] ??= ['name' => $frame, 'value' => 0, 'self' => 0, 'children' => []];
            $node = &$node['children'][$frame];
            $node['value'] += $value;
        }
        $node['self'] += $value;
        unset($node);
    }
    return $root;
}

/** Text made safe for XML 1.0 (escaped, no control characters, valid UTF-8). */
function fg_xml(string $s): string
{
    $s = preg_replace('/[\x00-\x08\x0B\x0C\x0E-\x1F\x7F]/', '?', $s);
    return htmlspecialchars($s, ENT_XML1 | ENT_QUOTES | ENT_SUBSTITUTE, 'UTF-8');
}

/** A shorter label for file names: directories dropped ("/a/b/x.php" -> "x.php"). */
function fg_short(string $name): string
{
    return preg_replace('#(?<![\w.-])/(?:[^/\s():]*/)+#', '', $name);
}

/** Length in characters (UTF-8; bytes when not valid UTF-8). No mbstring needed. */
function fg_strlen(string $s): int
{
    $n = preg_match_all('/./us', $s);
    return $n === false ? strlen($s) : $n;
}

/** The first $n characters (UTF-8; bytes when not valid UTF-8). */
function fg_prefix(string $s, int $n): string
{
    return preg_match('/^.{0,' . max(0, $n) . '}/us', $s, $m) ? $m[0] : substr($s, 0, max(0, $n));
}

/** The label that fits $px pixels: the name, its short form, or a truncated short form. */
function fg_label(string $name, float $px): string
{
    $fit = (int) floor(($px - 6) / FG_CHAR_WIDTH);
    if ($fit < 3) {
        return '';
    }
    foreach ([$name, fg_short($name)] as $candidate) {
        if (fg_strlen($candidate) <= $fit) {
            return $candidate;
        }
    }
    return fg_prefix(fg_short($name), $fit - 2) . '..';
}

/** A warm color from a hash of the name, the same for the same name. */
function fg_color(string $name): string
{
    if ($name === 'all') {
        return 'rgb(200,200,205)';
    }
    $h = crc32($name);
    $r = 200 + ($h & 0x3f) % 56;
    $g = 80 + (($h >> 8) & 0xff) % 150;
    $b = 40 + (($h >> 16) & 0xff) % 50;
    return "rgb($r,$g,$b)";
}

/** A call path for a tooltip: outermost first, the middle elided when very deep. */
function fg_path(array $path): string
{
    if (count($path) > 30) {
        $path = array_merge(array_slice($path, 0, 10), ['... ' . (count($path) - 30) . ' frames ...'], array_slice($path, -20));
    }
    return implode(' > ', $path);
}

/**
 * Lays out a node and its children (depth-first, siblings sorted by name):
 * appends [x, width, depth, node name, tooltip] per frame wide enough to draw.
 */
function fg_layout(array $node, array &$path, int $depth, float $x, array $ctx, array &$out): void
{
    $w = $node['value'] / $ctx['total'] * $ctx['plot_width'];
    if ($w < $ctx['min_width']) {
        return;
    }
    $pct = sprintf('%.2f', 100 * $node['value'] / $ctx['total']);
    $out[] = [$x, $w, $depth, $node['name'], $node['name'] . "\n"
        . ($path ? fg_path($path) : 'all call paths') . "\n"
        . number_format($node['value']) . " bytes ($pct%), self " . number_format($node['self']) . ' bytes'];
    $children = $node['children'];
    ksort($children, SORT_STRING);
    foreach ($children as $child) {
        $path[] = $child['name'];
        fg_layout($child, $path, $depth + 1, $x, $ctx, $out);
        array_pop($path);
        $x += $child['value'] / $ctx['total'] * $ctx['plot_width'];
    }
}

function fg_svg(array $root, array $opt, string $source): string
{
    $total = $root['value'];
    $width = $opt['width'];
    $ctx = ['total' => max($total, 1), 'plot_width' => $width - 2 * FG_PAD_X, 'min_width' => $opt['min_width']];
    $layout = [];
    $path = [];
    if ($total > 0) {
        fg_layout($root, $path, 0, FG_PAD_X, $ctx, $layout);
    }
    $depth = $layout ? max(array_column($layout, 2)) + 1 : 1;
    $height = FG_PAD_TOP + $depth * FG_FRAME_HEIGHT + FG_PAD_BOTTOM;
    $frames = [];
    foreach ($layout as [$x, $w, $d, $name, $title]) {
        $y = $opt['inverted']
            ? FG_PAD_TOP + $d * FG_FRAME_HEIGHT
            : $height - FG_PAD_BOTTOM - ($d + 1) * FG_FRAME_HEIGHT;
        $frames[] = sprintf(
            '<g class="f" data-x="%.6F" data-w="%.6F" data-d="%d"><title>%s</title>'
            . '<rect x="%.2F" y="%d" width="%.2F" height="%d" fill="%s" rx="2" ry="2"/>'
            . '<text x="%.2F" y="%d">%s</text></g>',
            ($x - FG_PAD_X) / $ctx['plot_width'], $w / $ctx['plot_width'], $d, fg_xml($title),
            $x, $y, $w, FG_FRAME_HEIGHT - 1, fg_color($name),
            $x + 3, $y + FG_FRAME_HEIGHT - 5, fg_xml(fg_label($name, $w)));
    }
    unset($layout);
    $heading = $opt['title'];
    $summary = $total > 0
        ? number_format($total) . ' bytes live in ' . number_format(count($frames)) . ' frames'
        : 'no live bytes in the input';
    $sub = ($opt['inverted'] ? 'root at the top' : 'root at the bottom')
        . ', width = live bytes held by the call path and its callees. Source: '
        . basename($source);
    $font = FG_FONT_SIZE;
    $char_w = FG_CHAR_WIDTH;
    $pad_x = FG_PAD_X;
    $plot_w = $width - 2 * FG_PAD_X;
    $status_y = $height - 12;
    $body = implode("\n", $frames);
    $hint = $total > 0 ? 'Hover a frame for its call path and bytes, click it to zoom in.' : '';
    $doc_title = fg_xml("$heading: $summary");
    [$heading, $summary, $sub] = [fg_xml($heading), fg_xml($summary), fg_xml($sub)];

    return <<<SVG
<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="$width" height="$height" viewBox="0 0 $width $height" data-total="$total">
<title>$doc_title</title>
<style>
  text { font-family: Verdana, "DejaVu Sans", Arial, sans-serif; font-size: {$font}px; fill: #000; }
  .f text { pointer-events: none; }
  .f:hover rect { stroke: #000; stroke-width: 0.8; cursor: pointer; }
  #heading { font-size: 17px; font-weight: bold; }
  #sub, #status { fill: #444; }
  #reset { fill: #0645ad; cursor: pointer; display: none; }
</style>
<rect x="0" y="0" width="$width" height="$height" fill="#fbfbf6"/>
<text id="heading" x="$pad_x" y="22">$heading</text>
<text id="total" x="$pad_x" y="40">$summary</text>
<text id="sub" x="$pad_x" y="54" style="font-size: 11px">$sub</text>
<text id="reset" x="{$plot_w}" y="22" text-anchor="end">Reset zoom</text>
<g id="frames">
$body
</g>
<text id="status" x="$pad_x" y="$status_y">$hint</text>
<script type="text/ecmascript"><![CDATA[
(function () {
  var frames = Array.prototype.slice.call(document.querySelectorAll('#frames > g.f'));
  var status = document.getElementById('status');
  var reset = document.getElementById('reset');
  var PAD = $pad_x, WIDTH = $plot_w, CHAR = $char_w, HINT = status.textContent;
  function info(g) { return g.querySelector('title').textContent.split('\\n'); }
  function shortName(n) { return n.replace(/(^|[^\\w.-])\\/(?:[^\\/\\s():]*\\/)+/g, '\$1'); }
  function label(name, px) {
    var fit = Math.floor((px - 6) / CHAR);
    if (fit < 3) return '';
    if (name.length <= fit) return name;
    var s = shortName(name);
    return s.length <= fit ? s : s.substring(0, fit - 2) + '..';
  }
  /* The figures first, then as much of the call path as fits the width,
   * its innermost end kept: a long path never pushes the figures out. */
  function statusLine(figures, path) {
    var keep = path.length;
    function line() {
      if (keep >= path.length) return figures + ' in ' + path;
      return keep > 3 ? figures + ' in ...' + path.substring(path.length - keep + 3) : figures;
    }
    /* A first cut by the mean glyph width, then by the width drawn. */
    keep = Math.min(keep, Math.max(0, Math.floor(WIDTH / CHAR) - figures.length - 4));
    status.textContent = line();
    while (keep > 3 && status.getComputedTextLength && status.getComputedTextLength() > WIDTH) {
      keep = Math.floor(keep * 0.9);
      status.textContent = line();
    }
    return line();
  }
  function place(g, x, w) {
    var r = g.querySelector('rect'), t = g.querySelector('text');
    r.setAttribute('x', (PAD + x * WIDTH).toFixed(2));
    r.setAttribute('width', (w * WIDTH).toFixed(2));
    t.setAttribute('x', (PAD + x * WIDTH + 3).toFixed(2));
    t.textContent = label(info(g)[0], w * WIDTH);
  }
  function zoom(target) {
    var zx = +target.getAttribute('data-x'), zw = +target.getAttribute('data-w');
    var zd = +target.getAttribute('data-d');
    frames.forEach(function (g) {
      var x = +g.getAttribute('data-x'), w = +g.getAttribute('data-w'), d = +g.getAttribute('data-d');
      var inside = x >= zx - 1e-9 && x + w <= zx + zw + 1e-9;
      var around = x <= zx + 1e-9 && x + w >= zx + zw - 1e-9;
      if (d >= zd && inside) {
        g.style.display = '';
        place(g, (x - zx) / zw, w / zw);
        g.style.opacity = '';
      } else if (d < zd && around) {
        g.style.display = '';
        place(g, 0, 1);
        g.style.opacity = '0.6';
      } else {
        g.style.display = 'none';
      }
    });
    reset.style.display = zd > 0 ? 'block' : 'none';
  }
  frames.forEach(function (g) {
    g.addEventListener('mouseover', function () { var i = info(g); status.textContent = statusLine(i[2], i[1]); });
    g.addEventListener('mouseout', function () { status.textContent = HINT; });
    g.addEventListener('click', function () { zoom(g); });
  });
  reset.addEventListener('click', function () { if (frames.length) zoom(frames[0]); });
})();
]]></script>
</svg>

SVG;
}

[$opt, $input] = fg_args($argv);
if ($input === null) {
    $in = STDIN;
    $source = 'stdin';
} else {
    $in = @fopen($input, 'r');
    if (!$in) {
        fg_fail("cannot read $input");
    }
    $source = $input;
}
$svg = fg_svg(fg_read($in, $source), $opt, $source);
if ($opt['o'] === null) {
    echo $svg;
} elseif (@file_put_contents($opt['o'], $svg) !== strlen($svg)) {
    fg_fail("cannot write {$opt['o']}");
}
