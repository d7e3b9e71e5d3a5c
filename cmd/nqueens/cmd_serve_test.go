package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nqueens/nqueens"
)

// lockedBuffer is a bytes.Buffer safe for one writer and one reader.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// startServe runs "nqueens serve args..." as runServe runs it and
// returns the URL it prints, its standard error so far, and a function
// that stops it (cancelling its context, as Ctrl-C does) and returns
// runServe's error.
func startServe(t *testing.T, args ...string) (url string, stderr *lockedBuffer, stop func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var stdout lockedBuffer
	stderr = new(lockedBuffer)
	done := make(chan error, 1)
	go func() {
		done <- runServe(ctx, &env{stdin: strings.NewReader(""), stdout: &stdout, stderr: stderr, cmd: serveCmd}, args)
	}()
	line := regexp.MustCompile(`^nqueens: serving on (http://\S+/) \(Ctrl-C to stop\)\n$`)
	stopped := false
	stop = func() error {
		if stopped {
			return nil
		}
		stopped = true
		cancel()
		select {
		case err := <-done:
			return err
		case <-time.After(30 * time.Second):
			t.Fatal("serve still runs 30 s after its context ended")
			return nil
		}
	}
	t.Cleanup(func() { stop() })
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if m := line.FindStringSubmatch(stdout.String()); m != nil {
			return m[1], stderr, stop
		}
		select {
		case err := <-done:
			t.Fatalf("serve %q ended before it printed its URL: %v (stdout %q, stderr %q)", args, err, stdout.String(), stderr.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("serve %q printed no URL in 20 s: stdout %q", args, stdout.String())
		}
	}
}

// fetch sends method url with the Host header host (if not "") and
// returns the status, the headers and the body.
func fetch(t *testing.T, c *http.Client, method, url, host string) (int, http.Header, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if host != "" {
		req.Host = host
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	return resp.StatusCode, resp.Header, string(b)
}

// TestServeCommand runs the serve command itself on a free loopback
// port: it prints a URL that serves the page, refuses a foreign Host,
// and returns nil once its context ends, having printed nothing on
// standard error.
func TestServeCommand(t *testing.T) {
	url, stderr, stop := startServe(t, "-addr", "127.0.0.1:0")
	if !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Errorf("URL %q; want http://127.0.0.1:PORT/", url)
	}
	c := &http.Client{Timeout: time.Minute}
	if code, _, body := fetch(t, c, "GET", url, ""); code != 200 || !strings.Contains(body, "<title>N-Queens") {
		t.Errorf("GET %s = %d %.100q; want the page", url, code, body)
	}
	if code, _, body := fetch(t, c, "GET", url+"api/count?n=4", "evil.example"); code != http.StatusMisdirectedRequest || !strings.Contains(body, `"error"`) {
		t.Errorf("GET %sapi/count?n=4 with Host evil.example = %d %s; want 421 and a JSON error", url, code, body)
	}
	if err := stop(); !errors.Is(err, context.Canceled) {
		t.Errorf("serve returned %v after its context ended; want context.Canceled (run maps it to 130 or 143)", err)
	}
	if s := stderr.String(); s != "" {
		t.Errorf("serve on loopback wrote %q on stderr; want nothing", s)
	}
	if _, err := http.Get(url); err == nil {
		t.Errorf("GET %s succeeded after serve stopped", url)
	}
}

// TestServeAllInterfaces checks that serve -addr :0 warns on standard
// error and prints a URL a browser here can open.
func TestServeAllInterfaces(t *testing.T) {
	url, stderr, stop := startServe(t, "-addr", ":0")
	if !regexp.MustCompile(`^http://127\.0\.0\.1:[0-9]+/$`).MatchString(url) {
		t.Errorf("serve -addr :0 printed %q; want http://127.0.0.1:PORT/", url)
	}
	if code, _, body := fetch(t, &http.Client{Timeout: time.Minute}, "GET", url+"api/config", ""); code != 200 {
		t.Errorf("GET %sapi/config = %d %s; want 200", url, code, body)
	}
	if err := stop(); !errors.Is(err, context.Canceled) {
		t.Errorf("serve returned %v; want context.Canceled", err)
	}
	if s := stderr.String(); !strings.Contains(s, "warning: listening on every interface") || strings.Count(s, "\n") != 1 {
		t.Errorf("serve -addr :0 stderr %q; want one warning line about every interface", s)
	}
}

