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
	"strconv"
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
	// Find returns one solution of the n×n board for /api/find; nil
	// means a bounded backtracking search (N up to nqueens.MaxN).
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
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		files.ServeHTTP(w, r)
	})
	mux.HandleFunc("GET /queen.svg", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/svg+xml")
		w.Write(queen.Bytes())
	})
	mux.HandleFunc("GET /api/config", s.config)
	mux.HandleFunc("GET /api/events", s.events)
	mux.HandleFunc("GET /api/count", s.count)
	mux.HandleFunc("GET /api/solve", s.solve)
	mux.HandleFunc("GET /api/find", s.find)
	mux.HandleFunc("GET /api/check", s.check)
	mux.HandleFunc("POST /api/check", s.check)
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, fmt.Sprintf("no API %s %s", r.Method, r.URL.Path))
	})
	return limitBody(mux), nil
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

// intParam reads the query parameter name as an integer in lo..hi; an
// absent parameter gives def.
func intParam(r *http.Request, name string, def, lo, hi int) (int, error) {
	s := r.URL.Query().Get(name)
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

// nParam reads the required parameter n in 1..max.
func nParam(r *http.Request, max int) (int, error) {
	if r.URL.Query().Get("n") == "" {
		return 0, badf("n is missing")
	}
	return intParam(r, "n", 0, 1, max)
}

func methodParam(r *http.Request) (nqueens.Method, error) {
	m, err := nqueens.ParseMethod(r.URL.Query().Get("method"))
	if err != nil {
		return "", badf("method: %v", err)
	}
	return m, nil
}

// config tells the page the server's limits.
func (s *server) config(w http.ResponseWriter, r *http.Request) {
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
