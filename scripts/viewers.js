/*
 * Opens memprof's outputs in real viewers, in Debian's Chromium driven by
 * playwright-core (scripts/test-viewers.sh installs both), and checks what
 * a person would see:
 *  - speedscope loads the JSON through its own file input without an error;
 *    the toolbar names the first profile, "Live memory (bytes) (1/3)"; the
 *    hover tooltip of the heaviest leaf shows its bytes in byte units (as
 *    memprof_dump_array() has them, to speedscope's rounding); the default
 *    Time Order view draws exactly what the Left Heavy view draws;
 *  - the SVG flame graph (scripts/flamegraph.php): hovering any frame puts
 *    its figures on the status line, whole, and the line fits the image.
 * Usage: node viewers.js MODULES_DIR SPEEDSCOPE_JSON FLAMEGRAPH_SVG EXPECTED_JSON
 * Prints "ok"/"FAIL" lines, then "N passed, N failed".
 */
'use strict';
const path = require('path');
const fs = require('fs');
const [modules, ssFile, svgFile, expectedFile] = process.argv.slice(2);
const { chromium } = require(path.join(modules, 'playwright-core'));
const speedscope = path.join(modules, 'speedscope/dist/release/index.html');
const expected = JSON.parse(fs.readFileSync(expectedFile, 'utf8'));

let passed = 0, failed = 0;
function check(ok, what, detail) {
  if (ok) { passed++; console.log(`ok    ${what}`); } else { failed++; console.log(`FAIL  ${what}: ${detail}`); }
}

/* "77.34 KB" as speedscope formats bytes (powers of 1024) -> bytes. */
function parseBytes(s) {
  const m = /^([\d.]+) (B|KB|MB|GB)$/.exec(s);
  return m ? parseFloat(m[1]) * { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[m[2]] : null;
}

/* The flame chart once it stopped changing: two equal screenshots in a row. */
async function stableShot(page) {
  let last = null;
  for (let i = 0; i < 60; i++) {
    await page.waitForTimeout(250);
    const shot = await page.screenshot({ clip: { x: 0, y: 20, width: 1400, height: 760 } });
    if (last && shot.equals(last)) {
      return shot;
    }
    last = shot;
  }
  return last;
}

async function checkSpeedscope(browser) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 800 } });
  const errors = [];
  page.on('pageerror', e => errors.push(e.message));
  page.on('console', m => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto('file://' + speedscope);
  await page.setInputFiles('input[type=file]', ssFile);
  /* Generous waits: a loaded CI machine is slow, not wrong. */
  await page.waitForFunction(() => document.body.innerText.includes('(1/'), null, { timeout: 60000 }).catch(() => {});
  await stableShot(page);
  const bar = await page.evaluate(() => document.body.innerText);
  check(errors.length === 0, 'speedscope: loads the file without an error', errors.join('; '));
  check(bar.includes('Live memory (bytes) (1/3)'), 'speedscope: first profile "Live memory (bytes)", of 3', JSON.stringify(bar));

  /* The heaviest leaf is the leftmost frame of its row: hover down the left edge. */
  let tip = null;
  for (let y = 30; y < 780 && !tip; y += 5) {
    await page.mouse.move(12, y);
    await page.waitForTimeout(20);
    const t = await page.evaluate(() => document.body.innerText.split('\n').pop());
    const m = /^(\S+ \S+) \((\d+)%\) (.*)$/.exec(t);
    if (m && m[3] === expected.heaviest_leaf.name && y > 130) {
      tip = m;
    }
  }
  const shown = tip ? parseBytes(tip[1]) : null;
  check(shown !== null && Math.abs(shown - expected.heaviest_leaf.bytes) <= expected.heaviest_leaf.bytes * 0.005 + 5,
    `speedscope: hover on the heaviest leaf shows its bytes in byte units (${expected.heaviest_leaf.bytes} B)`,
    tip ? JSON.stringify(tip[0]) : 'no tooltip for ' + expected.heaviest_leaf.name);

  await page.mouse.move(1, 795);
  const timeOrder = await stableShot(page);
  await page.getByText('Left Heavy').click();
  await page.mouse.move(1, 795);
  const leftHeavy = await stableShot(page);
  check(timeOrder.equals(leftHeavy), 'speedscope: the default Time Order view draws what Left Heavy draws',
    'the two views differ (stack order)');
  await page.close();
}

async function checkFlamegraph(browser) {
  const page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
  const errors = [];
  page.on('pageerror', e => errors.push(e.message));
  await page.goto('file://' + svgFile);
  const r = await page.evaluate(() => {
    const status = document.getElementById('status');
    const svg = document.documentElement;
    const width = svg.width.baseVal.value;
    const bad = [];
    let n = 0, longest = 0;
    for (const g of document.querySelectorAll('#frames > g.f')) {
      const lines = g.querySelector('title').textContent.split('\n');
      g.dispatchEvent(new MouseEvent('mouseover'));
      const text = status.textContent;
      const box = status.getBBox();
      n++;
      longest = Math.max(longest, lines[1].length);
      if (!text.startsWith(lines[2])) bad.push(`figures cut: ${JSON.stringify(text)}`);
      if (box.x + box.width > width) bad.push(`past the right edge (${Math.round(box.x + box.width)} > ${width}): ${JSON.stringify(text)}`);
    }
    return { n, bad, longest, width };
  });
  check(errors.length === 0, 'flame graph: its script runs without an error', errors.join('; '));
  check(r.n > 0 && r.bad.length === 0,
    `flame graph: hovering each of its ${r.n} frames shows the figures whole, inside the ${r.width} px image (longest path ${r.longest} characters)`,
    r.bad.slice(0, 3).join('; '));
  await page.close();
}

(async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    await checkSpeedscope(browser);
    await checkFlamegraph(browser);
  } finally {
    await browser.close();
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
})().catch(e => { console.log(`FAIL  viewers: ${e.message}`); console.log(`${passed} passed, ${failed + 1} failed`); process.exit(1); });
