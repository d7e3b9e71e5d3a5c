// The N-Queens visualizer. The page never searches: it replays the events
// that the Go search reports (see /api/events), keeps them as history so
// that it can step back, and draws the board from them.
'use strict';

const $ = (id) => document.getElementById(id);
const WINDOW = 10000;      // events per /api/events request
const PREFETCH = 3000;     // load the next window when fewer are left ahead
const HISTORY = 400000;    // events kept for stepping back
// Wire event: [kind, row, col, byRow, byCol, depth, nodes, candidates, solutions].
const K = 0, ROW = 1, COL = 2, BYROW = 3, BYCOL = 4, DEPTH = 5, NODES = 6, CANDS = 7, SOLS = 8;

let cfg = { stepMax: 16, countMax: 17, findMax: 10000, fromMax: 10000000, methods: ['bitboard', 'arrays', 'matrix', 'permutation'], browserCountMax: 16 };

const st = {
  n: 6, method: 'bitboard', gen: 0,
  events: [], base: 0,   // events[i] is event number base+i
  pos: -1,               // number of the last event applied; -1 at the start
  cols: [],              // the board after event pos: cols[row] = column or -1
  next: 0, done: false, loading: false, es: null, wantSteps: 0,
  playing: false, timer: 0, last: 0, acc: 0,
  solutions: [],         // {index, cols}
  shownSolutions: -1, error: '',
};

// Rows and columns are numbered from the top left, from 1, as placements
// count them (not lettered as on a chessboard, whose rank 1 is at the bottom).
function colLabel(c) { return String(c + 1); }
function square(r, c) { return t('step.square', { row: r + 1, col: c + 1 }); }
function fmt(x) { return I18N.num(x); }
function oneBased(cols) { return cols.map((c) => c + 1).join(' '); }
// The methods' names in the method list: the name and what it does.
const METHODS = {
  bitboard: () => t('method.bitboard'), arrays: () => t('method.arrays'),
  matrix: () => t('method.matrix'), permutation: () => t('method.permutation'),
};

// buildBoard makes an n×n grid of squares with labels in el and returns
// the squares as a 2-D array.
function buildBoard(el, n, size) {
  el.textContent = '';
  el.style.gridTemplateColumns = `18px repeat(${n}, ${size}px)`;
  el.style.gridTemplateRows = `18px repeat(${n}, ${size}px)`;
  el.append(document.createElement('span'));
  for (let c = 0; c < n; c++) {
    const s = document.createElement('span');
    s.className = 'lab'; s.textContent = colLabel(c);
    el.append(s);
  }
  const sq = [];
  for (let r = 0; r < n; r++) {
    const s = document.createElement('span');
    s.className = 'lab'; s.textContent = r + 1;
    el.append(s);
    sq.push([]);
    for (let c = 0; c < n; c++) {
      const d = document.createElement('div');
      d.className = 'sq ' + ((r + c) % 2 ? 'd' : 'l');
      d.dataset.r = r; d.dataset.c = c;
      el.append(d);
      sq[r].push(d);
    }
  }
  return sq;
}

let squares = [];

function restart() {
  pause();
  if (st.es) st.es.close();
  const n = parseInt($('n').value, 10);
  if (!(n >= 1 && n <= cfg.stepMax)) {
    setStatus(() => t('step.range', { max: cfg.stepMax }), true);
    return;
  }
  Object.assign(st, {
    n, method: $('method').value, gen: st.gen + 1, events: [], base: 0, pos: -1,
    cols: new Array(n).fill(-1), next: 0, done: false, loading: false, es: null, wantSteps: 0,
    solutions: [], shownSolutions: -1, error: '',
  });
  squares = buildBoard($('board'), n, Math.max(22, Math.min(48, Math.floor(520 / n))));
  $('preview').textContent = ''; I18N.show($('preview-caption'), '');
  load();
  draw();
}

