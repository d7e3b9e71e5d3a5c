package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/nqueens/nqueens/cmd/nqueens/internal/web"
	"github.com/nqueens/nqueens/internal/quote"
)

var serveCmd = &command{
	name:    "serve",
	run:     runServe,
	args:    "[-addr HOST:PORT] [flags]",
	summary: "run the web visualizer (one page, works offline)",
	help: `Serves a page that steps through the search — play, pause, step forward
and back, the attacked squares, the row being tried, the conflicting queen,
the counters and the solutions found — driven by the events the library's
search reports, plus a puzzle (build a board of N up to 64 while a tutor
says from the completion search whether it can still be completed), a
count panel and a panel that draws one solution of a large board.
Everything is embedded in the binary; nothing is fetched from elsewhere.
The JSON API (/api/count, /api/solve, /api/find, /api/check, /api/events,
/api/complete, /api/generate) is described in docs/SERVE.md.

Listens on the loopback address unless -addr says otherwise, and then
answers only requests for 127.0.0.1, localhost or [::1] at its port (a
guard against DNS rebinding). Any other address is reachable from other
machines: serve warns on standard error. Searches share the cores: as many
run at once as there are cores (a count takes the idle ones as workers);
a request that finds them busy waits up to a second, then gets 503. HEAD
runs no search.
Stops on Ctrl-C.

Examples:
  nqueens serve                     then open http://127.0.0.1:8080/
  nqueens serve -addr 127.0.0.1:0   any free port (printed)
  nqueens serve -count-max 15 -timeout 5s`,
}

// serveConfig is what serve's flags ask for: the address to listen on and
// the web server's options.
type serveConfig struct {
	addr string
	opts web.Options
}

// parseServe reads serve's flags.
func parseServe(e *env, args []string) (serveConfig, error) {
	fs := newFlags(e)
	addr := fs.String("addr", "127.0.0.1:8080", "listen on `HOST:PORT`")
	countMax := fs.Int("count-max", 17, fmt.Sprintf("largest `N` the count panel and /api/count accept (at most %d)", web.CountLimit))
	countTimeout := fs.Duration("count-timeout", 5*time.Minute, "longest time `D` one count may run")
	timeout := fs.Duration("timeout", 10*time.Second, "longest time `D` any other request may run")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return serveConfig{}, err
	}
	if len(pos) != 0 {
		return serveConfig{}, usagef("serve takes no arguments, got %s", quote.Token(strings.Join(pos, " ")))
	}
	if *countMax < 1 || *countMax > web.CountLimit {
		return serveConfig{}, usagef("-count-max = %d: want 1 to %d (N = %d takes hours; run nqueens count for it)", *countMax, web.CountLimit, web.CountLimit+1)
	}
	if *countTimeout <= 0 || *timeout <= 0 {
		return serveConfig{}, usagef("-timeout and -count-timeout must be positive")
	}
	return serveConfig{addr: *addr, opts: web.Options{
		CountMax: *countMax, CountTimeout: *countTimeout, Timeout: *timeout,
		// Find: nil, the explicit construction (nqueens.Find), which
		// answers any N up to FindMax (10,000) at once.
	}}, nil
}

// newServe listens on cfg.addr and returns the server exactly as serve
// runs it: the web handler for cfg.opts, which checks the Host header
// against the bound address, behind the HTTP server's limits, on a
// listener (web.Listener) whose connections turn the errors net/http
// answers by itself (431 for a request head over its limit, 400 for a
// malformed one) into the API's JSON. Requests end when ctx does, so
// that streams close on shutdown.
func newServe(ctx context.Context, cfg serveConfig) (*http.Server, net.Listener, error) {
	ln, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		return nil, nil, listenError(err)
	}
	opts := cfg.opts
	opts.Addr = ln.Addr().String()
	h, err := web.New(opts)
	if err != nil {
		ln.Close()
		return nil, nil, err
	}
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    web.MaxHeaderBytes,
		BaseContext:       func(net.Listener) context.Context { return ctx },
	}, web.Listener(ln), nil
}

// serveURL returns the URL of the page for a server listening on addr,
// one a browser on this machine can open, and a warning ("" for none)
// when addr is not a loopback address, so that other machines can reach
// it.
func serveURL(addr net.Addr) (url, warning string) {
	ta, ok := addr.(*net.TCPAddr)
	if !ok {
		return "http://" + addr.String() + "/", ""
	}
	port := fmt.Sprint(ta.Port)
	switch {
	case ta.IP.IsLoopback():
		return "http://" + net.JoinHostPort(ta.IP.String(), port) + "/", ""
	case ta.IP.IsUnspecified():
		return "http://127.0.0.1:" + port + "/", fmt.Sprintf(
			"listening on every interface (%s): other machines can reach the server and use its CPU, and the Host check is off; -addr 127.0.0.1:%s keeps it on this machine", addr, port)
	default:
		return "http://" + net.JoinHostPort(ta.IP.String(), port) + "/", fmt.Sprintf(
			"listening on %s, not a loopback address: other machines can reach the server and use its CPU, and the Host check is off", addr)
	}
}

func runServe(ctx context.Context, e *env, args []string) error {
	cfg, err := parseServe(e, args)
	if err != nil {
		return err
	}
	srv, ln, err := newServe(ctx, cfg)
	if err != nil {
		return err
	}
	url, warning := serveURL(ln.Addr())
	if warning != "" {
		fmt.Fprintf(e.stderr, "nqueens serve: warning: %s\n", warning)
	}
	fmt.Fprintf(e.stdout, "nqueens: serving on %s (Ctrl-C to stop)\n", url)
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
	if err == nil {
		// Stopped by a signal: run reports it as every command does
		// (130 for SIGINT, 143 for SIGTERM), after a clean shutdown.
		err = ctx.Err()
	}
	return err
}

// listenError is the error for an -addr the server could not listen
// on: bad usage (exit 2) when the address is malformed or its host
// unknown, a failure (exit 3) when the system refused a well-formed one
// (the port in use, a port below 1024 without the privilege, an address
// this machine does not have).
func listenError(err error) error {
	var se *os.SyscallError
	if errors.As(err, &se) {
		return fmt.Errorf("-addr: %w", err)
	}
	return usagef("-addr: %v", err)
}
