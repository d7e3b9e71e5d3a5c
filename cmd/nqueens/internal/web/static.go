//go:build !js

package web

import (
	"bytes"
	"embed"
	"io/fs"
	"net/http"
	"strings"

	"github.com/nqueens/nqueens/cmd/nqueens/internal/render"
)

// The page's files, and the handler that serves them with the API. The
// WebAssembly engine (NewEngine) is built without them: it serves the
// API alone, to a page that has its files already.

//go:embed assets
var assets embed.FS

// New returns the handler for the page and the API. It returns an error
// for a negative limit, a CountMax above CountLimit or an Addr that is
// not host:port.
func New(opts Options) (http.Handler, error) {
	h, _, err := newHandler(opts)
	return h, err
}

// newHandler is New, also returning the server for tests.
func newHandler(opts Options) (http.Handler, *server, error) {
	if err := opts.check(); err != nil {
		return nil, nil, err
	}
	hosts, err := loopbackHosts(opts.Addr)
	if err != nil {
		return nil, nil, err
	}
	opts = opts.withDefaults()
	s := &server{opts: opts, gate: newGate(opts.Cores, opts.QueueMax, opts.QueueWait)}
	static, err := fs.Sub(assets, "assets")
	if err != nil {
		return nil, nil, err
	}
	var queen bytes.Buffer
	if err := render.QueenSVG(&queen); err != nil {
		return nil, nil, err
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
	route(mux, "/queen.svg", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/svg+xml")
		w.Write(queen.Bytes())
	}), http.MethodGet)
	s.routeAPI(mux)
	return guardHost(hosts, limitBody(cleanPaths(mux))), s, nil
}