// load asks the server for the next window of events.
function load() {
  if (st.loading || st.done) return;
  if (st.next > cfg.fromMax) {
    // Each window replays the search from its start: the server bounds that.
    st.error = () => t('step.fromMax', { max: cfg.fromMax });
    pause();
    draw();
    return;
  }
  st.error = '';
  st.loading = true;
  const gen = st.gen;
  const url = `/api/events?n=${st.n}&method=${encodeURIComponent(st.method)}&from=${st.next}&limit=${WINDOW}`;
  const es = api.events(url);
  st.es = es;
  es.addEventListener('batch', (m) => {
    if (gen !== st.gen) return;
    const d = JSON.parse(m.data);
    for (const e of d.events) st.events.push(e);
    loaded();
  });
  es.addEventListener('end', (m) => {
    es.close();
    if (gen !== st.gen) return;
    const d = JSON.parse(m.data);
    st.next = d.next; st.done = d.done; st.loading = false;
    loaded();
  });
  es.addEventListener('error', (m) => {
    es.close();
    if (gen !== st.gen) return;
    st.loading = false;
    const d = m.data ? JSON.parse(m.data) : null, from = st.next;
    st.error = !d ? () => t('step.noAnswer') : d.code === 'timeout' ? () => t('step.windowTimeout', { from }) : () => I18N.errorText(I18N.apiError(d));
    pause();
    draw();
  });
}

function loaded() {
  while (st.wantSteps > 0 && forward()) st.wantSteps--;
  draw();
}

function last() { return st.base + st.events.length - 1; }
function finished() { return st.done && st.pos === last(); }

function apply(e, index) {
  switch (e[K]) {
    case 'place': st.cols[e[ROW]] = e[COL]; break;
    case 'remove': st.cols[e[ROW]] = -1; break;
    case 'solution': {
      const s = st.solutions;
      if (s.length === 0 || s[s.length - 1].index < index) s.push({ index, cols: st.cols.slice() });
      break;
    }
  }
}

function unapply(e) {
  switch (e[K]) {
    case 'place': st.cols[e[ROW]] = -1; break;
    case 'remove': st.cols[e[ROW]] = e[COL]; break;
  }
}

// forward applies the next event, or returns false when none is loaded yet.
function forward() {
  if (st.pos >= last()) {
    if (!st.done) load();
    return false;
  }
  st.pos++;
  apply(st.events[st.pos - st.base], st.pos);
  if (!st.done && !st.loading && last() - st.pos < PREFETCH) load();
  if (st.events.length > HISTORY && st.pos - st.base > HISTORY / 2) {
    const drop = HISTORY / 4;
    st.events.splice(0, drop);
    st.base += drop;
  }
  return true;
}

function backward() {
  if (st.pos < st.base) return false;
  unapply(st.events[st.pos - st.base]);
  st.pos--;
  return true;
}

function stepsPerSecond() { return Math.round(Math.pow(10, $('speed').value / 25)); }

function play() {
  if (st.playing) return;
  if (finished()) return;
  st.playing = true; st.last = performance.now(); st.acc = 1;
  I18N.show($('play'), () => t('step.pause'));
  st.timer = setInterval(tick, 20);
}

function pause() {
  st.playing = false;
  clearInterval(st.timer);
  I18N.show($('play'), () => t('step.play'));
}

function tick() {
  const now = performance.now();
  st.acc += (now - st.last) * stepsPerSecond() / 1000;
  st.last = now;
  let k = Math.floor(st.acc);
  st.acc -= k;
  while (k-- > 0) {
    if (!forward()) { st.acc = 0; break; }
  }
  if (finished()) pause();
  draw();
}

function setStatus(text, err) {
  const s = $('status');
  I18N.show(s, text);
  s.classList.toggle('err', !!err);
}

function describe(e) {
  const n = st.n;
  switch (e[K]) {
    case 'try': return t('step.try', { row: e[ROW] + 1, col: e[COL] + 1 });
    case 'conflict': return t('step.conflict', { square: square(e[ROW], e[COL]), by: square(e[BYROW], e[BYCOL]) });
    case 'place': return t('step.place', { square: square(e[ROW], e[COL]), depth: e[DEPTH] });
    case 'remove': return t('step.remove', { square: square(e[ROW], e[COL]) });
    case 'solution': return t('step.solution', { index: e[SOLS], cols: oneBased(st.cols) });
    case 'deadend': return t('step.deadend', { row: e[ROW] + 1 });
  }
  return e[K];
}

