// Package web is the visualizer that "nqueens serve" runs: one page whose
// assets are embedded in the binary, and a JSON API over the nqueens
// library.
//
// The page does not search by itself. Stepping replays the events that
// the library's own methods report through SolveOptions.Trace, streamed by
// /api/events as server-sent events in windows the page asks for, so there
// is one implementation of each algorithm. See the README for the API.
package web

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/nqueens/nqueens"
	"github.com/nqueens/nqueens/cmd/nqueens/internal/render"
)

//go:embed assets
var assets embed.FS

// Options sets the server's limits. The zero value means the defaults.
type Options struct {
	// CountMax is the largest N /api/count accepts; 0 means 17.
	CountMax int
	// CountTimeout bounds one count; 0 means 5 minutes.
	CountTimeout time.Duration
	// Timeout bounds every other request; 0 means 10 seconds.
	Timeout time.Duration
	// Find returns one solution of the n×n board for /api/find, or an
	// error wrapping nqueens.ErrNoSolution when there is none (which
	// /api/find answers as {"solution": false}); nil means a bounded
	// backtracking search (N up to nqueens.MaxN).
	Find func(ctx context.Context, n int) (nqueens.Placement, error)
	// FindMax is the largest N /api/find accepts; 0 means 10,000 with
	// Find set, nqueens.MaxN without.
	FindMax int
}

// Limits of the API besides Options.
const (
	// StepMax is the largest N /api/events and /api/solve accept.
	StepMax = 16
	// WindowMax is the most events one /api/events request returns.
	WindowMax = 50_000
	// FromMax is the largest event index /api/events starts from.
	FromMax = 100_000_000
	// SolveMax is the most solutions one /api/solve request returns.
	SolveMax = 10_000
	// BodyMax is the largest request body, in bytes.
	BodyMax = 1 << 20
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
		o.FindMax = nqueens.MaxN
		if o.Find != nil {
			o.FindMax = 10_000
		}
	}
	if o.Find == nil {
		o.Find = backtrackFind
	}
	return o
}

// New returns the handler for the page and the API. It returns an error
// for negative limits.
func New(opts Options) (http.Handler, error) {
	if opts.CountMax < 0 || opts.CountMax > nqueens.MaxN || opts.CountTimeout < 0 || opts.Timeout < 0 || opts.FindMax < 0 {
		return nil, errors.New("web: negative limit or count limit above nqueens.MaxN")
	}
	s := &server{opts: opts.withDefaults()}
	static, err := fs.Sub(assets, "assets")
	if err != nil {
		return nil, err
	}
	var queen bytes.Buffer
	if err := render.QueenSVG(&queen); err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	files := http.FileServerFS(static)
	// Paths outside the API are the embedded files; anything else is a
	// JSON 404, like every other error.
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, "/")
		if name != "" {
			if fi, err := fs.Stat(static, name); err != nil || fi.IsDir() {
				notFound(w, r)
				return
			}
		}
		if !allow(w, r, http.MethodGet) {
			return
		}
		files.ServeHTTP(w, r)
	})
	route := func(path string, h http.HandlerFunc, methods ...string) {
		mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			if allow(w, r, methods...) {
				h(w, r)
			}
		})
	}
	route("/queen.svg", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/svg+xml")
		w.Write(queen.Bytes())
	}, http.MethodGet)
	route("/api/config", s.config, http.MethodGet)
	route("/api/events", s.events, http.MethodGet)
	route("/api/count", s.count, http.MethodGet)
	route("/api/solve", s.solve, http.MethodGet)
	route("/api/find", s.find, http.MethodGet)
	route("/api/check", s.check, http.MethodGet, http.MethodPost)
	mux.HandleFunc("/api/", notFound)
	return limitBody(mux), nil
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

type server struct {
	opts Options
}

// limitBody caps every request body at BodyMax bytes.
func limitBody(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Body = http.MaxBytesReader(w, r.Body, BodyMax)
		w.Header().Set("X-Content-Type-Options", "nosniff")
		h.ServeHTTP(w, r)
	})
}

// badRequest is an error in the request: HTTP 400.
type badRequest struct{ msg string }

func (e *badRequest) Error() string { return e.msg }

func badf(format string, a ...any) error { return &badRequest{fmt.Sprintf(format, a...)} }

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	enc := json.NewEncoder(w)
	enc.Encode(v)
}

func writeError(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, map[string]string{"error": msg})
}

// fail writes err as JSON: 400 for bad requests, 504 for a request that
// ran out of time, 500 otherwise.
func fail(w http.ResponseWriter, err error) {
	var br *badRequest
	switch {
	case errors.As(err, &br):
		writeError(w, http.StatusBadRequest, br.msg)
	case errors.Is(err, context.DeadlineExceeded):
		writeError(w, http.StatusGatewayTimeout, "the request ran out of time")
	case errors.Is(err, context.Canceled):
		// The client went away; nobody reads the answer.
	default:
		writeError(w, http.StatusInternalServerError, err.Error())
	}
}

// query returns the request's query parameters. A query that does not
// parse, or one that gives a parameter more than once, is a bad request:
// which of two values to use would be a guess.
func query(r *http.Request) (url.Values, error) {
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
		if len(q[k]) > 1 {
			return nil, badf("%s is given %d times; give it once", k, len(q[k]))
		}
	}
	return q, nil
}

// intParam reads the query parameter name as an integer in lo..hi; an
// absent parameter gives def.
func intParam(q url.Values, name string, def, lo, hi int) (int, error) {
	s := q.Get(name)
	if s == "" {
		return def, nil
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, badf("%s: %q is not a whole number", name, s)
	}
	if v < lo || v > hi {
		return 0, badf("%s = %d is out of range %d to %d", name, v, lo, hi)
	}
	return v, nil
}

// boolParam reads the query parameter name as a boolean in any form
// strconv.ParseBool reads (1, t, true, 0, f, false, ...); an absent
// parameter is false.
func boolParam(q url.Values, name string) (bool, error) {
	s := q.Get(name)
	if s == "" {
		return false, nil
	}
	v, err := strconv.ParseBool(s)
	if err != nil {
		return false, badf("%s: %q is not a boolean (want true, false, 1 or 0)", name, s)
	}
	return v, nil
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
		return nqueens.Bitboard, nil
	}
	names := make([]string, len(nqueens.Methods))
	for i, m := range nqueens.Methods {
		if strings.EqualFold(s, string(m)) {
			return m, nil
		}
		names[i] = string(m)
	}
	return "", badf("method: unknown method %q (want %s)", s, strings.Join(names, ", "))
}

// config tells the page the server's limits.
func (s *server) config(w http.ResponseWriter, r *http.Request) {
	if _, err := query(r); err != nil {
		fail(w, err)
		return
	}
	methods := make([]string, len(nqueens.Methods))
	for i, m := range nqueens.Methods {
		methods[i] = string(m)
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"stepMax":  StepMax,
		"countMax": s.opts.CountMax,
		"findMax":  s.opts.FindMax,
		"methods":  methods,
	})
}
