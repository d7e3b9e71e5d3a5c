// The puzzle: the learner builds a board, the tutor answers from the
// server's completion search (/api/complete), and /api/generate draws
// puzzles. The page keeps the position in its address (#n=8&q=1:1,3:5&x=2:2,
// one-based row:column lists of queens and blocked squares). Every request
// is aborted when the board changes or the page goes away, which stops the
// search on the server.
'use strict';

(() => {
  const el = (id) => document.getElementById(id);
  const EMPTY = 0, QUEEN = 1, BLOCK = 2;
  const COUNT_LIMIT = 10000;
  // Puzzle sizes for each family and difficulty: [n, k].
  const LEVELS = {
    blocked: { easy: [8, 20], medium: [12, 60], hard: [30, 500] },
    diag: { easy: [8, 4], medium: [14, 10], hard: [21, 19] },
    queens: { easy: [8, 3], medium: [16, 6], hard: [40, 12] },
  };
  let max = 64;

  const pz = {
    n: 8, grid: [],          // grid[r][c]: EMPTY, QUEEN or BLOCK
    undo: [], redo: [],      // moves: lists of [r, c, before, after]
    moves: 0, cursor: [0, 0],
    gen: 0,                  // bumped on every change of the board
    verdict: null,           // the tutor's last answer, for board gen
    hint: null, why: null,   // [r, c] of the hint; squares of "show me why"
    ask: null, askTimer: 0,  // the AbortController of the tutor's request
    countAsk: null,
    finishing: false,
    challenge: null,         // {start, end, timer, helped}
    puzzle: null,            // text describing a generated puzzle
  };
  let squares = [];

  const fmt = (x) => I18N.num(x);
  // name names a square as the page labels it: b3 up to N = 26, else
  // row:column (3:2), one-based like the library's Square.
  const name = (r, c) => `${r + 1}:${c + 1}`; // row:column, as complete --queens reads it
  function time(s) {
    if (s < 0.001) return `${I18N.fixed(s * 1e6, 0)} µs`;
    if (s < 1) return `${I18N.fixed(s * 1000, 1)} ms`;
    return `${I18N.fixed(s, 2)} s`;
  }

  // boardParam is the board as /api/complete's b: rows of Q . x joined by /.
  function boardParam() {
    return pz.grid.map((row) => row.map((v) => '.Qx'[v]).join('')).join('/');
  }

  function list(kind) {
    const out = [];
    for (let r = 0; r < pz.n; r++) for (let c = 0; c < pz.n; c++) if (pz.grid[r][c] === kind) out.push(`${r + 1}:${c + 1}`);
    return out.join(',');
  }

  function queens() {
    const qs = [];
    for (let r = 0; r < pz.n; r++) for (let c = 0; c < pz.n; c++) if (pz.grid[r][c] === QUEEN) qs.push([r, c]);
    return qs;
  }

  const attacks = (a, b) => a[0] === b[0] || a[1] === b[1] || a[0] - a[1] === b[0] - b[1] || a[0] + a[1] === b[0] + b[1];

  // attackingPair returns two queens that attack each other, or null.
  function attackingPair(qs) {
    for (let i = 0; i < qs.length; i++) for (let j = 0; j < i; j++) if (attacks(qs[i], qs[j])) return [qs[j], qs[i]];
    return null;
  }

  // reset empties the board at size n (and forgets the history).
  function reset(n) {
    pz.n = n;
    pz.grid = Array.from({ length: n }, () => new Array(n).fill(EMPTY));
    pz.undo = []; pz.redo = []; pz.moves = 0; pz.cursor = [0, 0];
    pz.puzzle = null;
    stopChallenge();
    el('pz-n').value = n;
    const size = Math.max(10, Math.min(48, Math.floor(560 / n)));
    squares = buildBoard(el('pz-board'), n, size);
    el('pz-board').classList.toggle('small-labels', n > 26);
    if (size < 20) {
      // Numbers would run together: label 1 and every eighth line.
      const labels = el('pz-board').querySelectorAll('.lab');
      labels.forEach((l) => { const k = Number(l.textContent); if (k > 1 && k % 8) l.textContent = ''; });
    }
  }

  // apply makes a move (a list of [r, c, before, after]) and records it.
  function apply(move, record = true) {
    for (const [r, c, , after] of move) pz.grid[r][c] = after;
    if (record) { pz.undo.push(move); pz.redo = []; pz.moves++; }
    changed();
  }

  function set(r, c, v) {
    if (pz.finishing) return;
    const before = pz.grid[r][c];
    const after = before === v ? EMPTY : v;
    apply([[r, c, before, after]]);
  }

  function undo() {
    if (pz.finishing || !pz.undo.length) return;
    const m = pz.undo.pop();
    for (let i = m.length - 1; i >= 0; i--) { const [r, c, before] = m[i]; pz.grid[r][c] = before; }
    pz.redo.push(m); pz.moves++;
    changed();
  }

  function redo() {
    if (pz.finishing || !pz.redo.length) return;
    const m = pz.redo.pop();
    for (const [r, c, , after] of m) pz.grid[r][c] = after;
    pz.undo.push(m); pz.moves++;
    changed();
  }

  // changed follows every change of the board: it redraws, stores the
  // position in the address, and asks the tutor again.
  function changed() {
    pz.gen++;
    pz.verdict = null; pz.hint = null; pz.why = null;
    I18N.show(el('pz-why-out'), '');
    cancelCount('');
    history.replaceState(null, '', '#' + hash());
    draw();
    if (!pz.finishing) askSoon();
  }

  function hash() {
    let h = `n=${pz.n}`;
    const q = list(QUEEN), x = list(BLOCK);
    if (q) h += `&q=${q}`;
    if (x) h += `&x=${x}`;
    return h;
  }

  // load reads a position from an address hash; it returns false if the
  // hash holds none, and says what is wrong if it holds a bad one.
  function load(h) {
    const p = new URLSearchParams(h.replace(/^#/, ''));
    if (!p.has('n')) return false;
    const n = Number(p.get('n'));
    if (!Number.isInteger(n) || n < 4 || n > max) {
      const bad = p.get('n').slice(0, 10);
      status(() => t('pz.linkSize', { n: bad, max }), true);
      return false;
    }
    const squaresOf = (key) => {
      const s = p.get(key);
      if (!s) return [];
      return s.split(',').map((sq) => {
        const m = /^(\d+):(\d+)$/.exec(sq);
        const r = m ? Number(m[1]) - 1 : -1, c = m ? Number(m[2]) - 1 : -1;
        if (r < 0 || r >= n || c < 0 || c >= n) {
          const err = new Error(`the link's square ${sq.slice(0, 12)} is not row:column on the ${n}×${n} board`);
          err.i18n = () => t('pz.linkSquare', { square: sq.slice(0, 12), n: String(n) });
          throw err;
        }
        return [r, c];
      });
    };
    let qs, xs;
    try { qs = squaresOf('q'); xs = squaresOf('x'); } catch (err) { status(() => I18N.errorText(err), true); return false; }
    reset(n);
    for (const [r, c] of xs) pz.grid[r][c] = BLOCK;
    for (const [r, c] of qs) pz.grid[r][c] = QUEEN;
    status(() => t('pz.loaded', { queens: t('u.queens', { count: qs.length }), blocked: t('u.blocked', { count: xs.length }) }));
    changed();
    return true;
  }

  function status(text, err) {
    const s = el('pz-status');
    I18N.show(s, text);
    s.classList.toggle('err', !!err);
  }

  function verdict(text, kind) {
    const v = el('pz-verdict');
    I18N.show(v, text);
    v.className = 'verdict ' + (kind || '');
  }

  function draw() {
    const n = pz.n, qs = queens();
    const attacked = Array.from({ length: n }, () => new Array(n).fill(false));
    for (const [qr, qc] of qs) {
      for (let i = 0; i < n; i++) {
        attacked[qr][i] = attacked[i][qc] = true;
        const d1 = qc + (i - qr), d2 = qc - (i - qr);
        if (d1 >= 0 && d1 < n) attacked[i][d1] = true;
        if (d2 >= 0 && d2 < n) attacked[i][d2] = true;
      }
    }
    const hit = new Set();
    for (let i = 0; i < qs.length; i++) for (let j = 0; j < i; j++) {
      if (attacks(qs[i], qs[j])) { hit.add(qs[i].join()); hit.add(qs[j].join()); }
    }
    const why = new Set((pz.why || []).map((s) => s.join()));
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const d = squares[r][c], v = pz.grid[r][c];
        d.classList.toggle('q', v === QUEEN);
        d.classList.toggle('blk', v === BLOCK);
        d.classList.toggle('pa', v === EMPTY && attacked[r][c]);
        d.classList.toggle('by', hit.has(`${r},${c}`));
        d.classList.toggle('hint', !!pz.hint && pz.hint[0] === r && pz.hint[1] === c);
        d.classList.toggle('why', why.has(`${r},${c}`));
        d.classList.toggle('cursor', pz.cursor[0] === r && pz.cursor[1] === c);
      }
    }
    const solved = qs.length === n && hit.size === 0;
    el('pz-board').classList.toggle('solved', solved);
    el('pz-queens').textContent = `${qs.length}/${n}`;
    el('pz-moves').textContent = fmt(pz.moves);
    el('pz-link').href = '#' + hash();
    el('pz-undo').disabled = !pz.undo.length;
    el('pz-redo').disabled = !pz.redo.length;
    if (solved && pz.challenge && !pz.challenge.end) {
      pz.challenge.end = performance.now();
      clearInterval(pz.challenge.timer);
      tickTimer();
      const helped = pz.challenge.helped, moves = pz.moves, secs = (pz.challenge.end - pz.challenge.start) / 1000;
      const args = () => ({ time: I18N.fixed(secs, 1), moves: t('u.moves', { count: moves }), helps: t('u.helps', { count: helped }) });
      status(helped ? () => t('pz.solvedInHelped', args()) : () => t('pz.solvedIn', args()));
    }
  }

  // askSoon asks the tutor about the board after a short pause, so that
  // a quick series of moves makes one request; the previous request is
  // aborted at once.
  function askSoon() {
    if (pz.ask) pz.ask.abort();
    pz.ask = null;
    clearTimeout(pz.askTimer);
    const qs = queens();
    const pair = attackingPair(qs);
    if (pair) {
      verdict(() => t('pz.pair', { a: name(...pair[0]), b: name(...pair[1]) }), 'no');
      pz.verdict = { gen: pz.gen, verdict: 'dead end', why: `the queens on ${name(...pair[0])} and ${name(...pair[1])} attack each other`, pair };
      return;
    }
    if (qs.length === pz.n) {
      const n = pz.n;
      verdict(() => t('pz.solved', { queens: t('u.queens', { count: n }) }), 'yes');
      pz.verdict = { gen: pz.gen, verdict: 'completable', columns: qs.map(([, c]) => c + 1) };
      return;
    }
    verdict(() => t('pz.asking'), 'wait');
    pz.askTimer = setTimeout(ask, 120);
  }

  async function ask() {
    const gen = pz.gen;
    const ctl = new AbortController();
    pz.ask = ctl;
    let d;
    try {
      const r = await api.fetch(`/api/complete?b=${encodeURIComponent(boardParam())}`, { signal: ctl.signal });
      d = await r.json();
      if (!r.ok) throw I18N.apiError(d, r.status);
    } catch (err) {
      if (ctl.signal.aborted || gen !== pz.gen) return;
      verdict(() => t('pz.noAnswer', { error: I18N.errorText(err) }), 'no');
      return;
    } finally {
      if (pz.ask === ctl) pz.ask = null;
    }
    if (gen !== pz.gen) return;
    d.gen = gen;
    pz.verdict = d;
    const how = () => t('pz.how', { nodes: t('u.nodes', { count: d.nodes }), time: time(d.seconds) });
    if (d.verdict === 'completable') verdict(() => t('pz.completable', { how }), 'yes');
    else if (d.verdict === 'dead end') verdict(() => t('pz.deadEnd', { how }), 'no');
    else verdict(() => t('pz.unknown', { time: time(d.seconds), how }), 'wait');
  }

  // current returns the tutor's answer for the board as it is, asking
  // now if there is none yet.
  async function current() {
    if (pz.verdict && pz.verdict.gen === pz.gen) return pz.verdict;
    clearTimeout(pz.askTimer);
    if (!pz.ask) await ask();
    else {
      const gen = pz.gen;
      while (pz.ask && gen === pz.gen) await new Promise((ok) => setTimeout(ok, 30));
    }
    return pz.verdict && pz.verdict.gen === pz.gen ? pz.verdict : null;
  }

  // emptyRows returns the rows without a queen.
  function emptyRows() {
    const rows = [];
    for (let r = 0; r < pz.n; r++) if (!pz.grid[r].includes(QUEEN)) rows.push(r);
    return rows;
  }

  async function hint() {
    const v = await current();
    const out = el('pz-why-out');
    if (!v) { I18N.show(out, () => t('pz.noAnswerYet')); return; }
    if (v.verdict !== 'completable') {
      I18N.show(out, v.verdict === 'dead end' ? () => t('pz.noHintDeadEnd') : () => t('pz.noHintTime'));
      return;
    }
    const rows = emptyRows();
    if (!rows.length) { I18N.show(out, () => t('pz.nothingLeft')); return; }
    // The row of the completion with the fewest open squares: the move
    // that is hardest to find.
    const r = rows.reduce((best, r) => (openIn(r) < openIn(best) ? r : best), rows[0]);
    pz.hint = [r, v.columns[r] - 1];
    if (pz.challenge) pz.challenge.helped++;
    const square = name(...pz.hint);
    I18N.show(out, () => t('pz.hintOn', { square }));
    draw();
  }

  function openIn(r) {
    const qs = queens();
    let k = 0;
    for (let c = 0; c < pz.n; c++) if (pz.grid[r][c] === EMPTY && !qs.some((q) => attacks(q, [r, c]))) k++;
    return k;
  }

  async function finish() {
    if (pz.finishing) return;
    const v = await current();
    const out = el('pz-why-out');
    if (!v || v.verdict !== 'completable') {
      I18N.show(out, v && v.verdict === 'dead end' ? () => t('pz.cannotFinish') : () => t('pz.noCompletionYet'));
      return;
    }
    const rows = emptyRows();
    if (!rows.length) return;
    if (pz.challenge) pz.challenge.helped++;
    pz.finishing = true;
    pz.hint = null;
    const move = rows.map((r) => [r, v.columns[r] - 1, EMPTY, QUEEN]);
    const gen = pz.gen;
    const step = Math.max(30, Math.min(250, 2500 / rows.length));
    for (const [r, c] of move) {
      await new Promise((ok) => setTimeout(ok, step));
      if (gen !== pz.gen) { pz.finishing = false; return; } // another board was loaded
      pz.grid[r][c] = QUEEN;
      draw();
    }
    pz.finishing = false;
    // The whole finish is one move: one undo takes it back.
    for (const [r, c] of move) pz.grid[r][c] = EMPTY;
    apply(move);
    const squares = move.map(([r, c]) => name(r, c)).join(' ');
    I18N.show(out, () => t('pz.finished', { squares }));
  }

  async function why() {
    const v = await current();
    const out = el('pz-why-out');
    pz.why = null;
    if (!v) { I18N.show(out, () => t('pz.noAnswerYet')); return; }
    if (v.verdict !== 'dead end') {
      I18N.show(out, v.verdict === 'completable' ? () => t('pz.notDeadEnd') : () => t('pz.noAnswerInTime'));
      return;
    }
    if (v.pair) {
      pz.why = v.pair;
      const [a, b] = v.pair.map((q) => name(...q));
      I18N.show(out, () => t('pz.becausePair', { a, b }));
    } else if (v.whyCode === 'row_closed' || v.whyCode === 'column_closed') {
      // The answer's why (in English) comes with its code and the line's
      // number, one-based: the page says it in its language.
      const row = v.whyCode === 'row_closed', i = v.whyLine - 1;
      pz.why = Array.from({ length: pz.n }, (_, j) => (row ? [i, j] : [j, i]));
      I18N.show(out, row ? () => t('pz.rowClosed', { i: String(i + 1) }) : () => t('pz.columnClosed', { i: String(i + 1) }));
    } else {
      const nodes = v.nodes;
      I18N.show(out, () => t('pz.triedAll', { nodes: t('u.nodes', { count: nodes }) }));
    }
    draw();
  }

  async function count() {
    cancelCount('');
    const out = el('pz-count-out');
    const gen = pz.gen;
    const ctl = new AbortController();
    pz.countAsk = ctl;
    out.classList.remove('err');
    I18N.show(out, () => t('pz.counting'));
    let d;
    try {
      const r = await api.fetch(`/api/complete?b=${encodeURIComponent(boardParam())}&count=1&limit=${COUNT_LIMIT}`, { signal: ctl.signal });
      d = await r.json();
      if (!r.ok) throw I18N.apiError(d, r.status);
    } catch (err) {
      if (ctl.signal.aborted || gen !== pz.gen) return;
      out.classList.add('err');
      I18N.show(out, () => I18N.errorText(err));
      return;
    } finally {
      if (pz.countAsk === ctl) pz.countAsk = null;
    }
    const nodes = () => t('u.nodes', { count: d.nodes });
    if (d.exact) I18N.show(out, () => t('pz.countExact', { completions: t('u.completions', { count: d.count }), nodes, time: time(d.seconds) }));
    else if (d.stopped === 'limit') I18N.show(out, () => t('pz.countLimit', { completions: t('u.completions', { count: d.limit }), nodes, time: time(d.seconds) }));
    else I18N.show(out, () => t('pz.countTime', { completions: t('u.completions', { count: d.count }), nodes, time: time(d.seconds) }));
  }

  function cancelCount(text) {
    if (pz.countAsk) { pz.countAsk.abort(); pz.countAsk = null; }
    I18N.show(el('pz-count-out'), text);
  }

  function startChallenge(start) {
    stopChallenge();
    pz.challenge = { start: start || performance.now(), end: 0, helped: 0, timer: setInterval(tickTimer, 250) };
    tickTimer();
  }

  function stopChallenge() {
    if (pz.challenge) clearInterval(pz.challenge.timer);
    pz.challenge = null;
    I18N.show(el('pz-time'), '–');
  }

  function tickTimer() {
    const c = pz.challenge;
    if (!c) return;
    const secs = ((c.end || performance.now()) - c.start) / 1000;
    I18N.show(el('pz-time'), () => `${I18N.fixed(secs, 1)} s`);
  }

  function sizeInput() {
    const n = parseInt(el('pz-n').value, 10);
    if (!(n >= 4 && n <= max)) {
      status(() => t('pz.range', { max }), true);
      return 0;
    }
    return n;
  }

  async function generate() {
    const family = el('pz-family').value, level = el('pz-level').value;
    const [n, k] = LEVELS[family][level];
    const seed = Math.floor(Math.random() * 1e9);
    status(() => t('pz.drawing'));
    let d;
    try {
      const r = await api.fetch(`/api/generate?family=${family}&n=${n}&k=${k}&seed=${seed}`);
      d = await r.json();
      if (!r.ok) throw I18N.apiError(d, r.status);
    } catch (err) {
      status(() => I18N.errorText(err), true);
      return;
    }
    reset(d.n);
    for (const [r, c] of d.blocked) pz.grid[r - 1][c - 1] = BLOCK;
    for (const [r, c] of d.queens) pz.grid[r - 1][c - 1] = QUEEN;
    const what = { blocked: () => t('pz.what.blocked', { count: d.k }), diag: () => t('pz.what.diag', { count: d.k }), queens: () => t('pz.what.queens', { count: d.k }) }[family];
    const nodes = () => t('u.nodes', { count: d.nodes });
    const known = {
      completable: () => t('pz.gen.completable', { nodes }),
      'dead end': () => t('pz.gen.deadEnd', { nodes }),
      unknown: () => t('pz.gen.unknown', { time: time(d.seconds) }),
    }[d.verdict];
    const puzzle = { easy: () => t('pz.puzzle.easy'), medium: () => t('pz.puzzle.medium'), hard: () => t('pz.puzzle.hard') }[level];
    status(() => t('pz.generated', { puzzle, n: String(d.n), what, seed: String(d.seed), known }));
    startChallenge();
    changed();
  }

  function onKey(ev) {
    const n = pz.n;
    let [r, c] = pz.cursor;
    const k = ev.key;
    if (k === 'ArrowUp') r = Math.max(0, r - 1);
    else if (k === 'ArrowDown') r = Math.min(n - 1, r + 1);
    else if (k === 'ArrowLeft') c = Math.max(0, c - 1);
    else if (k === 'ArrowRight') c = Math.min(n - 1, c + 1);
    else if (k === 'Enter' || k === ' ') set(r, c, QUEEN);
    else if ((k === 'x' || k === 'X') && !ev.ctrlKey && !ev.metaKey) set(r, c, BLOCK);
    else return;
    ev.preventDefault();
    ev.stopPropagation(); // the stepper's keys are the page's otherwise
    pz.cursor = [r, c];
    draw();
  }

  function square(ev) {
    const d = ev.target.closest('.sq');
    return d && el('pz-board').contains(d) ? [Number(d.dataset.r), Number(d.dataset.c)] : null;
  }

  function init() {
    if (typeof cfg !== 'undefined' && cfg.puzzleMax) max = cfg.puzzleMax;
    el('pz-n').max = max;
    const board = el('pz-board');
    board.addEventListener('click', (ev) => {
      const s = square(ev);
      if (!s) return;
      pz.cursor = s;
      set(s[0], s[1], ev.shiftKey ? BLOCK : QUEEN);
    });
    board.addEventListener('contextmenu', (ev) => {
      const s = square(ev);
      if (!s) return;
      ev.preventDefault();
      pz.cursor = s;
      set(s[0], s[1], BLOCK);
    });
    board.addEventListener('keydown', onKey);
    document.addEventListener('keydown', (ev) => {
      if (ev.target instanceof HTMLInputElement || ev.target instanceof HTMLSelectElement) return;
      if (!(ev.ctrlKey || ev.metaKey)) return;
      const k = ev.key.toLowerCase();
      if (k === 'z' && !ev.shiftKey) { ev.preventDefault(); undo(); }
      else if (k === 'y' || (k === 'z' && ev.shiftKey)) { ev.preventDefault(); redo(); }
    });
    el('pz-n').addEventListener('change', () => { const n = sizeInput(); if (n) { reset(n); status(''); changed(); } });
    el('pz-clear').addEventListener('click', () => { const n = sizeInput(); if (n) { reset(n); status(''); changed(); } });
    el('pz-undo').addEventListener('click', undo);
    el('pz-redo').addEventListener('click', redo);
    el('pz-challenge').addEventListener('click', () => {
      const n = sizeInput();
      if (!n) return;
      reset(n);
      status(() => t('pz.challengeStart', { queens: t('u.queens', { count: n }) }));
      startChallenge();
      changed();
    });
    el('pz-gen').addEventListener('click', generate);
    el('pz-hint').addEventListener('click', hint);
    el('pz-finish').addEventListener('click', finish);
    el('pz-why').addEventListener('click', why);
    el('pz-count').addEventListener('click', count);
    el('pz-count-cancel').addEventListener('click', () => cancelCount(pz.countAsk ? () => t('common.cancelled') : ''));
    window.addEventListener('hashchange', () => load(location.hash));
    document.addEventListener('i18n:change', draw); // the counters in the new language
    window.addEventListener('pagehide', () => {
      if (pz.ask) pz.ask.abort();
      cancelCount('');
    });
    if (load(location.hash)) {
      el('puzzle').scrollIntoView();
    } else {
      reset(8);
      changed();
      history.replaceState(null, '', location.pathname + location.search);
    }
  }

  // app.js reads the server's limits first; wait for them briefly.
  const started = performance.now();
  (function wait() {
    if ((typeof cfg !== 'undefined' && cfg.puzzleMax) || performance.now() - started > 1000) init();
    else setTimeout(wait, 20);
  })();
})();