function draw() {
  const e = st.pos >= st.base ? st.events[st.pos - st.base] : null;
  const n = st.n;
  // Counters.
  $('c-steps').textContent = fmt(st.pos + 1);
  $('c-nodes').textContent = fmt(e ? e[NODES] : 0);
  $('c-candidates').textContent = fmt(e ? e[CANDS] : 0);
  $('c-solutions').textContent = fmt(e ? e[SOLS] : 0);
  $('c-depth').textContent = fmt(e ? e[DEPTH] : 0);
  // Squares: queens, attacked squares, the row being tried, a conflict.
  const cols = st.cols;
  const row = e && e[K] !== 'solution' ? e[ROW] : -1;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const d = squares[r][c];
      const q = cols[r] === c;
      let att = false;
      if (!q) {
        for (let qr = 0; qr < n && !att; qr++) {
          const qc = cols[qr];
          att = qc >= 0 && qr !== r && (qc === c || Math.abs(qc - c) === Math.abs(qr - r));
        }
      }
      d.classList.toggle('q', q);
      d.classList.toggle('att', att);
      d.classList.toggle('row', r === row);
      d.classList.toggle('cur', !!e && e[K] === 'try' && r === e[ROW] && c === e[COL]);
      d.classList.toggle('hit', !!e && e[K] === 'conflict' && r === e[ROW] && c === e[COL]);
      d.classList.toggle('by', !!e && e[K] === 'conflict' && r === e[BYROW] && c === e[BYCOL]);
    }
  }
  $('board').classList.toggle('solved', !!e && e[K] === 'solution');
  // Status line.
  if (st.error) setStatus(st.error, true);
  else if (finished()) {
    const sols = e ? e[SOLS] : 0, nodes = e ? e[NODES] : 0, steps = st.pos + 1;
    setStatus(() => t('step.finished', { solutions: t('u.solutions', { count: sols }), nodes: t('u.nodes', { count: nodes }), steps: t('u.steps', { count: steps }) }));
  } else if (e) setStatus(() => describe(e));
  else setStatus(st.loading ? () => t('step.loadingSearch') : () => t('step.ready', { n: String(n), method: st.method }));
  drawSolutions();
}

function drawSolutions() {
  let k = st.solutions.length;
  while (k > 0 && st.solutions[k - 1].index > st.pos) k--;
  if (k === st.shownSolutions) return;
  st.shownSolutions = k;
  I18N.show($('sol-count'), k ? () => `(${fmt(k)})` : '');
  const ol = $('solutions');
  ol.textContent = '';
  const show = Math.min(k, 500);
  for (let i = 0; i < show; i++) {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = oneBased(st.solutions[i].cols);
    b.addEventListener('click', () => preview(i, b));
    li.append(b);
    ol.append(li);
  }
  if (k > show) {
    const li = document.createElement('li');
    I18N.show(li, () => t('step.more', { count: k - show }));
    ol.append(li);
  }
}

function preview(i, button) {
  for (const b of document.querySelectorAll('#solutions button.sel')) b.classList.remove('sel');
  button.classList.add('sel');
  const s = st.solutions[i];
  const sq = buildBoard($('preview'), st.n, Math.max(14, Math.min(28, Math.floor(260 / st.n))));
  s.cols.forEach((c, r) => sq[r][c].classList.add('q'));
  I18N.show($('preview-caption'), () => t('step.caption', { index: i + 1, cols: oneBased(s.cols) }));
}

function stepBack() { pause(); backward(); draw(); }
function stepForward() {
  pause();
  if (!forward()) st.wantSteps = 1;
  draw();
}

