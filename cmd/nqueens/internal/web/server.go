// Package web is the visualizer that "nqueens serve" runs: one page whose
// assets are embedded in the binary, and a JSON API over the nqueens
// library.
//
// The page does not search by itself. Stepping replays the events that
// the library's own methods report through SolveOptions.Trace, streamed by
// /api/events as server-sent events in windows the page asks for, so there
// is one implementation of each algorithm. docs/SERVE.md describes the API.
//
// The same page runs without a server in the static site that "nqueens
// site" writes (Site): there the API's handlers (NewEngine) run compiled
// to WebAssembly in a Web Worker of the browser, and the page's api.js
// sends its requests to them instead of to a server. docs/SITE.md
// describes it.
package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"path"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/nqueens/nqueens"
)

// Options sets the server's limits. The zero value means the defaults,
// which are what "nqueens serve" runs without flags.
type Options struct {
	// CountMax is the largest N /api/count accepts, at most CountLimit;
	// 0 means 17.
	CountMax int
	// CountTimeout bounds one count; 0 means 5 minutes.
	CountTimeout time.Duration
	// Timeout bounds every other request; 0 means 10 seconds.
	Timeout time.Duration
	// Find returns one solution of the n×n board for /api/find, or an
	// error wrapping nqueens.ErrNoSolution when there is none (which
	// /api/find answers as {"solution": false}); nil means nqueens.Find,
	// the explicit construction, which answers any N at once.
	Find func(ctx context.Context, n int) (nqueens.Placement, error)
	// FindMax is the largest N /api/find accepts; 0 means 10,000.
	FindMax int

	// Addr is the address the server listens on, as its listener's Addr
	// method gives it (host:port). When the host is a loopback address,
	// requests whose Host header is not 127.0.0.1:PORT, localhost:PORT or
	// [::1]:PORT (PORT being Addr's) are refused with HTTP 421, so that a
	// web page whose name an attacker points at 127.0.0.1 (DNS
	// rebinding) cannot use the server. "" or another host: no check.
	Addr string

	// Cores is how many cores' worth of searches run at once; 0 means
	// runtime.GOMAXPROCS(0). Every request that runs a search (count,
	// solve, find, events, complete, generate) or checks a POST body holds one slot while it
	// runs; a count takes, when it starts, the slots nobody else holds or
	// waits for, one per worker.
	Cores int
	// QueueMax is how many requests may wait for a slot; 0 means
	// 4·Cores. A request beyond it is refused at once with HTTP 503 and
	// Retry-After.
	QueueMax int
	// QueueWait is how long a request waits for a slot before it is
	// refused with 503; 0 means one second.
	QueueWait time.Duration
}

// Limits of the API besides Options.
const (
	// CountLimit is the largest Options.CountMax: N = 20 takes about
	// 420 s of one core (docs/BENCHMARKS.md), N = 21 about eight times
	// that.
	CountLimit = 20
	// StepMax is the largest N /api/events and /api/solve accept.
	StepMax = 16
	// WindowMax is the most events one /api/events request returns.
	WindowMax = 50_000
	// FromMax is the largest event index /api/events starts from. Each
	// window replays the search from its start, so FromMax bounds the
	// work of one request: 10^7 events take about 0.2 s of one core.
	FromMax = 10_000_000
	// SolveMax is the most solutions one /api/solve request returns.
	SolveMax = 10_000
	// BodyMax is the largest request body, in bytes.
	BodyMax = 1 << 20
	// MaxHeaderBytes is the http.Server's MaxHeaderBytes for the API:
	// net/http reads up to 4096 bytes more before it refuses a request
	// line and headers with 431 (Listener makes that answer JSON). A
	// GET /api/check?p= of about 3,000 queens fits.
	MaxHeaderBytes = 16 << 10
)