// TestServeURL checks the URL serve prints and its warnings.
func TestServeURL(t *testing.T) {
	for _, tc := range []struct {
		addr    string
		url     string
		warning string // in the warning; "" for none
	}{
		{"127.0.0.1:8080", "http://127.0.0.1:8080/", ""},
		{"127.0.0.5:80", "http://127.0.0.5:80/", ""},
		{"[::1]:40033", "http://[::1]:40033/", ""},
		{"[::]:40033", "http://127.0.0.1:40033/", "every interface ([::]:40033)"},
		{"0.0.0.0:8080", "http://127.0.0.1:8080/", "every interface"},
		{"192.0.2.7:8080", "http://192.0.2.7:8080/", "192.0.2.7:8080, not a loopback address"},
		{"[2001:db8::1]:8080", "http://[2001:db8::1]:8080/", "not a loopback address"},
	} {
		a, err := net.ResolveTCPAddr("tcp", tc.addr)
		if err != nil {
			t.Fatal(err)
		}
		url, warning := serveURL(a)
		if url != tc.url || (tc.warning == "") != (warning == "") || !strings.Contains(warning, tc.warning) {
			t.Errorf("serveURL(%s) = %q, %q; want %q and a warning containing %q", tc.addr, url, warning, tc.url, tc.warning)
		}
	}
}

// TestServeFlags checks serve's refusals: exit status 2 and one line.
func TestServeFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-count-max", "21"}, "-count-max = 21: want 1 to 20"},
		{[]string{"-count-max", "40"}, "-count-max = 40: want 1 to 20"},
		{[]string{"-count-max", "0"}, "-count-max = 0: want 1 to 20"},
		{[]string{"-timeout", "0s"}, "must be positive"},
		{[]string{"-count-timeout", "-1s"}, "must be positive"},
		{[]string{"extra"}, "serve takes no arguments"},
		{[]string{"-addr", "127.0.0.1:99999"}, "-addr:"},
		{[]string{"-addr", "no-port"}, "-addr:"},
	} {
		out, errs, code := cli(t, "", append([]string{"serve"}, tc.args...)...)
		if code != 2 || out != "" || !strings.Contains(errs, tc.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("serve %q = %d, stdout %q, stderr %q; want 2 and one line containing %q", tc.args, code, out, errs, tc.want)
		}
	}
}

// serveWired starts the server exactly as "nqueens serve -addr
// 127.0.0.1:0 args..." builds it (parseServe, newServe), without the
// command's printing, and returns its URL.
func serveWired(t *testing.T, args ...string) string {
	t.Helper()
	cfg, err := parseServe(&env{stdout: io.Discard, stderr: io.Discard, cmd: serveCmd}, append([]string{"-addr", "127.0.0.1:0"}, args...))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	srv, ln, err := newServe(ctx, cfg)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() {
		cancel()
		srv.Close()
	})
	url, _ := serveURL(ln.Addr())
	return url
}

