package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/nqueens/nqueens"
	"github.com/nqueens/nqueens/cmd/nqueens/internal/web"
)

var serveCmd = &command{
	name:    "serve",
	args:    "[--addr HOST:PORT] [flags]",
	summary: "run the web visualizer (one page, works offline)",
	help: `Serves a page that steps through the search — play, pause, step forward
and back, the attacked squares, the row being tried, the conflicting queen,
the counters and the solutions found — driven by the events the library's
search reports, plus a count panel and a panel that draws one solution of
a large board. Everything is embedded in the binary; nothing is fetched
from elsewhere. The JSON API (/api/count, /api/solve, /api/find,
/api/check, /api/events) is described in the README.

Listens on the loopback address unless --addr says otherwise. Stops on
Ctrl-C.

Examples:
  nqueens serve                     then open http://127.0.0.1:8080/
  nqueens serve --addr 127.0.0.1:0  any free port (printed)
  nqueens serve --count-max 15 --timeout 5s`,
}

func init() {
	serveCmd.run = runServe
	register(serveCmd)
}

func runServe(ctx context.Context, e *env, args []string) error {
	fs := newFlags(serveCmd, e)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	countMax := fs.Int("count-max", 17, "largest N the count panel and /api/count accept")
	countTimeout := fs.Duration("count-timeout", 5*time.Minute, "longest one count may run")
	timeout := fs.Duration("timeout", 10*time.Second, "longest any other request may run")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usagef("serve takes no arguments, got %q", pos)
	}
	if *countMax < 1 || *countMax > 64 {
		return usagef("--count-max = %d: want 1 to 64", *countMax)
	}
	if *countTimeout <= 0 || *timeout <= 0 {
		return usagef("--timeout and --count-timeout must be positive")
	}
	h, err := web.New(web.Options{
		CountMax: *countMax, CountTimeout: *countTimeout, Timeout: *timeout,
		// The explicit construction answers any N at once.
		Find: func(_ context.Context, n int) (nqueens.Placement, error) { return nqueens.Find(n) },
	})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return usagef("--addr: %v", err)
	}
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    16 << 10,
		// Requests end when the server stops, so that streams close.
		BaseContext: func(net.Listener) context.Context { return ctx },
	}
	fmt.Fprintf(e.stdout, "nqueens: serving on http://%s/ (Ctrl-C to stop)\n", ln.Addr())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err = srv.Shutdown(sctx)
	if serr := <-done; !errors.Is(serr, http.ErrServerClosed) && err == nil {
		err = serr
	}
	return err
}