func (o Options) withDefaults() Options {
	if o.CountMax == 0 {
		o.CountMax = 17
	}
	if o.CountTimeout == 0 {
		o.CountTimeout = 5 * time.Minute
	}
	if o.Timeout == 0 {
		o.Timeout = 10 * time.Second
	}
	if o.FindMax == 0 {
		o.FindMax = 10_000
	}
	if o.Find == nil {
		o.Find = func(_ context.Context, n int) (nqueens.Placement, error) { return nqueens.Find(n) }
	}
	if o.Cores == 0 {
		o.Cores = runtime.GOMAXPROCS(0)
	}
	if o.QueueMax == 0 {
		o.QueueMax = 4 * o.Cores
	}
	if o.QueueWait == 0 {
		o.QueueWait = time.Second
	}
	return o
}

// check returns an error for a negative limit or a CountMax above
// CountLimit.
func (o Options) check() error {
	if o.CountMax < 0 || o.CountTimeout < 0 || o.Timeout < 0 || o.FindMax < 0 ||
		o.Cores < 0 || o.QueueMax < 0 || o.QueueWait < 0 {
		return errors.New("web: negative limit")
	}
	if o.CountMax > CountLimit {
		return fmt.Errorf("web: CountMax %d is above %d", o.CountMax, CountLimit)
	}
	return nil
}

// route serves path on mux with h for the given methods, answering any
// other method with 405.
func route(mux *http.ServeMux, path string, h http.Handler, methods ...string) {
	mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
		if allow(w, r, methods...) {
			h.ServeHTTP(w, r)
		}
	})
}

// routeAPI serves the API under /api/ on mux: the same handlers for
// "nqueens serve" and for the page's WebAssembly engine (NewEngine).
func (s *server) routeAPI(mux *http.ServeMux) {
	route(mux, "/api/config", apiHandler(s.config), http.MethodGet)
	route(mux, "/api/events", apiHandler(s.events), http.MethodGet)
	route(mux, "/api/count", apiHandler(s.count), http.MethodGet)
	route(mux, "/api/solve", apiHandler(s.solve), http.MethodGet)
	route(mux, "/api/find", apiHandler(s.find), http.MethodGet)
	route(mux, "/api/check", apiHandler(s.check), http.MethodGet, http.MethodPost)
	route(mux, "/api/complete", apiHandler(s.complete), http.MethodGet)
	route(mux, "/api/generate", apiHandler(s.generate), http.MethodGet)
	mux.HandleFunc("/api/", notFound)
}

// loopbackHosts returns the Host headers a server listening on addr
// accepts: for a loopback address 127.0.0.1, localhost and [::1] with
// addr's port (and without it for port 80); nil, meaning any, for ""
// and for other addresses.
func loopbackHosts(addr string) (map[string]bool, error) {
	if addr == "" {
		return nil, nil
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("web: Addr: %v", err)
	}
	ip, err := netip.ParseAddr(host)
	if err != nil || !ip.IsLoopback() {
		if host != "localhost" {
			return nil, nil
		}
	}
	hosts := map[string]bool{}
	for _, h := range []string{"127.0.0.1", "localhost", "[::1]"} {
		hosts[h+":"+port] = true
		if port == "80" {
			hosts[h] = true
		}
	}
	return hosts, nil
}

// guardHost refuses, with HTTP 421 and a JSON error, requests whose Host
// header is not in hosts (nil: any).
func guardHost(hosts map[string]bool, h http.Handler) http.Handler {
	if hosts == nil {
		return h
	}
	want := make([]string, 0, len(hosts))
	for k := range hosts {
		want = append(want, k)
	}
	sort.Strings(want)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !hosts[strings.ToLower(r.Host)] {
			writeError(w, http.StatusMisdirectedRequest, fmt.Sprintf(
				"Host %s: this server answers only to %s (it listens on the loopback address)",
				quote(r.Host), strings.Join(want, ", ")))
			return
		}
		h.ServeHTTP(w, r)
	})
}

// allow reports whether r's method is one of methods (GET includes HEAD);
// if not, it answers 405 with an Allow header and a JSON error.
func allow(w http.ResponseWriter, r *http.Request, methods ...string) bool {
	var list []string
	for _, m := range methods {
		if r.Method == m || (m == http.MethodGet && r.Method == http.MethodHead) {
			return true
		}
		list = append(list, m)
		if m == http.MethodGet {
			list = append(list, http.MethodHead)
		}
	}
	allowed := strings.Join(list, ", ")
	w.Header().Set("Allow", allowed)
	writeError(w, http.StatusMethodNotAllowed, fmt.Sprintf("%s %s: method not allowed (allowed: %s)", r.Method, r.URL.Path, allowed))
	return false
}