// TestServeWiring checks the server as serve builds it with its default
// flags: the limits it reports and enforces, and /api/find by the
// explicit construction up to N = 10,000.
func TestServeWiring(t *testing.T) {
	url := serveWired(t)
	c := &http.Client{Timeout: time.Minute}
	code, _, body := fetch(t, c, "GET", url+"api/config", "")
	var cfg struct{ StepMax, CountMax, FindMax int }
	if code != 200 || json.Unmarshal([]byte(body), &cfg) != nil || cfg.StepMax != 16 || cfg.CountMax != 17 || cfg.FindMax != 10_000 {
		t.Errorf("config = %d %s; want stepMax 16, countMax 17, findMax 10000", code, body)
	}
	for _, n := range []int{2, 3, 4, 5, 100, 1001, 9999, 10_000} {
		code, _, body := fetch(t, c, "GET", url+"api/find?n="+strconv.Itoa(n), "")
		var f struct {
			N        int
			Solution bool
			Columns  []int
		}
		if code != 200 || json.Unmarshal([]byte(body), &f) != nil || f.N != n || f.Solution != (n > 3) || len(f.Columns) != map[bool]int{true: n, false: 0}[n > 3] {
			t.Errorf("find %d = %d %.100s; want 200 and %d columns", n, code, body, n)
			continue
		}
		if n > 3 {
			p := make(nqueens.Placement, n)
			for i, c := range f.Columns {
				p[i] = c - 1
			}
			if err := nqueens.Validate(p); err != nil {
				t.Errorf("find %d: not a solution: %v", n, err)
			}
		}
	}
	for _, path := range []string{"api/find?n=10001", "api/count?n=18", "api/events?n=17", "api/solve?n=17"} {
		if code, _, body := fetch(t, c, "GET", url+path, ""); code != 400 {
			t.Errorf("GET /%s = %d %s; want 400", path, code, body)
		}
	}
	// Every error is JSON: a path not clean (no redirect) and a URL
	// over the header limit (431, which net/http writes by itself).
	for _, tc := range []struct {
		path string
		code int
		want string
	}{
		{"../../etc/passwd", 404, `{"code":"not_found","error":"no such path: GET /../../etc/passwd"}`},
		{"api/check?p=" + strings.Repeat("1+", 15000), 431, `{"code":"bad_request","error":"the request line and headers are over 20480 bytes:`},
	} {
		nc := &http.Client{Timeout: time.Minute, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		if code, h, body := fetch(t, nc, "GET", url+tc.path, ""); code != tc.code || h.Get("Content-Type") != "application/json" || !strings.HasPrefix(body, tc.want) {
			t.Errorf("GET /%.40s = %d %s %.200q; want %d and %s", tc.path, code, h.Get("Content-Type"), body, tc.code, tc.want)
		}
	}
	// Flags reach the handler.
	url = serveWired(t, "-count-max", "9")
	if code, _, body := fetch(t, c, "GET", url+"api/count?n=10", ""); code != 400 || !strings.Contains(body, "n = 10 is out of range 1 to 9") {
		t.Errorf("-count-max 9: count 10 = %d %s; want 400", code, body)
	}
}

// rssKB returns the process's resident and peak resident set sizes in
// kB from /proc/self/status, or zeros where there is none.
func rssKB() (rss, peak int) {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) >= 2 && f[0] == "VmRSS:" {
			rss, _ = strconv.Atoi(f[1])
		}
		if len(f) >= 2 && f[0] == "VmHWM:" {
			peak, _ = strconv.Atoi(f[1])
		}
	}
	return rss, peak
}

