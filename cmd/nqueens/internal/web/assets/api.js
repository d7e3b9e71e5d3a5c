// api is how the page asks its questions (the paths under /api/, as
// docs/SERVE.md describes them), in one of two ways:
//
//  - served by "nqueens serve" (engine.js sets NQ_ENGINE to null), it asks
//    the server: api.fetch is fetch and api.events is new EventSource;
//  - in the static site "nqueens site" writes, engine.js holds the same
//    Go handlers compiled to WebAssembly, and each request runs in a Web
//    Worker: api.fetch answers with a Response holding the same JSON body,
//    api.events with an object that fires the same events as an
//    EventSource, parsed from the same event stream. The page never
//    freezes, and stopping a request (an AbortSignal, or close() before
//    the end) ends its worker.
//
// The workers start from a Blob, and the engine comes from engine.js, not
// from a .wasm file, so the page works opened from disk (file://) too.
'use strict';

const api = (() => {
  const engine = self.NQ_ENGINE;
  if (!engine) {
    return {
      engine: 'server',
      fetch: (url, opts) => fetch(url, opts),
      events: (url) => new EventSource(url),
    };
  }

  // The code of a worker, after wasm_exec.js: it starts the engine from
  // the module the page sends, then runs each request it is given,
  // posting the chunks of the answer.
  function worker() {
    let ready;
    const started = new Promise((ok) => { ready = ok; });
    self.nqueensReady = () => ready();
    self.onmessage = async (m) => {
      const d = m.data;
      if (d.module) {
        const go = new Go();
        const inst = await WebAssembly.instantiate(d.module, go.importObject);
        // The engine returns only if it fails (a panic): say so.
        go.run(inst).finally(() => self.postMessage({ exited: true }));
        return;
      }
      await started;
      try {
        self.nqueensServe(d.method, d.url, d.body, (status, type, text, done) => {
          self.postMessage({ id: d.id, status, type, text, done });
        });
      } catch (err) {
        self.postMessage({ exited: true }); // the engine is gone
      }
    };
  }
  const workerURL = URL.createObjectURL(new Blob(
    [engine.wasmExec, '\n(', worker.toString(), ')();\n'], { type: 'text/javascript' }));

  // The engine, compiled once; each worker instantiates it.
  let compiled = null;
  function module() {
    if (!compiled) {
      compiled = (async () => {
        if (typeof WebAssembly === 'undefined' || typeof Worker === 'undefined' || typeof DecompressionStream === 'undefined') {
          // The page says it in its language (i18n.js: errorText).
          const e = new Error('This browser cannot run the page\'s engine: it needs WebAssembly, Web Workers and DecompressionStream (Chromium 80, Firefox 113, Safari 16.4 or later).');
          e.code = 'engine_unsupported';
          throw e;
        }
        const text = atob(engine.wasmGzip);
        const gz = new Uint8Array(text.length);
        for (let i = 0; i < text.length; i++) gz[i] = text.charCodeAt(i);
        const wasm = await new Response(new Blob([gz]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer();
        return WebAssembly.compile(wasm);
      })();
    }
    return compiled;
  }

  // Idle workers, kept for the next requests; a worker runs one request
  // at a time, since a search holds it until it returns.
  const idle = [];
  const IDLE_MAX = 2;
  let lastID = 0;

  // request runs one request on a worker and calls chunk({status, type,
  // text, done}) for each piece of the answer, or fail(error). It returns
  // a function that ends the request and its worker.
  function request(method, url, body, chunk, fail) {
    const id = ++lastID;
    let w = null, over = false;
    module().then((mod) => {
      if (over) return;
      w = idle.pop();
      if (!w) {
        w = new Worker(workerURL);
        w.postMessage({ module: mod });
      }
      w.onmessage = (m) => {
        const c = m.data;
        if (c.exited && !over) {
          over = true;
          w.terminate();
          // The page says it in its language (i18n.js: errorText).
          fail(Object.assign(new Error('the engine stopped (the browser\'s console says why)'), { code: 'engine_stopped' }));
          return;
        }
        if (c.id !== id || over) return;
        if (c.done) {
          over = true;
          w.onmessage = w.onerror = null;
          if (idle.length < IDLE_MAX) idle.push(w); else w.terminate();
        }
        chunk(c);
      };
      w.onerror = (e) => {
        if (over) return;
        over = true;
        w.terminate();
        const detail = String(e.message || e);
        fail(Object.assign(new Error(`the engine failed: ${detail}`), { code: 'engine_failed', detail }));
      };
      w.postMessage({ id, method, url, body });
    }).catch((err) => {
      if (!over) { over = true; fail(err); }
    });
    return () => {
      if (over) return;
      over = true;
      if (w) w.terminate();
    };
  }

  function abortError() { return new DOMException('The request was aborted.', 'AbortError'); }

  // apiFetch is fetch for the engine: a Response with the status, the
  // Content-Type and the body the handler wrote.
  function apiFetch(url, opts = {}) {
    return new Promise((resolve, reject) => {
      const signal = opts.signal;
      if (signal && signal.aborted) { reject(abortError()); return; }
      const parts = [];
      const cancel = request(opts.method || 'GET', String(url), opts.body ? String(opts.body) : '', (c) => {
        parts.push(c.text);
        if (c.done) resolve(new Response(parts.join(''), { status: c.status, headers: { 'Content-Type': c.type } }));
      }, reject);
      if (signal) signal.addEventListener('abort', () => { cancel(); reject(abortError()); });
    });
  }

  // Events is EventSource for the engine: addEventListener(type, f) with
  // the events of the stream (f gets {type, data}), and close(). An
  // answer that is not a stream (a bad request) fires "error" with its
  // JSON body as data, and so does a request the engine could not run
  // ({"error", "code"}: "engine_unsupported" for a browser without what
  // it needs, "engine_stopped" for an engine that exited, "engine_failed"
  // with "detail" for a worker's error); a stream that ends without being
  // closed fires "error" without data, as an EventSource whose server
  // went away.
  class Events {
    constructor(url) {
      this.url = String(url);
      this.listeners = {};
      this.closed = false;
      let buf = '';
      const body = [];
      this.cancel = request('GET', this.url, '', (c) => {
        if (this.closed) return;
        if (c.status !== 200) {
          body.push(c.text);
          if (c.done) { this.closed = true; this.fire('error', body.join('')); }
          return;
        }
        buf += c.text;
        for (let i = buf.indexOf('\n\n'); i >= 0 && !this.closed; i = buf.indexOf('\n\n')) {
          const frame = buf.slice(0, i);
          buf = buf.slice(i + 2);
          let type = 'message';
          const data = [];
          for (const line of frame.split('\n')) {
            if (line.startsWith('event:')) type = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
          }
          this.fire(type, data.join('\n'));
        }
        if (c.done && !this.closed) { this.closed = true; this.fire('error', undefined); }
      }, (err) => {
        if (!this.closed) {
          this.closed = true;
          this.fire('error', JSON.stringify({ error: String(err.message || err), code: err.code || 'internal', detail: err.detail }));
        }
      });
    }
    addEventListener(type, f) { (this.listeners[type] = this.listeners[type] || []).push(f); }
    fire(type, data) { for (const f of this.listeners[type] || []) f({ type, data }); }
    // close stops listening. A request still running is ended, with its
    // worker, unless its last piece is on its way (a stream closed on its
    // last event): that worker is kept.
    close() {
      if (this.closed && !this.cancel) return;
      this.closed = true;
      const cancel = this.cancel;
      this.cancel = null;
      if (cancel) setTimeout(cancel, 250);
    }
  }

  return {
    engine: 'browser',
    fetch: apiFetch,
    events: (url) => new Events(url),
  };
})();