// notFound answers 404 with a JSON error.
func notFound(w http.ResponseWriter, r *http.Request) {
	writeError(w, http.StatusNotFound, fmt.Sprintf("no such path: %s %s", r.Method, r.URL.Path))
}

// cleanPaths answers with notFound, a JSON 404, each request that
// http.ServeMux would answer with an HTML redirect: a path not in clean
// form ("/../../etc/passwd", "//api/count", "/a/./b", which ServeMux
// sends to the cleaned path with a 301 or 307, as a client that does not
// clean its paths asks: curl --path-as-is) and "/api", the API's root
// without its slash. Every path the server answers is clean, so no
// request that could succeed is lost.
func cleanPaths(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p := r.URL.Path; p != cleanPath(p) || p == "/api" {
			notFound(w, r)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// cleanPath is the path http.ServeMux redirects p to: p rooted and
// cleaned (path.Clean), keeping a trailing slash.
func cleanPath(p string) string {
	if p == "" {
		return "/"
	}
	if p[0] != '/' {
		p = "/" + p
	}
	np := path.Clean(p)
	if p[len(p)-1] == '/' && np != "/" {
		np += "/"
	}
	return np
}

// netErrorHeaders are the headers of the answers net/http's server
// writes by itself on the connection, as plain text, to a request no
// handler sees: 431 for a request line and headers over MaxHeaderBytes
// (a URL of tens of KiB), 400 for a malformed request (no Host header, a
// bad header line), 501 for an unknown transfer encoding.
const netErrorHeaders = "\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n"

// Listener returns ln whose connections rewrite the answers net/http
// writes by itself (netErrorHeaders) into the API's shape, {"error",
// "code"}, keeping their status: every error of the server is JSON. A
// handler's answers are left as they are.
func Listener(ln net.Listener) net.Listener { return jsonErrorListener{ln} }

type jsonErrorListener struct{ net.Listener }

func (l jsonErrorListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return jsonErrorConn{c}, nil
}

type jsonErrorConn struct{ net.Conn }

// CloseWrite half-closes the connection, as net/http does after its 431
// so that the client, still sending, reads the answer before the reset.
func (c jsonErrorConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// Write writes p, or its JSON form when p is a whole answer of net/http's
// own (jsonNetError), reporting p written.
func (c jsonErrorConn) Write(p []byte) (int, error) {
	if b, ok := jsonNetError(p); ok {
		if _, err := c.Conn.Write(b); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	return c.Conn.Write(p)
}

// jsonNetError returns, for p an answer that net/http writes by itself
// ("HTTP/1.1 431 Request Header Fields Too Large" and netErrorHeaders
// right after the status line, then the text), the same answer with the
// text as a JSON error. A handler's answer never matches: net/http
// writes it through a buffer with a Date header, and its headers in
// sorted order, Connection before Content-Type.
func jsonNetError(p []byte) ([]byte, bool) {
	const proto = "HTTP/1.1 "
	if !bytes.HasPrefix(p, []byte(proto)) {
		return nil, false
	}
	i := bytes.Index(p[:min(len(p), 512)], []byte(netErrorHeaders))
	if i < 0 || bytes.Contains(p[:i], []byte("\r\n")) {
		return nil, false
	}
	status, text := string(p[len(proto):i]), string(p[i+len(netErrorHeaders):])
	code, err := strconv.Atoi(status[:min(len(status), 3)])
	if err != nil || code < 400 || code > 599 {
		return nil, false
	}
	if code == http.StatusRequestHeaderFieldsTooLarge {
		text = fmt.Sprintf("the request line and headers are over %d bytes: no request of this API is so long (POST /api/check takes a large placement in its body)", MaxHeaderBytes+4096)
	}
	body, _ := json.Marshal(map[string]string{"error": text, "code": errorCode(code)})
	body = append(body, '\n')
	return fmt.Appendf(nil, "%s%s\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: %d\r\n\r\n%s", proto, status, len(body), body), true
}

type server struct {
	opts Options
	gate *gate
	// browser is set for the page's WebAssembly engine (NewEngine):
	// its time limits are read from the clock, and counts stop at
	// BrowserCountMax.
	browser bool
}

// start admits a request that runs a search, whose parameters are
// checked. It returns false when the request is answered already: a HEAD
// gets the status and Content-Type (contentType) that a GET would begin
// with, and no search runs; a request that finds the server busy gets
// 503 with Retry-After; one whose client left gets nothing. After true
// the caller must call s.gate.release(1) once its search has returned.
func (s *server) start(w http.ResponseWriter, r *http.Request, contentType string) bool {
	if r.Method == http.MethodHead {
		w.Header().Set("Content-Type", contentType)
		w.WriteHeader(http.StatusOK)
		return false
	}
	if err := s.gate.acquire(r.Context()); err != nil {
		fail(w, err)
		return false
	}
	return true
}

// limitBody caps every request body at BodyMax bytes.
func limitBody(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Body = http.MaxBytesReader(w, r.Body, BodyMax)
		w.Header().Set("X-Content-Type-Options", "nosniff")
		h.ServeHTTP(w, r)
	})
}

// badRequest is an error in the request: HTTP 400. Its code is
// "bad_request" unless code is set: then the answer carries code and
// args, the numbers the page fills into its own wording of msg.
type badRequest struct {
	msg  string
	code string
	args map[string]int
}

func (e *badRequest) Error() string { return e.msg }

func badf(format string, a ...any) error { return &badRequest{msg: fmt.Sprintf(format, a...)} }

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	enc := json.NewEncoder(w)
	enc.Encode(v)
}

// writeError answers {"error": msg, "code": C}: msg says what is wrong
// in English, C is a stable code for it that the page translates
// (errorCode).
func writeError(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, map[string]string{"error": msg, "code": errorCode(code)})
}

