#!/usr/bin/env bash
# Retakes the README's screenshots of examples/leak.php in real viewers:
# docs/pprof-source.png (Go pprof's web UI, source view of
# RowRenderer::render, in Debian's Chromium through playwright-core, as
# scripts/test-viewers.sh installs them) and docs/kcachegrind-source.png
# (KCachegrind's source view under Xvfb, driven with xdotool). The
# KCachegrind clicks are screen coordinates of its default layout at
# 1280x800: look at the result before committing it.
set -eu
cd "$(dirname "$0")/.."
scripts/install-deps.sh kcachegrind xvfb x11-apps imagemagick xdotool dbus-x11 chromium
scripts/readers.sh
scripts/build.sh >/dev/null
scripts/test-viewers.sh >/dev/null || true   # installs speedscope and playwright-core
modules=${MEMPROF_CACHE:-/var/cache/memprof}/viewers/node_modules
work=$(mktemp -d)
trap 'kill "$pprof_pid" 2>/dev/null || true; rm -rf "$work"' EXIT
pprof_pid=

cat > "$work/dump.php" <<PHP
<?php
register_shutdown_function(function () {
    memprof_dump_pprof(fopen('$work/leak.pb.gz', 'w'));
    memprof_dump_callgrind(fopen('$work/leak.callgrind', 'w'));
});
PHP
MEMPROF_PROFILE=1 php -d extension="$PWD/modules/memprof.so" -d auto_prepend_file="$work/dump.php" examples/leak.php >/dev/null

# Go pprof's source view.
build-readers/pprof -http=127.0.0.1:18089 -no_browser "$work/leak.pb.gz" >/dev/null 2>&1 &
pprof_pid=$!
sleep 3
cat > "$work/shot.js" <<JS
const { chromium } = require('$modules/playwright-core');
(async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const page = await browser.newPage({ viewport: { width: 1100, height: 380 } });
  await page.goto('http://127.0.0.1:18089/ui/source?f=RowRenderer');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: '$PWD/docs/pprof-source.png' });
  await browser.close();
})();
JS
node "$work/shot.js"

# KCachegrind's source view: select RowRenderer::render (4th row of the
# flat profile), open the "Source Code" tab.
mkdir -p "$HOME/.config"
grep -qs '^RunOnStart=false' "$HOME/.config/kcachegrindrc" || printf '[TipOfDay]\nRunOnStart=false\n' >> "$HOME/.config/kcachegrindrc"
cat > "$work/kc.sh" <<SH
eval \$(dbus-launch --sh-syntax)
kcachegrind "$work/leak.callgrind" >/dev/null 2>&1 &
sleep 8
w=\$(xdotool search --onlyvisible --name "leak.callgrind|KCachegrind" | head -n 1)
xdotool windowsize \$w 1280 800
xdotool windowmove \$w 0 0
sleep 2
xdotool mousemove 270 195 click 1
sleep 1
xdotool mousemove 717 99 click 1
sleep 2
import -window root "$work/kc.png"
SH
timeout 90 xvfb-run -a -s "-screen 0 1280x800x24" sh "$work/kc.sh"
convert "$work/kc.png" -crop 1280x305+0+0 +repage docs/kcachegrind-source.png
echo "docs/pprof-source.png docs/kcachegrind-source.png"