// Count panel.
let countES = null;
function count() {
  if (countES) countES.close();
  const out = $('count-out');
  const n = parseInt($('count-n').value, 10);
  if (!(n >= 1 && n <= cfg.countMax)) {
    I18N.show(out, () => t('count.range', { max: cfg.countMax }));
    out.classList.add('err');
    return;
  }
  out.classList.remove('err');
  const to = $('count-to').value === '' ? n : parseInt($('count-to').value, 10);
  if (to !== n) {
    if (!(to > n && to <= cfg.countMax)) {
      I18N.show(out, () => t('count.rangeTo', { n: String(n), max: cfg.countMax }));
      out.classList.add('err');
      return;
    }
    countRange(n, to);
    return;
  }
  $('count-range').hidden = true;
  I18N.show(out, () => t('count.counting', { n: String(n) }));
  const es = api.events(`/api/count?n=${n}&stream=1`);
  countES = es;
  es.addEventListener('progress', (m) => {
    const d = JSON.parse(m.data);
    I18N.show(out, () => t('count.countingTime', { n: String(n), time: I18N.fixed(d.seconds, 1) }));
  });
  es.addEventListener('result', (m) => {
    es.close();
    const d = JSON.parse(m.data);
    I18N.show(out, () => t('count.result', { n: String(d.n), solutions: t('u.solutions', { count: d.solutions }), unique: t('u.unique', { count: d.unique }), nodes: t('u.nodes', { count: d.nodes }), time: I18N.fixed(d.seconds, 3) }));
  });
  es.addEventListener('error', (m) => {
    es.close();
    out.classList.add('err');
    const d = m.data ? JSON.parse(m.data) : null;
    I18N.show(out, () => (!d ? t('count.noAnswer') : d.code === 'timeout' ? t('count.timeout') : I18N.errorText(I18N.apiError(d))));
  });
}
// countRange counts lo..hi one N after the other, adding each row to
// the table and the chart as it arrives.
function countRange(lo, hi) {
  const out = $('count-out'), body = $('count-table').tBodies[0], rows = [];
  body.replaceChildren();
  $('count-chart').replaceChildren();
  $('count-range').hidden = false;
  const next = (n) => {
    if (n > hi) { countES = null; I18N.show(out, () => t('count.done', { lo: String(lo), hi: String(hi) })); return; }
    I18N.show(out, () => t('count.progress', { n: String(n), done: n - lo, total: hi - lo + 1 }));
    const es = api.events(`/api/count?n=${n}&stream=1`);
    countES = es;
    es.addEventListener('result', (m) => {
      es.close();
      if (countES !== es) return; // cancelled, or another count started
      const d = JSON.parse(m.data);
      rows.push({ n: d.n, solutions: d.solutions, unique: d.unique, nodes: d.nodes, seconds: d.seconds, method: 'bitboard' });
      const tr = document.createElement('tr');
      for (const v of [() => String(d.n), () => fmt(d.solutions), () => fmt(d.unique), () => fmt(d.nodes), () => I18N.fixed(d.seconds, 3)]) {
        const td = document.createElement('td');
        I18N.show(td, v);
        tr.append(td);
      }
      body.append(tr);
      drawGrowth($('count-chart'), rows);
      next(n + 1);
    });
    es.addEventListener('error', (m) => {
      es.close();
      if (countES !== es) return;
      countES = null;
      out.classList.add('err');
      const d = m.data ? JSON.parse(m.data) : null;
      I18N.show(out, () => `N = ${n}: ` + (!d ? t('count.noAnswer') : d.code === 'timeout' ? t('count.timeout') : I18N.errorText(I18N.apiError(d))));
    });
  };
  next(lo);
}
function cancelCount() {
  if (countES) { countES.close(); countES = null; I18N.show($('count-out'), () => t('common.cancelled')); }
}

// Find panel.
const queenImg = new Image();
queenImg.src = 'queen.svg';
async function find() {
  const out = $('find-out');
  out.classList.remove('err');
  const n = parseInt($('find-n').value, 10);
  if (!(n >= 1 && n <= cfg.findMax)) {
    out.classList.add('err');
    I18N.show(out, () => t('find.range', { max: cfg.findMax }));
    return;
  }
  I18N.show(out, () => t('find.searching', { n }));
  let d;
  try {
    const r = await api.fetch(`/api/find?n=${encodeURIComponent($('find-n').value)}`);
    d = await r.json();
    if (!r.ok) throw I18N.apiError(d, r.status);
  } catch (err) {
    out.classList.add('err');
    I18N.show(out, () => I18N.errorText(err));
    return;
  }
  if (!d.solution) {
    const cv = $('find-canvas');
    cv.getContext('2d').clearRect(0, 0, cv.width, cv.height);
    I18N.show(out, () => t('find.none', { n: d.n }));
    return;
  }
  drawLarge($('find-canvas'), d.columns);
  const head = d.columns.slice(0, 24).join(' ') + (d.n > 24 ? ' …' : '');
  I18N.show(out, () => t('find.found', { n: d.n, time: I18N.fixed(d.seconds, 3), cols: head }));
}