// errorCode is the code of an error answer with HTTP status code, as the
// page's message tables know it (i18n.js: errorText): "bad_request",
// "not_found", "method_not_allowed", "wrong_host", "busy", "timeout" or
// "internal".
func errorCode(status int) string {
	switch status {
	case http.StatusBadRequest, http.StatusRequestHeaderFieldsTooLarge:
		return "bad_request"
	case http.StatusNotFound:
		return "not_found"
	case http.StatusMethodNotAllowed:
		return "method_not_allowed"
	case http.StatusMisdirectedRequest:
		return "wrong_host"
	case http.StatusServiceUnavailable:
		return "busy"
	case http.StatusGatewayTimeout:
		return "timeout"
	}
	return "internal"
}

// fail writes err as JSON: 400 for bad requests, 503 with Retry-After
// when the server is busy, 504 for a request that ran out of time, 500
// otherwise.
func fail(w http.ResponseWriter, err error) {
	var br *badRequest
	switch {
	case errors.As(err, &br) && br.code != "":
		writeJSON(w, http.StatusBadRequest, map[string]any{"error": br.msg, "code": br.code, "args": br.args})
	case errors.As(err, &br):
		writeError(w, http.StatusBadRequest, br.msg)
	case errors.Is(err, errBusy):
		w.Header().Set("Retry-After", "1")
		writeError(w, http.StatusServiceUnavailable, "the server is busy (every core it may use is computing); try again in a moment")
	case errors.Is(err, context.DeadlineExceeded):
		writeError(w, http.StatusGatewayTimeout, "the request ran out of time")
	case errors.Is(err, context.Canceled):
		// The client went away; nobody reads the answer.
	default:
		writeError(w, http.StatusInternalServerError, err.Error())
	}
}

