/*
 * Opens memprof's HTML reports (memprof_dump_html()) in Debian's Chromium,
 * driven by playwright-core (scripts/test-viewers.sh installs both), and
 * checks what a person sees and does against memprof_dump_array() and
 * memprof_leaks() of the same moment (scripts/report-profile.php wrote
 * them beside each report):
 *  - the page loads from disk with no error and asks for nothing over the
 *    network; its header shows the live total and blocks exactly;
 *  - hovering a frame of the flame graph shows its call path's inclusive
 *    bytes and blocks exactly; a click zooms to it; "reset zoom" goes back;
 *  - a search for "str_repeat" shows the sum the array dump gives;
 *  - each leak's row names its container and retention path, and a click
 *    on it lights its call path in the flame graph;
 *  - two clicks on the timeline show what grew between them;
 *  - stacked by containers, its legend names the largest containers the
 *    ledger's walks measured, and two clicks compare containers;
 *  - a dominator's row lights the call path that allocated it;
 *  - a worker without leaks says nothing grew over its jobs;
 *  - it prints how long opening and a click took (measured, not checked).
 * A report with no NAME.json beside it (an empty profile's, the memory
 * limit's) is only opened: no error, nothing fetched, its total shown.
 * Usage: node report.js MODULES_DIR SCREENSHOT_DIR|- NAME.html...
 * Prints "ok"/"FAIL" lines, then "N passed, N failed".
 */
'use strict';
const path = require('path');
const fs = require('fs');
const [modules, shots, ...reports] = process.argv.slice(2);
const { chromium } = require(path.join(modules, 'playwright-core'));

let passed = 0;
let failed = 0;
function check(ok, what, detail) {
  if (ok) {
    passed++;
    console.log(`ok    ${what}`);
  } else {
    failed++;
    console.log(`FAIL  ${what}: ${detail}`);
  }
}

const fmt = (n) => n.toLocaleString('en-US') + ' B';

async function open(browser, file) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const errors = [];
  const requests = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('request', (r) => { if (!r.url().startsWith('file://')) requests.push(r.url()); });
  const start = Date.now();
  await page.goto('file://' + file);
  await page.waitForFunction(() => window.memprofReport && window.memprofReport.ready, null, { timeout: 120000 });
  return { page, errors, requests, openMs: Date.now() - start };
}

/* Moves the mouse over path p's box in the flame graph; returns the tooltip's text. */
async function hover(page, p) {
  const box = await page.evaluate((p) => {
    const r = window.memprofReport.flame.rects.find((x) => x[3] === p);
    const c = document.getElementById('flame').getBoundingClientRect();
    return r ? { x: c.left + r[0] + Math.min(r[2] / 2, 20), y: c.top + r[1] * 18 + 9 } : null;
  }, p);
  if (!box) {
    return null;
  }
  await page.mouse.move(box.x, box.y);
  await page.mouse.move(box.x + 1, box.y);
  return { text: await page.textContent('#tooltip'), box };
}

