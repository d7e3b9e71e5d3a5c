package web

//go:generate go run ./wasm/gen -o engine -pkg ./wasm

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// BrowserCountMax is the largest N the page's WebAssembly engine counts,
// on one core of the browser and without progress reports (a search in
// WebAssembly does not yield until it returns): a few seconds at most,
// where N = 17 would take some eight times as long. A larger N is
// answered with a plain error naming "nqueens count".
const BrowserCountMax = 16

func engineName(browser bool) string {
	if browser {
		return "browser"
	}
	return "server"
}

// NewEngine returns the handler of the API alone (the paths under /api/,
// the same handlers as New's) for the page's WebAssembly engine, which
// runs it in a Web Worker of the browser (cmd/nqueens/internal/web/wasm).
// There the count stops at BrowserCountMax, and every time limit is read
// from the clock by the search's own checks of its context: a program
// compiled to WebAssembly runs one goroutine at a time and does not
// switch while a search computes, so a timer would fire only after the
// search it should stop. Options.Addr is ignored (no network).
func NewEngine(opts Options) (http.Handler, error) {
	if err := opts.check(); err != nil {
		return nil, err
	}
	if opts.CountMax == 0 {
		// The count panel takes any N up to the server's limit, so that
		// a larger one is told plainly where it can be counted.
		opts.CountMax = CountLimit
	}
	opts.Addr = ""
	opts = opts.withDefaults()
	s := &server{opts: opts, gate: newGate(opts.Cores, opts.QueueMax, opts.QueueWait), browser: true}
	mux := http.NewServeMux()
	s.routeAPI(mux)
	mux.HandleFunc("/", notFound)
	return limitBody(mux), nil
}

// withTimeout is context.WithTimeout, except for the browser's engine,
// whose contexts read the clock (clockContext).
func (s *server) withTimeout(parent context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if !s.browser {
		return context.WithTimeout(parent, d)
	}
	ctx, cancel := context.WithCancel(parent)
	c := &clockContext{Context: ctx, deadline: time.Now().Add(d)}
	// The timer also ends Done when the scheduler gets to run it.
	t := time.AfterFunc(d, cancel)
	return c, func() { t.Stop(); cancel() }
}

// clockContext is a context whose Err reads the clock: it is
// context.DeadlineExceeded from the deadline on, whether or not a timer
// has fired. The searches of the library check their context's Err every
// few thousand nodes, so they stop in time without a timer.
type clockContext struct {
	context.Context
	deadline time.Time
}

func (c *clockContext) Deadline() (time.Time, bool) { return c.deadline, true }

func (c *clockContext) Err() error {
	if !time.Now().Before(c.deadline) {
		return context.DeadlineExceeded
	}
	return c.Context.Err()
}

// Chunk is one piece of an answer of ServeMemory: the status and
// Content-Type (set on every chunk), the bytes written since the last
// chunk, and Done on the last one.
type Chunk struct {
	Status      int
	ContentType string
	Body        []byte
	Done        bool
}

// ServeMemory runs h on one request (method, a path with its query, and
// a body, "" for none) without a network, handing the answer to emit:
// one chunk each time the handler flushes (an event stream flushes each
// event), then the rest with Done set. It returns when h has. The
// context ends h's request as a client leaving would. A target that is
// not a path is answered 400; a handler that panics, 500 (the chunks it
// flushed before stand).
func ServeMemory(ctx context.Context, h http.Handler, method, target, body string, emit func(Chunk)) {
	w := &memWriter{header: http.Header{}, emit: emit}
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	r, err := http.NewRequestWithContext(ctx, method, "http://engine"+target, rd)
	if err != nil || !strings.HasPrefix(target, "/") {
		writeError(w, http.StatusBadRequest, "bad request: "+quote(target))
		w.finish()
		return
	}
	r.RequestURI = target
	defer func() {
		if v := recover(); v != nil {
			w.buf.Reset()
			w.header = http.Header{}
			w.status = 0
			writeError(w, http.StatusInternalServerError, fmt.Sprintf("internal error: %v", v))
			w.finish()
		}
	}()
	h.ServeHTTP(w, r)
	w.finish()
}

// memWriter is the http.ResponseWriter of ServeMemory.
type memWriter struct {
	header http.Header
	status int
	buf    bytes.Buffer
	emit   func(Chunk)
}

func (w *memWriter) Header() http.Header { return w.header }

func (w *memWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
}

func (w *memWriter) Write(b []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	return w.buf.Write(b)
}

// Flush hands what was written since the last chunk to emit.
func (w *memWriter) Flush() {
	w.WriteHeader(http.StatusOK)
	w.send(false)
}

func (w *memWriter) finish() {
	w.WriteHeader(http.StatusOK)
	w.send(true)
}

func (w *memWriter) send(done bool) {
	b := bytes.Clone(w.buf.Bytes())
	w.buf.Reset()
	w.emit(Chunk{Status: w.status, ContentType: w.header.Get("Content-Type"), Body: b, Done: done})
}