// query returns the request's query parameters, which must be among
// known. A query that does not parse, an unknown parameter, or one given
// more than once is a bad request: which of two values to use, or what a
// misspelt name meant, would be a guess.
func query(r *http.Request, known ...string) (url.Values, error) {
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		return nil, badf("query: %v", err)
	}
	names := make([]string, 0, len(q))
	for k := range q {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if !slices.Contains(known, k) {
			if len(known) == 0 {
				return nil, badf("unknown parameter %s (%s takes none)", quote(k), r.URL.Path)
			}
			return nil, badf("unknown parameter %s (%s takes %s)", quote(k), r.URL.Path, strings.Join(known, ", "))
		}
		if len(q[k]) > 1 {
			return nil, badf("%s is given %d times; give it once", k, len(q[k]))
		}
	}
	return q, nil
}

// quote returns s quoted like strconv.Quote, cut to its first 40 bytes
// (on a rune boundary) with "…" after the quote when it is longer.
func quote(s string) string {
	const max = 40
	if len(s) <= max {
		return strconv.Quote(s)
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + "…"
}

// intParam reads the query parameter name as an integer in lo..hi; an
// absent parameter gives def.
func intParam(q url.Values, name string, def, lo, hi int) (int, error) {
	s := q.Get(name)
	if s == "" {
		return def, nil
	}
	v, err := strconv.Atoi(s)
	if errors.Is(err, strconv.ErrRange) {
		side := "large"
		if strings.HasPrefix(s, "-") {
			side = "small"
		}
		return 0, badf("%s = %s is too %s (want %d to %d)", name, quote(s), side, lo, hi)
	}
	if err != nil {
		return 0, badf("%s: %s is not a whole number", name, quote(s))
	}
	if v < lo || v > hi {
		return 0, badf("%s = %d is out of range %d to %d", name, v, lo, hi)
	}
	return v, nil
}

// boolParam reads the query parameter name as a boolean: 1, t or true, 0,
// f or false, in any case; an absent parameter is false.
func boolParam(q url.Values, name string) (bool, error) {
	s := q.Get(name)
	switch {
	case s == "":
		return false, nil
	case s == "1" || strings.EqualFold(s, "t") || strings.EqualFold(s, "true"):
		return true, nil
	case s == "0" || strings.EqualFold(s, "f") || strings.EqualFold(s, "false"):
		return false, nil
	}
	return false, badf("%s: %s is not a boolean (want true, false, 1 or 0)", name, quote(s))
}

// nParam reads the required parameter n in 1..max.
func nParam(q url.Values, max int) (int, error) {
	if q.Get("n") == "" {
		return 0, badf("n is missing")
	}
	return intParam(q, "n", 0, 1, max)
}

// methodParam reads the parameter method: one of nqueens.Methods, the
// methods that report their steps and list solutions (not Quadrant, which
// only counts). Absent means Bitboard.
func methodParam(q url.Values) (nqueens.Method, error) {
	s := q.Get("method")
	if s == "" {
		return nqueens.MethodBitboard, nil
	}
	if m, err := nqueens.ParseMethod(s); err == nil && slices.Contains(nqueens.SearchMethods, m) {
		return m, nil // also an old name ("board")
	}
	names := make([]string, len(nqueens.SearchMethods))
	for i, m := range nqueens.SearchMethods {
		names[i] = string(m)
	}
	return "", badf("method: unknown method %s (want %s)", quote(s), strings.Join(names, ", "))
}

// config tells the page the server's limits.
func (s *server) config(w http.ResponseWriter, r *http.Request) error {
	if _, err := query(r); err != nil {
		return err
	}
	methods := make([]string, len(nqueens.SearchMethods))
	for i, m := range nqueens.SearchMethods {
		methods[i] = string(m)
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"stepMax":  StepMax,
		"countMax": s.opts.CountMax,
		"findMax":  s.opts.FindMax,
		"fromMax":  FromMax,
		"methods":  methods,
		// The puzzle's boards: /api/complete and /api/generate.
		"puzzleMax": nqueens.MaxN,
		// Who answers: "server" (nqueens serve) or "browser" (the
		// WebAssembly engine of the static site, which counts up to
		// browserCountMax).
		"engine":          engineName(s.browser),
		"browserCountMax": BrowserCountMax,
	})
	return nil
}
