/*
 * memprof's HTML report: reads the JSON the extension wrote into
 * #memprof-data and draws the timeline, the flame graph (an icicle on a
 * canvas: 50,000 call paths stay quick), the leaks, the holders and the
 * lines. Plain JavaScript, nothing fetched. What it computes is also on
 * window.memprofReport, for tests.
 */
'use strict';

(function () {
  const data = JSON.parse(document.getElementById('memprof-data').textContent);
  const SITE = 8; /* path, line, live bytes, live blocks, total bytes, total blocks, peak bytes, peak blocks */
  const METRIC = { live: [2, 3], total: [4, 5], peak: [6, 7] };
  const ROW = 18;
  const COLORS = ['#e4572e', '#4c8bf5', '#29bf12', '#f3a712', '#a846a0', '#17bebb', '#8d6a9f', '#c5283d'];
  const names = data.names;
  const npaths = data.paths.length / 2;
  const nsites = data.sites.length / SITE;
  const report = { data: data };
  window.memprofReport = report;

  function el(tag, attrs, text) {
    const e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) {
      e.textContent = text;
    }
    return e;
  }

  function bytes(n) {
    const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
    let i = 0;
    let v = n;
    while (Math.abs(v) >= 1024 && i < units.length - 1) {
      v /= 1024;
      i++;
    }
    return (i ? v.toFixed(v >= 100 ? 0 : v >= 10 ? 1 : 2) : String(v)) + ' ' + units[i];
  }

  function exact(n) {
    return n.toLocaleString('en-US') + ' B';
  }

  function pct(part, whole) {
    return whole ? (100 * part / whole).toFixed(1) + '%' : '0%';
  }

  function pathParent(p) { return data.paths[2 * p]; }
  function pathName(p) { return names[data.paths[2 * p + 1]]; }
  function siteAt(s, k) { return data.sites[s * SITE + k]; }

  /* A path's functions from the outermost, as memprof_leaks() writes them. */
  function callPath(p) {
    const out = [];
    for (let q = p; q > 0; q = pathParent(q)) {
      out.push(pathName(q));
    }
    return out.reverse().join(' > ');
  }
  report.callPath = callPath;

  /* ---- the tree: children, self and inclusive counters by metric ---- */

  const children = Array.from({ length: npaths }, function () { return []; });
  for (let p = 1; p < npaths; p++) {
    children[pathParent(p)].push(p);
  }

  function sums(metric) {
    const [b, n] = METRIC[metric];
    const self = new Float64Array(npaths);
    const selfBlocks = new Float64Array(npaths);
    for (let s = 0; s < nsites; s++) {
      self[siteAt(s, 0)] += siteAt(s, b);
      selfBlocks[siteAt(s, 0)] += siteAt(s, n);
    }
    const incl = Float64Array.from(self);
    const inclBlocks = Float64Array.from(selfBlocks);
    /* parents come before their children */
    for (let p = npaths - 1; p > 0; p--) {
      incl[pathParent(p)] += incl[p];
      inclBlocks[pathParent(p)] += inclBlocks[p];
    }
    return { self: self, incl: incl, blocks: inclBlocks };
  }
  const totals = { live: sums('live'), total: sums('total'), peak: sums('peak') };
  report.totals = {
    live: totals.live.incl[0], liveBlocks: totals.live.blocks[0],
    total: totals.total.incl[0], peak: totals.peak.incl[0]
  };

  /* ---- header ---- */

  function header() {
    const m = data.meta;
    const when = new Date(m.time_ns / 1e6);
    const mode = m.sample_interval ? 'sampling, one sample per ' + bytes(m.sample_interval) + ' on average' : 'full tracking';
    document.getElementById('meta').textContent = m.reason + ' \u2014 ' + when.toISOString().replace('T', ' ').slice(0, 19)
      + ' UTC, PHP ' + m.php + ', memprof ' + m.memprof + ', ' + mode + ', ' + m.script;
    const t = document.getElementById('totals');
    t.append('Live now: ', el('strong', { id: 'total-live' }, exact(report.totals.live)),
      ' in ' + report.totals.liveBlocks.toLocaleString('en-US') + ' blocks; ',
      'allocated while profiling: ', el('strong', { id: 'total-allocated' }, exact(report.totals.total)));
    if (data.timeline) {
      t.append('; peak: ', el('strong', { id: 'total-peak' }, exact(data.timeline.peak[1])));
    }
    if (m.jobs) {
      t.append('; jobs: ' + m.jobs.toLocaleString('en-US'));
    }
  }

  /* ---- the flame graph ---- */

  const flame = {
    canvas: document.getElementById('flame'),
    metric: 'live',
    zoom: 0,
    search: '',
    rects: [],
    highlight: -1
  };
  report.flame = flame;

  function nameColor(name, dim) {
    let h = 0;
    for (let i = 0; i < name.length; i++) {
      h = (h * 31 + name.charCodeAt(i)) >>> 0;
    }
    const hue = 10 + h % 45;
    return dim ? 'hsl(' + hue + ',15%,85%)' : 'hsl(' + hue + ',' + (70 + h % 20) + '%,' + (58 + h % 12) + '%)';
  }

  function matches(p) {
    return flame.search !== '' && pathName(p).toLowerCase().indexOf(flame.search) >= 0;
  }

  /* Matched paths' inclusive bytes, each counted once (not under another match). */
  function searchSum() {
    const incl = totals[flame.metric].incl;
    let sum = 0;
    let count = 0;
    (function walk(p, under) {
      const m = p > 0 && matches(p);
      if (m) {
        count++;
        if (!under) {
          sum += incl[p];
        }
      }
      children[p].forEach(function (c) { walk(c, under || m); });
    })(0, false);
    return { count: count, bytes: sum };
  }

  function drawFlame() {
    const c = flame.canvas;
    const t = totals[flame.metric];
    const width = c.clientWidth || 1000;
    const ancestors = [];
    for (let q = flame.zoom; q >= 0; q = q > 0 ? pathParent(q) : -1) {
      ancestors.unshift(q);
    }
    let depth = 0;
    (function measure(p, d) {
      depth = Math.max(depth, d);
      children[p].forEach(function (ch) {
        if (t.incl[ch] > 0) {
          measure(ch, d + 1);
        }
      });
    })(flame.zoom, ancestors.length - 1);
    const dpr = window.devicePixelRatio || 1;
    c.width = width * dpr;
    c.height = (depth + 1) * ROW * dpr;
    c.style.height = (depth + 1) * ROW + 'px';
    const g = c.getContext('2d');
    g.scale(dpr, dpr);
    g.font = '12px system-ui, sans-serif';
    g.textBaseline = 'middle';
    flame.rects = [];
    function box(p, x, w, d) {
      const dim = flame.search !== '' && !matches(p);
      g.fillStyle = p === flame.highlight ? '#4c8bf5' : p === 0 ? '#ccc' : nameColor(pathName(p), dim);
      g.fillRect(x, d * ROW, Math.max(w - 1, 1), ROW - 1);
      if (w > 30) {
        g.fillStyle = '#000';
        const label = p === 0 ? 'all (' + bytes(t.incl[0]) + ')' : pathName(p);
        g.save();
        g.beginPath();
        g.rect(x, d * ROW, w - 2, ROW);
        g.clip();
        g.fillText(label, x + 3, d * ROW + ROW / 2);
        g.restore();
      }
      flame.rects.push([x, d, w, p]);
    }
    ancestors.forEach(function (p, d) { box(p, 0, width, d); });
    const scale = t.incl[flame.zoom] > 0 ? width / t.incl[flame.zoom] : 0;
    (function layout(p, x, d) {
      const kids = children[p].filter(function (ch) { return t.incl[ch] > 0; });
      kids.sort(function (a, b) { return t.incl[b] - t.incl[a]; });
      let cx = x;
      kids.forEach(function (ch) {
        const w = t.incl[ch] * scale;
        if (w >= 0.5) {
          box(ch, cx, w, d + 1);
          layout(ch, cx, d + 1);
        }
        cx += w;
      });
    })(flame.zoom, 0, ancestors.length - 1);
    const status = document.getElementById('flame-status');
    if (flame.search !== '') {
      const s = searchSum();
      status.textContent = s.count + ' matching paths, ' + exact(s.bytes) + ' (' + pct(s.bytes, t.incl[0]) + ')';
      flame.searchResult = s;
    } else {
      status.textContent = '';
    }
  }
  report.drawFlame = drawFlame;

  function rectAt(ev) {
    const b = flame.canvas.getBoundingClientRect();
    const x = ev.clientX - b.left;
    const d = Math.floor((ev.clientY - b.top) / ROW);
    for (let i = flame.rects.length - 1; i >= 0; i--) {
      const r = flame.rects[i];
      if (r[1] === d && x >= r[0] && x < r[0] + r[2]) {
        return r[3];
      }
    }
    return -1;
  }

  /* What a hover shows: the path's bytes, blocks and share, by the metric shown. */
  function describe(p) {
    const t = totals[flame.metric];
    return (p === 0 ? 'all' : callPath(p)) + '\n' + exact(t.incl[p]) + ' in ' + t.blocks[p].toLocaleString('en-US')
      + ' blocks, ' + pct(t.incl[p], t.incl[0]) + ' of all; its own: ' + exact(t.self[p]);
  }
  report.describe = describe;

  function zoomTo(p) {
    flame.zoom = p;
    drawFlame();
  }
  report.zoomTo = zoomTo;

  function flameEvents() {
    const tip = document.getElementById('tooltip');
    flame.canvas.addEventListener('mousemove', function (ev) {
      const p = rectAt(ev);
      if (p < 0) {
        tip.hidden = true;
        return;
      }
      tip.textContent = describe(p);
      tip.hidden = false;
      tip.style.left = Math.min(ev.clientX + 12, window.innerWidth - 580) + 'px';
      tip.style.top = ev.clientY + 14 + 'px';
    });
    flame.canvas.addEventListener('mouseleave', function () { tip.hidden = true; });
    flame.canvas.addEventListener('click', function (ev) {
      const p = rectAt(ev);
      if (p >= 0) {
        zoomTo(p === flame.zoom && p > 0 ? pathParent(p) : p);
      }
    });
    document.getElementById('flame-metric').addEventListener('change', function (ev) {
      flame.metric = ev.target.value;
      drawFlame();
    });
    document.getElementById('flame-search').addEventListener('input', function (ev) {
      flame.search = ev.target.value.trim().toLowerCase();
      drawFlame();
    });
    document.getElementById('flame-reset').addEventListener('click', function () { zoomTo(0); });
    window.addEventListener('resize', drawFlame);
  }

  /* Shows a site's call path in the flame graph: zoomed to its caller, the path lit. */
  function showSite(s) {
    const p = siteAt(s, 0);
    flame.highlight = p;
    flame.metric = 'live';
    document.getElementById('flame-metric').value = 'live';
    zoomTo(p > 0 ? pathParent(p) : 0);
    document.getElementById('flame-section').scrollIntoView();
  }
  report.showSite = showSite;

  /* A site as the tables show it: its function and caller, its line; the whole path on hover. */
  function siteLabel(s) {
    const full = callPath(siteAt(s, 0)).split(' > ');
    return full.slice(-2).join(' > ') + (siteAt(s, 1) ? ' (line ' + siteAt(s, 1) + ')' : '');
  }

  function siteCell(s) {
    const span = el('span', { title: callPath(siteAt(s, 0)) }, siteLabel(s));
    return span;
  }

  /* ---- the timeline ---- */

  const tl = { canvas: document.getElementById('timeline'), axis: 'time', stack: 'sites', picks: [], series: [] };
  report.timeline = tl;

  /* What a point says of a band: sites ([5]: site, bytes pairs) or the
   * containers a walk measured ([6]: name index, bytes pairs). */
  function bandsOf(pt, by) { return by === 'containers' ? pt[6] || [] : pt[5]; }

  /* The bands stacked: those largest at some point, up to eight. */
  function timelineSeries(points, by) {
    const max = new Map();
    points.forEach(function (pt) {
      const s = bandsOf(pt, by);
      for (let i = 0; i < s.length; i += 2) {
        max.set(s[i], Math.max(max.get(s[i]) || 0, s[i + 1]));
      }
    });
    return Array.from(max.keys()).sort(function (a, b) { return max.get(b) - max.get(a); }).slice(0, 8);
  }

  function pointBand(pt, key, by) {
    const s = bandsOf(pt, by);
    for (let i = 0; i < s.length; i += 2) {
      if (s[i] === key) {
        return s[i + 1];
      }
    }
    return null;
  }

  /* The peak's moment: a point at the peak if one is, else the latest peak snapshot's. */
  function peakTime() {
    const at = data.timeline.points.find(function (pt) { return pt[2] >= data.timeline.peak[1]; });
    return at ? at[0] : data.timeline.peak[0];
  }

  function drawTimeline() {
    const c = tl.canvas;
    const points = data.timeline.points;
    const width = c.clientWidth || 1000;
    const height = 260;
    const dpr = window.devicePixelRatio || 1;
    c.width = width * dpr;
    c.height = height * dpr;
    const g = c.getContext('2d');
    g.scale(dpr, dpr);
    const xOf = tl.axis === 'job' ? function (pt) { return pt[1]; } : function (pt) { return pt[0] / 1e9; };
    const x0 = xOf(points[0]);
    const x1 = Math.max(xOf(points[points.length - 1]), x0 + 1e-9);
    let ymax = 1;
    points.forEach(function (pt) { ymax = Math.max(ymax, pt[2], pt[3]); });
    if (data.timeline.peak[1] > ymax) {
      ymax = data.timeline.peak[1];
    }
    const left = 70;
    const px = function (x) { return left + (x - x0) / (x1 - x0) * (width - left - 10); };
    const py = function (y) { return height - 20 - y / ymax * (height - 30); };
    tl.px = px;
    tl.xOf = xOf;
    g.fillStyle = '#666';
    g.font = '11px system-ui, sans-serif';
    [0, 0.5, 1].forEach(function (f) {
      g.fillText(bytes(Math.round(ymax * f)), 2, py(ymax * f) + 4);
    });
    g.fillText(tl.axis === 'job' ? 'job ' + x1 : x1.toFixed(3) + ' s', width - 70, height - 4);
    /* stacked bands, the rest up to live memory as "other", at the points
     * that looked (at the sites: a dump's always does; containers: walks) */
    const looked = points.filter(function (pt) { return bandsOf(pt, tl.stack).length > 0; });
    const base = new Float64Array(looked.length);
    tl.series.forEach(function (site, k) {
      g.fillStyle = COLORS[k % COLORS.length];
      g.beginPath();
      looked.forEach(function (pt, i) {
        const y = py(base[i] + (pointBand(pt, site, tl.stack) || 0));
        if (i === 0) {
          g.moveTo(px(xOf(pt)), y);
        } else {
          g.lineTo(px(xOf(pt)), y);
        }
      });
      for (let i = looked.length - 1; i >= 0; i--) {
        g.lineTo(px(xOf(looked[i])), py(base[i]));
        base[i] += pointBand(looked[i], site, tl.stack) || 0;
      }
      g.closePath();
      g.globalAlpha = 0.75;
      g.fill();
      g.globalAlpha = 1;
    });
    function line(k, color, dash) {
      g.strokeStyle = color;
      g.setLineDash(dash);
      g.beginPath();
      points.forEach(function (pt, i) {
        if (i === 0) {
          g.moveTo(px(xOf(pt)), py(pt[k]));
        } else {
          g.lineTo(px(xOf(pt)), py(pt[k]));
        }
      });
      g.stroke();
      g.setLineDash([]);
    }
    line(2, '#111', []);
    line(3, '#888', [4, 3]);
    if (tl.axis === 'time' && data.timeline.peak[1]) {
      const x = px(peakTime() / 1e9);
      g.strokeStyle = '#c5283d';
      g.beginPath();
      g.moveTo(x, 10);
      g.lineTo(x, height - 20);
      g.stroke();
      g.fillStyle = '#c5283d';
      g.fillText('peak ' + bytes(data.timeline.peak[1]), Math.min(x + 3, width - 90), 12);
    }
    /* the dump's moment: the last point */
    const last = points[points.length - 1];
    if (last[4] === 3) {
      const x = px(xOf(last));
      g.fillStyle = '#333';
      g.fillRect(x - 1, 10, 2, height - 30);
      g.fillText('dump', Math.max(x - 32, left), height - 24);
    }
    tl.picks.forEach(function (i) {
      g.fillStyle = '#000';
      g.fillRect(px(xOf(points[i])) - 1, 10, 2, height - 30);
    });
  }
  report.drawTimeline = drawTimeline;

  /* What grew between two points: the bands known at either, by change
   * (containers when the chart stacks them and both points have some). */
  function timelineDiff(a, b) {
    const points = data.timeline.points;
    const pa = points[Math.min(a, b)];
    const pb = points[Math.max(a, b)];
    const by = tl.stack === 'containers' && bandsOf(pa, 'containers').length && bandsOf(pb, 'containers').length
      ? 'containers' : 'sites';
    const keys = new Set();
    [pa, pb].forEach(function (pt) {
      const s = bandsOf(pt, by);
      for (let i = 0; i < s.length; i += 2) {
        keys.add(s[i]);
      }
    });
    const rows = [];
    keys.forEach(function (k) {
      const va = pointBand(pa, k, by);
      const vb = pointBand(pb, k, by);
      rows.push({ site: by === 'sites' ? k : null, container: by === 'containers' ? data.timeline.containers[k] : null,
        from: va, to: vb, delta: va !== null && vb !== null ? vb - va : null });
    });
    rows.sort(function (x, y) { return (y.delta === null ? -Infinity : y.delta) - (x.delta === null ? -Infinity : x.delta); });
    return { from: pa, to: pb, live: pb[2] - pa[2], by: by, rows: rows };
  }
  report.timelineDiff = timelineDiff;

  function showDiff(d) {
    const box = document.getElementById('timeline-diff');
    box.textContent = '';
    const what = tl.axis === 'job' ? 'job ' : '';
    const at = function (pt) { return tl.axis === 'job' ? what + pt[1] : (pt[0] / 1e9).toFixed(3) + ' s'; };
    box.append(el('p', {}, 'From ' + at(d.from) + ' to ' + at(d.to) + ': live memory '
      + (d.live >= 0 ? 'grew by ' : 'fell by ') + exact(Math.abs(d.live))));
    const table = el('table', { id: 'timeline-diff-table' });
    table.append(tr([d.by === 'sites' ? 'site' : 'container', 'then', 'after', 'change'], true));
    d.rows.forEach(function (r) {
      table.append(tr([r.site !== null ? siteCell(r.site) : r.container, r.from === null ? '?' : exact(r.from),
        r.to === null ? '?' : exact(r.to),
        r.delta === null ? '?' : (r.delta >= 0 ? '+' : '') + exact(r.delta)]));
    });
    box.append(table);
  }

  function timelineEvents() {
    const points = data.timeline.points;
    document.getElementById('timeline-axis').addEventListener('change', function (ev) {
      tl.axis = ev.target.value;
      drawTimeline();
    });
    document.getElementById('timeline-stack').addEventListener('change', function (ev) {
      stackBy(ev.target.value);
    });
    tl.canvas.addEventListener('click', function (ev) {
      const b = tl.canvas.getBoundingClientRect();
      const x = ev.clientX - b.left;
      let best = 0;
      points.forEach(function (pt, i) {
        if (Math.abs(tl.px(tl.xOf(pt)) - x) < Math.abs(tl.px(tl.xOf(points[best])) - x)) {
          best = i;
        }
      });
      tl.picks = tl.picks.length === 1 ? [tl.picks[0], best] : [best];
      drawTimeline();
      if (tl.picks.length === 2) {
        showDiff(timelineDiff(tl.picks[0], tl.picks[1]));
      }
    });
    window.addEventListener('resize', drawTimeline);
  }

  /* Stacks the chart by sites or by containers, with its legend. */
  function stackBy(what) {
    tl.stack = what;
    tl.series = timelineSeries(data.timeline.points, what);
    const legend = document.getElementById('timeline-legend');
    legend.textContent = '';
    legend.append(el('span', { style: '--swatch:#111' }, 'live memory'), el('span', { style: '--swatch:#888' }, 'heap usage'));
    /* a site the ledger saw grow is named by the container that holds it */
    const holder = new Map();
    data.leaks.forEach(function (l) { holder.set(l.site, holder.has(l.site) ? holder.get(l.site) + ', ' + l.holder : l.holder); });
    tl.series.forEach(function (s, k) {
      const swatch = '--swatch:' + COLORS[k % COLORS.length];
      if (what === 'containers') {
        legend.append(el('span', { style: swatch }, data.timeline.containers[s]));
        return;
      }
      const label = (holder.has(s) ? holder.get(s) + ' \u2190 ' : '') + siteLabel(s);
      legend.append(el('span', { style: swatch, title: callPath(siteAt(s, 0)) }, label));
    });
    drawTimeline();
  }
  report.stackBy = stackBy;

  function timeline() {
    if (!data.timeline || data.timeline.points.length < 1) {
      document.getElementById('timeline-section').append(el('p', { class: 'empty' }, 'No timeline in this dump.'));
      tl.canvas.hidden = true;
      return;
    }
    /* containers: where a walk measured them (the ledger's, a dump's with $retainers) */
    if (data.timeline.points.some(function (pt) { return pt[6] && pt[6].length > 0; })) {
      document.getElementById('timeline-stack-label').hidden = false;
    }
    stackBy('sites');
    timelineEvents();
  }

  /* ---- tables ---- */

  function tr(cells, head) {
    const row = el('tr');
    cells.forEach(function (c, i) {
      const cell = el(head ? 'th' : 'td', i > 0 && /^[-+?\d]/.test(String(c)) ? { class: 'num' } : {});
      cell.append(c);
      row.append(cell);
    });
    return row;
  }

  function leaks() {
    const table = document.getElementById('leaks');
    if (!data.leaks.length) {
      table.replaceWith(el('p', { class: 'empty', id: 'leaks' }, data.meta.jobs
        ? 'Nothing confirmed growing over ' + data.meta.jobs.toLocaleString('en-US') + ' jobs.'
        : 'No jobs were counted (memprof_job() or memprof.job_functions), so nothing was measured per job.'));
      return;
    }
    table.append(tr(['held in', 'allocated at', 'per job', 'retention path', ''], true));
    data.leaks.forEach(function (l) {
      const row = tr([l.holder, siteCell(l.site), exact(Math.round(l.bytes_per_job)), l.path,
        l.confirmed ? 'confirmed' : 'growing, not confirmed yet']);
      row.className = 'link';
      row.dataset.site = l.site;
      row.addEventListener('click', function () { showSite(l.site); });
      table.append(row);
    });
  }

  function holders() {
    const table = document.getElementById('holders');
    if (!data.holders.length && !data.dominators.length) {
      table.replaceWith(el('p', { class: 'empty' }, 'This dump did not walk from PHP\'s roots ($retainers).'));
      return;
    }
    if (data.holders.length) {
      table.append(tr(['held in', 'live bytes', 'blocks'], true));
      data.holders.forEach(function (h) {
        const row = tr([h.holder, exact(h.bytes), h.blocks.toLocaleString('en-US')]);
        row.className = 'link';
        row.title = 'most of it allocated at ' + callPath(siteAt(h.site, 0));
        row.addEventListener('click', function () { showSite(h.site); });
        table.append(row);
      });
    }
    if (data.dominators.length) {
      const dom = el('table', { id: 'dominators' });
      dom.append(tr(['what', 'retains', 'held in', 'retention path'], true));
      data.dominators.forEach(function (d) {
        const row = tr([d.what, exact(d.retained), d.holder, d.path]);
        /* a row leads to where the value was allocated, when that was recorded */
        if (d.site >= 0) {
          row.className = 'link';
          row.title = 'allocated at ' + callPath(siteAt(d.site, 0));
          row.addEventListener('click', function () { showSite(d.site); });
        }
        dom.append(row);
      });
      table.after(el('h3', {}, 'What retains the most (dominators)'), dom);
    }
  }

  function lines() {
    const table = document.getElementById('lines');
    const order = [];
    for (let s = 0; s < nsites; s++) {
      if (siteAt(s, 2) > 0) {
        order.push(s);
      }
    }
    order.sort(function (a, b) { return siteAt(b, 2) - siteAt(a, 2); });
    table.append(tr(['allocated at', 'live bytes', 'blocks', 'source'], true));
    order.slice(0, 30).forEach(function (s) {
      const code = el('code', {}, data.source[s] || '');
      const row = tr([siteCell(s), exact(siteAt(s, 2)), siteAt(s, 3).toLocaleString('en-US'), code]);
      row.className = 'link';
      row.addEventListener('click', function () { showSite(s); });
      table.append(row);
    });
  }

  header();
  timeline();
  drawFlame();
  flameEvents();
  leaks();
  holders();
  lines();
  report.ready = true;
})();