// drawLarge draws a board of any size on canvas: squares while they are at
// least 2 pixels, queens as glyphs while they are at least 12.
function drawLarge(cv, columns) {
  const n = columns.length;
  const ratio = window.devicePixelRatio || 1;
  const size = 600 * ratio;
  cv.width = size; cv.height = size;
  const g = cv.getContext('2d');
  const cell = size / n;
  g.fillStyle = '#f0d9b5';
  g.fillRect(0, 0, size, size);
  if (cell >= 2) {
    g.fillStyle = '#b58863';
    for (let r = 0; r < n; r++) {
      for (let c = (r + 1) % 2; c < n; c += 2) g.fillRect(c * cell, r * cell, cell, cell);
    }
  }
  g.fillStyle = '#c62828';
  const dot = Math.max(1, cell);
  columns.forEach((c1, r) => {
    const x = (c1 - 1) * cell, y = r * cell;
    if (cell >= 12 && queenImg.complete) g.drawImage(queenImg, x + cell * .08, y + cell * .08, cell * .84, cell * .84);
    else g.fillRect(x, y, dot, dot);
  });
}

async function init() {
  // Who answers is known before the config (api.js): the static site's
  // texts from the first paint, while its engine loads.
  I18N.setEngine(api.engine);
  if (api.engine === 'browser') I18N.show($('count-max'), () => String(cfg.browserCountMax));
  // The texts the scripts write, in the page's language from the first
  // paint too (the static site's config waits for its engine to load).
  I18N.show($('play'), () => t('step.play'));
  I18N.show($('find-max'), () => fmt(cfg.findMax));
  const speedOut = () => { I18N.show($('speed-out'), () => t('step.speedOut', { count: stepsPerSecond() })); };
  speedOut();
  try {
    const r = await api.fetch('/api/config');
    if (r.ok) cfg = await r.json();
  } catch (err) { /* keep the defaults */ }
  const sel = $('method');
  for (const m of cfg.methods) {
    const o = document.createElement('option');
    o.value = m;
    I18N.show(o, () => (METHODS[m] ? METHODS[m]() : m));
    sel.append(o);
  }
  $('n').max = cfg.stepMax;
  // The static site's engine (cfg.engine 'browser') counts up to
  // cfg.browserCountMax in the browser: its texts say so. Its count
  // panel takes N up to cfg.countMax all the same, and a larger N is
  // told where it can be counted (err.browserCount).
  const browser = (cfg.engine || api.engine) === 'browser';
  I18N.setEngine(browser ? 'browser' : 'server');
  const countShown = browser && cfg.browserCountMax ? cfg.browserCountMax : cfg.countMax;
  $('count-n').max = cfg.countMax; I18N.show($('count-max'), () => String(countShown));
  $('count-to').max = cfg.countMax;
  $('find-n').max = cfg.findMax; I18N.show($('find-max'), () => fmt(cfg.findMax));
  $('find-n').value = Math.min(100, cfg.findMax);
  $('restart').addEventListener('click', restart);
  $('n').addEventListener('change', restart);
  $('method').addEventListener('change', restart);
  $('play').addEventListener('click', () => (st.playing ? pause() : play()));
  $('step').addEventListener('click', stepForward);
  $('back').addEventListener('click', stepBack);
  $('speed').addEventListener('input', speedOut);
  $('count-go').addEventListener('click', count);
  $('count-cancel').addEventListener('click', cancelCount);
  $('find-go').addEventListener('click', find);
  document.addEventListener('keydown', (ev) => {
    if (ev.target instanceof HTMLInputElement || ev.target instanceof HTMLSelectElement || ev.target instanceof HTMLButtonElement) return;
    if (ev.key === ' ') { ev.preventDefault(); st.playing ? pause() : play(); }
    else if (ev.key === 'ArrowRight') stepForward();
    else if (ev.key === 'ArrowLeft') stepBack();
  });
  // Another language: the counters and the list again (the texts shown
  // with I18N.show follow by themselves).
  document.addEventListener('i18n:change', () => { st.shownSolutions = -1; draw(); });
  restart();
}

init();