async function checkReport(browser, file) {
  const name = path.basename(file, '.html');
  const expected = file.replace(/\.html$/, '.json');
  const { page, errors, requests, openMs } = await open(browser, file);
  check(errors.length === 0, `${name}: opens with no error`, errors.join('; '));
  check(requests.length === 0, `${name}: fetches nothing`, requests.join(' '));
  if (!fs.existsSync(expected)) {
    /* a report with nothing to compare (empty, or cut short by the memory limit): it draws */
    const live = await page.textContent('#total-live');
    check(/^[\d,]+ B$/.test(live), `${name}: shows its live total`, live);
    console.log(`      ${name}: opened in ${openMs} ms`);
    await page.close();
    return;
  }
  const want = JSON.parse(fs.readFileSync(expected, 'utf8'));
  const live = await page.textContent('#total-live');
  check(live === fmt(want.live), `${name}: header's live total is the array dump's`, `${live} vs ${fmt(want.live)}`);
  const blocks = await page.textContent('#totals');
  check(blocks.includes(`in ${want.blocks.toLocaleString('en-US')} blocks`), `${name}: header's blocks`, blocks);

  /* the heaviest path below the root's first frame: hover, then click to zoom */
  const target = await page.evaluate(() => {
    const r = window.memprofReport;
    const kids = r.flame.rects.filter((x) => x[1] === 2).sort((a, b) => b[2] - a[2]);
    return kids.length ? { p: kids[0][3], path: r.callPath(kids[0][3]) } : null;
  });
  if (target) {
    const tip = await hover(page, target.p);
    const [bytes, nblocks] = want.paths[target.path] || [-1, -1];
    check(tip && tip.text.includes(`${fmt(bytes)} in ${nblocks.toLocaleString('en-US')} blocks`),
      `${name}: hovering ${target.path} shows its inclusive bytes and blocks`, tip ? tip.text : 'no box');
    const t0 = Date.now();
    await page.mouse.click(tip.box.x, tip.box.y);
    const zoom = await page.evaluate(() => window.memprofReport.flame.zoom);
    const clickMs = Date.now() - t0;
    check(zoom === target.p, `${name}: a click zooms to it`, `zoom ${zoom}`);
    await page.click('#flame-reset');
    check(await page.evaluate(() => window.memprofReport.flame.zoom) === 0, `${name}: reset zoom`, 'still zoomed');
    console.log(`      ${name}: opened in ${openMs} ms, a click answered in ${clickMs} ms`);
  }

  await page.fill('#flame-search', 'str_repeat');
  const status = await page.textContent('#flame-status');
  check(status.includes(fmt(want.search.str_repeat)), `${name}: a search for str_repeat sums what the array dump gives`,
    `${status} vs ${fmt(want.search.str_repeat)}`);
  await page.fill('#flame-search', '');

  const rows = await page.$$('#leaks tr.link');
  check(rows.length === want.leaks.length, `${name}: one row per leak`, `${rows.length} rows, ${want.leaks.length} leaks`);
  for (let i = 0; i < Math.min(rows.length, want.leaks.length); i++) {
    const l = want.leaks[i];
    const text = await rows[i].textContent();
    check(text.includes(l.held_in) && text.includes(l.retention_path) && text.includes(`(line ${l.line})`),
      `${name}: leak ${l.held_in} named with its line and retention path`, text);
    await rows[i].click();
    const lit = await page.evaluate(() => window.memprofReport.callPath(window.memprofReport.flame.highlight));
    check(lit === l.call_path, `${name}: its row lights ${l.call_path}`, lit);
  }

  if (!want.leaks.length) {
    const none = await page.textContent('#leaks');
    check(none === `Nothing confirmed growing over ${want.jobs.toLocaleString('en-US')} jobs.`
      || (!want.jobs && none.startsWith('No jobs were counted')), `${name}: says nothing grew`, none);
  }

  /* a dominator's row leads to the path that allocated it */
  const dom = await page.$('#dominators tr.link');
  if (await page.evaluate(() => window.memprofReport.data.dominators.some((d) => d.site >= 0))) {
    check(dom !== null, `${name}: a dominator whose allocation was recorded has a row that leads to it`, 'no link');
  }
  if (dom) {
    await dom.click();
    const [lit, site] = await page.evaluate(() => {
      const r = window.memprofReport;
      const d = r.data.dominators.find((x) => x.site >= 0);
      return [r.flame.highlight, r.data.sites[d.site * 8]];
    });
    check(lit === site, `${name}: a dominator's row lights the path that allocated it`, `${lit} vs ${site}`);
  }

  /* stacked by containers: the legend names the largest the walks measured */
  if (want.walked.length) {
    check(await page.isVisible('#timeline-stack'), `${name}: the timeline offers containers`, 'no control');
    await page.selectOption('#timeline-stack', 'containers');
    /* the ledger's walks, as the array dump has them, and the report's own walk at its last point */
    const own = await page.evaluate(() => {
      const t = window.memprofReport.data.timeline;
      const c = t.points[t.points.length - 1][6];
      const o = {};
      for (let i = 0; i < c.length; i += 2) {
        o[t.containers[c[i]]] = c[i + 1];
      }
      return o;
    });
    const max = new Map();
    want.walked.concat([own]).forEach((p) => Object.entries(p).forEach(([c, b]) => max.set(c, Math.max(max.get(c) || 0, b))));
    const top = Array.from(max.keys()).sort((a, b) => max.get(b) - max.get(a)).slice(0, 8);
    const legend = await page.$$eval('#timeline-legend span', (s) => s.slice(2).map((x) => x.textContent));
    check(JSON.stringify(legend) === JSON.stringify(top), `${name}: stacked by containers, the legend names the walks' largest`,
      `${JSON.stringify(legend)} vs ${JSON.stringify(top)}`);
    const diff = await page.evaluate(() => {
      const r = window.memprofReport;
      const pts = r.data.timeline.points;
      const walked = pts.map((p, i) => (p[6].length ? i : -1)).filter((i) => i >= 0);
      return walked.length > 1 ? r.timelineDiff(walked[0], walked[walked.length - 1]) : null;
    });
    check(diff && diff.by === 'containers' && diff.rows.length > 0, `${name}: two walked points compare containers`,
      JSON.stringify(diff && diff.rows.slice(0, 2)));
    await page.selectOption('#timeline-stack', 'sites');
  }

  /* the first holder's row leads to the site of which it holds the most */
  const holder = await page.$('#holders tr.link');
  if (holder) {
    await holder.click();
    const [lit, site] = await page.evaluate(() => {
      const r = window.memprofReport;
      const h = r.data.holders[0];
      return [r.flame.highlight, r.data.sites[h.site * 8]];
    });
    check(lit === site, `${name}: the first holder's row lights its largest site's path`, `${lit} vs ${site}`);
  }

  const points = await page.evaluate(() => (window.memprofReport.data.timeline || { points: [] }).points.length);
  if (points > 2) {
    const c = await page.$('#timeline');
    await c.scrollIntoViewIfNeeded();
    const b = await c.boundingBox();
    await page.mouse.click(b.x + 80, b.y + 100);
    await page.mouse.click(b.x + b.width - 20, b.y + 100);
    const diff = await page.textContent('#timeline-diff');
    check(/live memory (grew|fell) by [\d,]+ B/.test(diff), `${name}: two clicks on the timeline say what grew`, diff.slice(0, 120));
  }
  if (shots !== '-') {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
  }
  await page.close();
}

(async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    for (const file of reports) {
      await checkReport(browser, path.resolve(file));
    }
  } catch (e) {
    check(false, 'the checks ran to the end', e.stack);
  }
  await browser.close();
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
})();
