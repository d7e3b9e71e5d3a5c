// The page's languages. Each language has one message table,
// i18n/CODE.js, which calls I18N.add(CODE, {key: message}); a message is
// a string with named placeholders ({count}, {n}) or, where it shows a
// count, an object of plural forms ({"one": ..., "few": ..., "many": ...,
// "other": ...}) chosen by Intl.PluralRules on the argument count. The
// language is ?lang=CODE in the address, else the one chosen before in
// the switcher (localStorage), else the first of navigator.languages the
// page has (by primary subtag: pt-BR is pt), else English. The switcher
// changes every string at once: the page's static text (elements with
// data-i18n="key", data-i18n-title, data-i18n-aria-label) and each text
// the scripts showed with I18N.show(element, () => t(...)), which is
// shown again in the new language; then "i18n:change" is dispatched on
// document for what the scripts redraw themselves.
//
// Some texts say who computes: the server of "nqueens serve", or the
// static site's engine in the browser. For those the tables hold a
// variant, KEY.browser, which t uses instead of KEY once the page knows
// it runs in the browser (I18N.setEngine('browser'), from /api/config).
'use strict';

const I18N = (() => {
  // The languages of the switcher, in their own names. Adding one: its
  // table in i18n/CODE.js, a <script> for it in index.html, a line here
  // (i18n_test.go checks all three and every key of the table).
  const LANGS = [['en', 'English'], ['it', 'Italiano'], ['pl', 'Polski'], ['zh', '中文'], ['pt', 'Português']];
  // Plural rules per language; Portuguese counts as in Portugal, so that
  // zero takes the plural ("0 soluções").
  const PLURAL_LOCALE = { pt: 'pt-PT' };
  const STORE = 'nqueens.lang';
  const tables = {};
  const bound = new Set(); // elements whose text is a function, shown again on a switch
  let lang = '';
  let cache = {};
  let engine = 'server';

  function add(code, table) { tables[code] = table; }

  // known returns the language of the table for a tag such as "pl-PL",
  // or '' when the page has none.
  function known(tag) {
    const p = String(tag || '').toLowerCase().split(/[-_]/)[0];
    return LANGS.some(([c]) => c === p) && tables[p] ? p : '';
  }

  function pick() {
    let l = '';
    try { l = known(new URLSearchParams(location.search).get('lang')); } catch (err) { /* no address */ }
    if (!l) { try { l = known(localStorage.getItem(STORE)); } catch (err) { /* storage refused */ } }
    for (const tag of navigator.languages || [navigator.language]) { if (l) break; l = known(tag); }
    return l || 'en';
  }

  function current() {
    if (!lang) use(pick());
    return lang;
  }

  function use(code) {
    lang = code;
    cache = {};
    document.documentElement.lang = code;
  }

  function numberFormat(opts) {
    const k = JSON.stringify(opts || {});
    if (!cache[k]) cache[k] = new Intl.NumberFormat(current(), opts);
    return cache[k];
  }

  // num writes x as the language writes numbers (1,234 · 1 234 · 1.234).
  function num(x) { return numberFormat().format(Number(x)); }
  // fixed writes x with d decimals.
  function fixed(x, d) { return numberFormat({ minimumFractionDigits: d, maximumFractionDigits: d }).format(Number(x)); }

  function lookup(l, key) {
    if (engine === 'browser') {
      const v = (tables[l] && tables[l][key + '.browser']) ?? (tables.en && tables.en[key + '.browser']);
      if (v !== undefined) return v;
    }
    return (tables[l] && tables[l][key]) ?? (tables.en && tables.en[key]);
  }

  function raw(key, count) {
    const l = current();
    let m = lookup(l, key);
    if (m === undefined) return key;
    if (typeof m === 'object') {
      if (!cache.plural) cache.plural = new Intl.PluralRules(PLURAL_LOCALE[l] || l);
      const form = cache.plural.select(Number(count));
      m = m[form] ?? m.other ?? m.many ?? Object.values(m)[0];
    }
    return m;
  }

  // t returns the message key in the page's language with its
  // placeholders filled from args: numbers as the language writes them,
  // functions called, anything else as text. A message with plural forms
  // takes the form for args.count.
  function t(key, args = {}) {
    return raw(key, args.count).replace(/\{(\w+)\}/g, (all, name) => {
      if (!(name in args)) return all;
      const v = args[name];
      if (typeof v === 'number') return num(v);
      if (typeof v === 'function') return v();
      return String(v);
    });
  }

  // show sets el's text: a function is called now and again at each
  // switch of language; a string (or null) is shown as it is.
  function show(el, v) {
    if (typeof v === 'function') {
      el._i18n = v;
      bound.add(el);
      el.textContent = v();
      if (bound.size > 4000) for (const e of bound) if (!e.isConnected) bound.delete(e);
      return;
    }
    if (el._i18n) { delete el._i18n; bound.delete(el); }
    el.textContent = v == null ? '' : v;
  }

  // fill writes the message key into el; children of el with
  // data-i18n-arg="name" are kept and stand for {name}.
  function fill(el, key) {
    const kids = el.querySelectorAll(':scope > [data-i18n-arg]');
    if (!kids.length) { el.textContent = t(key); return; }
    const named = {};
    for (const k of kids) named[k.dataset.i18nArg] = k;
    const parts = raw(key).split(/\{(\w+)\}/);
    el.replaceChildren(...parts.map((p, i) => (i % 2 ? named[p] || `{${p}}` : p)));
  }

  // apply writes every static string of the page and every text shown
  // with a function, in the current language.
  function apply() {
    current();
    document.title = t('page.title');
    for (const el of document.querySelectorAll('[data-i18n]')) fill(el, el.dataset.i18n);
    for (const attr of ['title', 'aria-label']) {
      for (const el of document.querySelectorAll(`[data-i18n-${attr}]`)) el.setAttribute(attr, t(el.getAttribute(`data-i18n-${attr}`)));
    }
    for (const el of bound) {
      if (!el.isConnected) { bound.delete(el); continue; }
      try { el.textContent = el._i18n(); } catch (err) { console.error(err); } // one bad text spoils no other
    }
    const sel = document.getElementById('lang');
    if (sel) sel.value = lang;
  }

  // set switches the page to the language code and remembers the choice.
  function set(code) {
    if (!known(code)) return;
    use(code);
    try { localStorage.setItem(STORE, code); } catch (err) { /* storage refused: this page only */ }
    try {
      // An address that names the language names the new one, so that a
      // reload or a shared link keeps it.
      const u = new URL(location.href);
      if (u.searchParams.has('lang')) {
        u.searchParams.set('lang', code);
        history.replaceState(history.state, '', u.pathname + u.search + u.hash);
      }
    } catch (err) { /* an address that cannot be replaced: keep it */ }
    apply();
    document.dispatchEvent(new CustomEvent('i18n:change', { detail: code }));
  }

  // setEngine says who answers the page's questions: 'server' or
  // 'browser' (the static site), whose variants of the texts it then
  // shows.
  function setEngine(name) {
    const e = name === 'browser' ? 'browser' : 'server';
    if (e === engine) return;
    engine = e;
    if (lang) apply();
  }

  // apiError is the Error for a JSON error answer d ({"error", "code"})
  // of HTTP status; errorText says it in the page's language.
  function apiError(d, status) {
    const e = new Error((d && d.error) || `HTTP ${status}`);
    e.code = (d && d.code) || '';
    e.args = (d && d.args) || {};
    e.detail = d && d.detail;
    e.api = true;
    return e;
  }

  // errorText says err in the page's language: an API error by its code
  // (a bad request with the API's own words, in English, as the detail),
  // the static site's engine's errors by their codes, a request without
  // an answer as such, an error the page made with its message function.
  function errorText(err) {
    // The static site's engine (api.js): a browser without what it
    // needs, an engine that stopped or failed (the browser's words, in
    // its language, as the detail).
    switch (err && err.code) {
      case 'engine_unsupported': return t('err.engine');
      case 'engine_stopped': return t('err.engineStopped');
      case 'engine_failed': return t('err.engineFailed', { detail: String(err.detail || err.message) });
    }
    if (err && err.api) {
      switch (err.code) {
        // A count above what the static site counts in the browser.
        case 'browser_count_max': return t('err.browserCount', { n: String(err.args.n), max: String(err.args.max) });
        case 'busy': return t('err.busy');
        case 'timeout': return t('err.timeout');
        case 'bad_request': return t('err.badRequest', { detail: err.message });
        default: return t('err.server', { detail: err.message });
      }
    }
    if (err && typeof err.i18n === 'function') return err.i18n();
    if (err instanceof TypeError || err instanceof SyntaxError) return t('err.noAnswer');
    return t('err.page', { detail: String((err && err.message) || err) });
  }

  function switcher() {
    const sel = document.getElementById('lang');
    if (!sel) return;
    for (const [code, name] of LANGS) {
      if (!tables[code]) continue;
      const o = document.createElement('option');
      o.value = code; o.lang = code; o.textContent = name;
      sel.append(o);
    }
    sel.addEventListener('change', () => set(sel.value));
  }

  // The tables load after this script: start when the document has
  // loaded (at once if it has, as for a script added later).
  const start = () => { switcher(); apply(); };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else setTimeout(start, 0);

  return { LANGS, tables, add, t, num, fixed, show, apply, set, setEngine, apiError, errorText, get lang() { return current(); } };
})();

const t = I18N.t;