// TestServeSwamp sends 50 requests at once to the server as serve builds
// it, as if on 2 cores: counts of N = 16 and 17 (some abandoned by their
// client after the first message), event windows from 10^7, finds of
// N = 10,000 and long solves. Each must end, 200 or 503 with Retry-After,
// within a minute; some must be 503 (at most 2 searches run, 8 wait);
// afterwards the goroutines return to what they were and a normal
// request succeeds.
func TestServeSwamp(t *testing.T) {
	if testing.Short() {
		t.Skip("50 requests with searches")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2)) // the gate sizes itself to 2 cores
	url := serveWired(t)
	tr := &http.Transport{MaxIdleConnsPerHost: 100}
	defer tr.CloseIdleConnections()
	c := &http.Client{Transport: tr, Timeout: time.Minute}
	// The baseline: the server running, one request served, no
	// connection open.
	if code, _, body := fetch(t, c, "GET", url+"api/count?n=8", ""); code != 200 {
		t.Fatalf("count 8 = %d %s", code, body)
	}
	tr.CloseIdleConnections()
	// settle waits up to 20 s for the goroutines to fall to want, as
	// the server's goroutines for connections the client closed end,
	// and returns their number.
	settle := func(want int) int {
		g := runtime.NumGoroutine()
		for deadline := time.Now().Add(20 * time.Second); g > want && time.Now().Before(deadline); g = runtime.NumGoroutine() {
			time.Sleep(20 * time.Millisecond)
		}
		return g
	}
	time.Sleep(100 * time.Millisecond)
	baseline := runtime.NumGoroutine()
	rss0, _ := rssKB()

	requests := []string{}
	for range 25 {
		requests = append(requests, "api/count?n=16")
	}
	for range 5 {
		requests = append(requests, "api/count?n=17&stream=1#leave") // the client leaves after the first message
	}
	for range 10 {
		requests = append(requests, "api/events?n=16&from=10000000&limit=1")
	}
	for range 5 {
		requests = append(requests, "api/find?n=10000")
	}
	for range 5 {
		requests = append(requests, "api/solve?n=16&limit=10000")
	}
	var (
		peak     atomic.Int64
		ok, busy atomic.Int64
		wg       sync.WaitGroup
		sampling = make(chan struct{})
	)
	go func() {
		for {
			if g := int64(runtime.NumGoroutine()); g > peak.Load() {
				peak.Store(g)
			}
			select {
			case <-sampling:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	start := time.Now()
	gate := make(chan struct{})
	for _, path := range requests {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-gate
			path, leave := strings.CutSuffix(path, "#leave")
			resp, err := c.Get(url + path)
			if err != nil {
				t.Errorf("GET /%s: %v", path, err)
				return
			}
			defer resp.Body.Close()
			var b []byte
			if leave && resp.StatusCode == 200 {
				buf := make([]byte, 1)
				_, err = resp.Body.Read(buf) // the first byte of the stream, then hang up
			} else {
				b, err = io.ReadAll(resp.Body)
			}
			switch {
			case err != nil:
				t.Errorf("GET /%s: reading: %v", path, err)
			case resp.StatusCode == http.StatusServiceUnavailable:
				busy.Add(1)
				if resp.Header.Get("Retry-After") == "" || !strings.Contains(string(b), `"error"`) {
					t.Errorf("GET /%s = 503 without Retry-After or JSON error: %s", path, b)
				}
			case resp.StatusCode != 200:
				t.Errorf("GET /%s = %d %s; want 200 or 503", path, resp.StatusCode, b)
			case strings.HasPrefix(path, "api/count?n=16") && !strings.Contains(string(b), `"solutions":14772512`):
				t.Errorf("GET /%s = %s; want 14772512 solutions", path, b)
			default:
				ok.Add(1)
			}
		}()
	}
	close(gate)
	wg.Wait()
	wall := time.Since(start)
	close(sampling)
	tr.CloseIdleConnections()
	after := settle(baseline)
	rss, hwm := rssKB()
	t.Logf("%d requests: %d answered 200, %d refused 503, in %.2f s; goroutines %d before, peak %d, %d after; RSS %d MB before, %d MB after, peak %d MB",
		len(requests), ok.Load(), busy.Load(), wall.Seconds(), baseline, peak.Load(), after, rss0>>10, rss>>10, hwm>>10)
	if busy.Load() == 0 {
		t.Errorf("no request was refused; want 503s beyond 2 running and 8 waiting")
	}
	if after > baseline {
		t.Errorf("%d goroutines 20 s after the requests ended; want at most the %d before", after, baseline)
	}
	if rss > 0 && rss-rss0 > 256<<10 {
		t.Errorf("RSS grew from %d MB to %d MB; want under 256 MB of growth", rss0>>10, rss>>10)
	}
	// A normal request right after is served.
	if code, _, body := fetch(t, c, "GET", url+"api/count?n=10", ""); code != 200 || !strings.Contains(body, `"solutions":724`) {
		t.Errorf("count 10 after the swamp = %d %s; want 200 and 724 solutions", code, body)
	}
}
