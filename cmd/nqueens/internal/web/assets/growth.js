// The growth chart of the count panel: log-scale lines of the
// solutions, unique solutions, nodes and time per N, as
// "nqueens count A-B --plot" draws them (gonum/plot there, plain SVG
// here): the counts above, the time below, a labelled tick at each
// power of ten. Zeros (N = 2, 3 have no solution) cannot be drawn on a
// log scale and are left out; a line joins consecutive N only.
'use strict';

// growthSeries returns the lines of rows ({n, solutions, unique, nodes,
// seconds, method}), labelled as the command's legend.
function growthSeries(rows) {
  // label is the series' name in data-label (the command's legend, in
  // English); text its legend in the page's language.
  const texts = {
    solutions: () => t('growth.solutions'), unique: () => t('growth.unique'),
    nodes: (m) => t('growth.nodes', { method: m }), seconds: (m) => t('growth.time', { method: m }),
  };
  const methods = [...new Set(rows.map((r) => r.method))];
  const pick = (label, key, color, rs, m) => ({
    label, key, color, text: () => texts[key](m),
    points: rs.filter((r) => Number(r[key]) > 0).map((r) => ({ n: r.n, v: Number(r[key]) })).sort((a, b) => a.n - b.n),
  });
  const colors = { bitboard: '#1f77b4', arrays: '#ff7f0e', board: '#2ca02c', permutation: '#d62728', quadrant: '#9467bd' };
  const first = rows.filter((r, i) => rows.findIndex((s) => s.n === r.n) === i);
  const out = [pick('solutions', 'solutions', '#000', first), pick('unique solutions', 'unique', '#888', first)];
  for (const [q, key] of [['nodes', 'nodes'], ['time', 'seconds']])
    for (const m of methods) out.push(pick(`${q}, ${m}`, key, colors[m] || '#888', rows.filter((r) => r.method === m), m));
  return out.filter((s) => s.points.length > 0);
}

// growthLabel writes 10^e as a count, or with unit 's' as a time.
function growthLabel(e, unit) {
  if (!unit) return e >= 0 && e <= 3 ? String(10 ** e) : `1e${e}`;
  for (const [u, k] of [['ns', -9], ['µs', -6], ['ms', -3], ['s', 0]])
    if (e >= k && e < k + 3 || u === 's' && e >= 0 && e <= 3) return `${10 ** (e - k)} ${u}`;
  return `1e${e} s`;
}

// drawGrowth replaces the content of the <svg> element svg with the
// chart of rows.
function drawGrowth(svg, rows) {
  const W = 640, H = 520, left = 72, right = 16;
  const panels = [{ top: 34, bottom: 240, unit: '', name: () => t('growth.countAxis') }, { top: 290, bottom: 480, unit: 's', name: () => t('growth.timeAxis') }];
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.replaceChildren();
  const el = (name, attrs, parent = svg, text) => {
    const e = document.createElementNS(svg.namespaceURI, name); // the SVG namespace, as the page's <svg> has it
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) I18N.show(e, text); // a function: shown again in another language
    parent.append(e);
    return e;
  };
  const series = growthSeries(rows);
  const ns = rows.map((r) => r.n);
  const nlo = Math.min(...ns) - 0.5, nhi = Math.max(...ns) + 0.5;
  const x = (n) => left + (n - nlo) / (nhi - nlo) * (W - left - right);
  for (const p of panels) {
    const ss = series.filter((s) => (s.key === 'seconds') === (p.unit === 's'));
    const vs = ss.flatMap((s) => s.points.map((pt) => pt.v));
    let lo = vs.length ? Math.floor(Math.log10(Math.min(...vs))) : 0;
    let hi = vs.length ? Math.ceil(Math.log10(Math.max(...vs))) : 1;
    if (hi <= lo) hi = lo + 1;
    const y = (v) => p.bottom - (Math.log10(v) - lo) / (hi - lo) * (p.bottom - p.top);
    const axis = el('g', { class: 'axis', 'data-unit': p.unit || 'count' });
    const step = Math.ceil((hi - lo) / 12);
    for (let e = lo; e <= hi; e++) {
      const yy = y(10 ** e);
      el('line', { x1: left, x2: W - right, y1: yy, y2: yy, class: 'grid' }, axis);
      if (e % step === 0) el('text', { x: left - 6, y: yy + 4, 'text-anchor': 'end', class: 'tick' }, axis, growthLabel(e, p.unit));
    }
    el('line', { x1: left, x2: left, y1: p.top, y2: p.bottom, class: 'frame' }, axis);
    el('line', { x1: left, x2: W - right, y1: p.bottom, y2: p.bottom, class: 'frame' }, axis);
    const nstep = Math.ceil((nhi - nlo) / 20);
    for (let n = Math.ceil(nlo); n <= nhi; n++)
      if (n % nstep === 0) el('text', { x: x(n), y: p.bottom + 16, 'text-anchor': 'middle', class: 'tick n' }, axis, String(n));
    el('text', { x: (left + W - right) / 2, y: p.bottom + 32, 'text-anchor': 'middle' }, axis, 'N');
    el('text', { x: 14, y: (p.top + p.bottom) / 2, 'text-anchor': 'middle', transform: `rotate(-90 14 ${(p.top + p.bottom) / 2})` }, axis, p.name);
    ss.forEach((s, i) => {
      const g = el('g', { class: 'series', 'data-label': s.label, stroke: s.color, fill: s.color });
      let run = [];
      const flush = () => { if (run.length > 1) el('polyline', { points: run.join(' '), fill: 'none', 'stroke-width': 1.5 }, g); run = []; };
      s.points.forEach((pt, k) => {
        if (k > 0 && pt.n !== s.points[k - 1].n + 1) flush();
        run.push(`${x(pt.n).toFixed(1)},${y(pt.v).toFixed(1)}`);
        el('circle', { cx: x(pt.n).toFixed(1), cy: y(pt.v).toFixed(1), r: 2.5, 'data-n': pt.n, 'data-v': pt.v }, g);
      });
      flush();
      const ly = p.top + 4 + 15 * i;
      el('line', { x1: left + 10, x2: left + 30, y1: ly, y2: ly, stroke: s.color, 'stroke-width': 2 }, g);
      el('text', { x: left + 36, y: ly + 4, class: 'legend', stroke: 'none', fill: '#222' }, g, s.text);
    });
  }
}
