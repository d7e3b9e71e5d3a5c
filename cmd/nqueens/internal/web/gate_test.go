package web

import (
	"bufio"
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nqueens/nqueens"
)

// TestGate checks the gate's rules: slots first, then a FIFO queue of
// queueMax, then errBusy; a waiter that gives up leaves the queue; extra
// slots go to a count only while nobody waits. The gate waits an hour;
// every acquire of the test has a context of its own of at most 10 s,
// so that a gate that queues a request it should refuse fails the test
// in seconds instead of waiting out the hour.
func TestGate(t *testing.T) {
	g := newGate(2, 1, time.Hour)
	ctx, stop := context.WithTimeout(context.Background(), 10*time.Second)
	defer stop()
	if err := g.acquire(ctx); err != nil {
		t.Fatalf("first acquire: %v", err)
	}
	if k := g.extra(5); k != 1 {
		t.Fatalf("extra(5) with one free slot = %d; want 1", k)
	}
	// Both slots held: the next request waits, the one after is refused.
	granted := make(chan error, 1)
	go func() { granted <- g.acquire(ctx) }()
	waitFor(t, "a request in the queue", func() bool { g.mu.Lock(); defer g.mu.Unlock(); return len(g.queue) == 1 })
	full, stopFull := context.WithTimeout(ctx, 2*time.Second) // refused at once, not queued
	defer stopFull()
	if err := g.acquire(full); !errors.Is(err, errBusy) {
		t.Fatalf("acquire with a full queue = %v; want errBusy at once", err)
	}
	g.release(1)
	if err := recvWithin(t, granted); err != nil {
		t.Fatalf("queued acquire = %v; want the released slot", err)
	}
	if k := g.extra(5); k != 0 {
		t.Fatalf("extra with no free slot = %d; want 0", k)
	}
	// A waiter whose context ends leaves the queue at once.
	cctx, cancel := context.WithCancel(ctx)
	go func() { granted <- g.acquire(cctx) }()
	waitFor(t, "a request in the queue", func() bool { g.mu.Lock(); defer g.mu.Unlock(); return len(g.queue) == 1 })
	cancel()
	if err := recvWithin(t, granted); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled acquire = %v; want context.Canceled", err)
	}
	if len(g.queue) != 0 {
		t.Fatalf("%d waiters left after the cancel; want 0", len(g.queue))
	}
	// A waiter whose wait runs out is refused.
	g.wait = time.Millisecond
	if err := g.acquire(ctx); !errors.Is(err, errBusy) {
		t.Fatalf("acquire past the wait = %v; want errBusy", err)
	}
	g.release(2)
	if g.free != 2 || len(g.queue) != 0 {
		t.Fatalf("after releasing everything: %d free, %d waiting; want 2 and 0", g.free, len(g.queue))
	}
	if got := g.started.Load(); got != 2 {
		t.Errorf("started = %d; want 2", got)
	}
}

// recvWithin receives an acquire's result from ch, failing the test
// after 10 s.
func recvWithin(t *testing.T, ch <-chan error) error {
	t.Helper()
	select {
	case err := <-ch:
		return err
	case <-time.After(10 * time.Second):
		t.Fatal("no result from a queued acquire after 10 s")
		return nil
	}
}

// waitFor polls cond until it holds, failing after 20 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no %s after 20 s", what)
		}
	}
}

// TestHeadStartsNoWork checks that HEAD on the API answers the status
// and Content-Type a GET starts with (400 for bad parameters), with no
// body, and runs no search.
func TestHeadStartsNoWork(t *testing.T) {
	var finds atomic.Int64
	srv, s := startServer(t, Options{Find: func(_ context.Context, n int) (nqueens.Placement, error) {
		finds.Add(1)
		return nqueens.Find(n)
	}})
	for _, tc := range []struct {
		path string
		code int
		ct   string
	}{
		{"/api/count?n=17", 200, "application/json"},
		{"/api/count?n=17&stream=1", 200, "text/event-stream"},
		{"/api/count?n=18", 400, "application/json"},
		{"/api/events?n=16&from=10000000&limit=1", 200, "text/event-stream"},
		{"/api/events?n=16&from=10000001", 400, "application/json"},
		{"/api/solve?n=16&limit=10000&method=permutation", 200, "application/json"},
		{"/api/find?n=10000", 200, "application/json"},
		{"/api/find?n=10001", 400, "application/json"},
		{"/api/config", 200, "application/json"},
		{"/api/check?p=2+4+1+3", 200, "application/json"},
		{"/api/complete?count=1&limit=1000000&b=" + url.QueryEscape(strings.TrimSuffix(strings.Repeat(strings.Repeat(".", 64)+"/", 64), "/")), 200, "application/json"},
		{"/api/complete?b=Q.Q./..../..../....", 400, "application/json"},
		{"/api/generate?family=diag&n=21&k=19&seed=2", 200, "application/json"},
	} {
		resp, body := do(t, "HEAD", srv.URL+tc.path, "")
		if ct := resp.Header.Get("Content-Type"); resp.StatusCode != tc.code || ct != tc.ct || body != "" {
			t.Errorf("HEAD %s = %d %s %q; want %d %s and no body", tc.path, resp.StatusCode, ct, body, tc.code, tc.ct)
		}
	}
	if n := finds.Load(); n != 0 {
		t.Errorf("HEAD /api/find ran Find %d times; want 0", n)
	}
	if n := s.gate.started.Load(); n != 0 {
		t.Errorf("HEAD started %d searches; want 0", n)
	}
	// The counters do see a GET.
	do(t, "GET", srv.URL+"/api/find?n=8", "")
	if f, n := finds.Load(), s.gate.started.Load(); f != 1 || n != 1 {
		t.Errorf("after one GET /api/find: %d finds, %d searches started; want 1 and 1", f, n)
	}
}

// TestHostCheck checks the DNS-rebinding guard of a server bound to
// loopback: only 127.0.0.1, localhost and [::1] at its port are served;
// other Host headers get a JSON 421. A server given no loopback Addr
// serves any Host.
func TestHostCheck(t *testing.T) {
	srv := newServer(t, Options{})
	port := srv.Listener.Addr().String()[len("127.0.0.1:"):]
	for _, tc := range []struct {
		host string
		code int
	}{
		{"127.0.0.1:" + port, 200},
		{"localhost:" + port, 200},
		{"LocalHost:" + port, 200},
		{"[::1]:" + port, 200},
		{"evil.example", 421},
		{"evil.example:" + port, 421},
		{"127.0.0.1", 421},
		{"127.0.0.1:1", 421},
		{"localhost.evil.example:" + port, 421},
		{"127.0.0.2:" + port, 421},
		{strings.Repeat("h", 100), 421},
	} {
		for _, path := range []string{"/api/count?n=4", "/"} {
			req, err := http.NewRequest("GET", srv.URL+path, nil)
			if err != nil {
				t.Fatal(err)
			}
			req.Host = tc.host
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			var body strings.Builder
			bufio.NewReader(resp.Body).WriteTo(&body)
			resp.Body.Close()
			if resp.StatusCode != tc.code {
				t.Errorf("GET %s with Host %.50q = %d; want %d", path, tc.host, resp.StatusCode, tc.code)
			}
			if tc.code == 421 {
				e := jsonError(body.String())
				if !strings.Contains(e, "127.0.0.1:"+port+", [::1]:"+port+", localhost:"+port) || len(e) > 200 {
					t.Errorf("GET %s with Host %.50q: error %q; want one naming the hosts served", path, tc.host, e)
				}
			}
		}
	}
	// Bound to every interface, the server cannot know its names.
	for _, addr := range []string{"0.0.0.0:8080", "[::]:8080", "192.0.2.1:8080", ""} {
		hosts, err := loopbackHosts(addr)
		if err != nil || hosts != nil {
			t.Errorf("loopbackHosts(%q) = %v, %v; want nil (no check)", addr, hosts, err)
		}
	}
	if _, err := New(Options{Addr: "no port"}); err == nil {
		t.Error(`New(Options{Addr: "no port"}) succeeded; want an error`)
	}
}

// TestBusy checks admission with one core and a queue of one: while a
// search holds the slot a second request waits and a third is refused
// at once with 503 and Retry-After; when the first client goes away its
// slot is free again without waiting for its search's timeout.
func TestBusy(t *testing.T) {
	started := make(chan int, 10)
	srv, s := startServer(t, Options{Cores: 1, QueueMax: 1, QueueWait: time.Hour, Timeout: time.Hour,
		Find: func(ctx context.Context, n int) (nqueens.Placement, error) {
			started <- n
			if n == 5 {
				<-ctx.Done() // the slow search: until the client leaves
				return nil, ctx.Err()
			}
			return nqueens.Find(n)
		}})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	first := make(chan error, 1)
	go func() {
		req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/api/find?n=5", nil)
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		first <- err
	}()
	if n := <-started; n != 5 {
		t.Fatalf("started find %d; want 5", n)
	}
	// The second request waits in the queue for the slot.
	second := make(chan int, 1)
	go func() {
		resp, err := http.Get(srv.URL + "/api/find?n=6")
		if err != nil {
			second <- 0
			return
		}
		resp.Body.Close()
		second <- resp.StatusCode
	}()
	waitFor(t, "request in the queue", func() bool { s.gate.mu.Lock(); defer s.gate.mu.Unlock(); return len(s.gate.queue) == 1 })
	// The third finds the queue full.
	for _, path := range []string{"/api/find?n=7", "/api/count?n=4", "/api/solve?n=4", "/api/events?n=4", "POST /api/check",
		"/api/complete?b=Q.../..../..../....", "/api/complete?count=1&b=Q.../..../..../....", "/api/generate?family=diag&n=8&k=4"} {
		method, path, post := "GET", path, ""
		if p, ok := strings.CutPrefix(path, "POST "); ok {
			method, path, post = "POST", p, `{"placement":"2 4 1 3"}`
		}
		resp, body := do(t, method, srv.URL+path, post)
		if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" || !strings.Contains(jsonError(body), "busy") {
			t.Errorf("GET %s while busy = %d, Retry-After %q, %s; want 503, Retry-After and a JSON error", path, resp.StatusCode, resp.Header.Get("Retry-After"), body)
		}
	}
	// Cheap requests need no slot.
	for _, path := range []string{"/api/check?p=2+4+1+3", "/api/config", "/"} {
		if resp, body := do(t, "GET", srv.URL+path, ""); resp.StatusCode != 200 {
			t.Errorf("GET %s while busy = %d %.100s; want 200", path, resp.StatusCode, body)
		}
	}
	// The first client leaves: the second gets the slot.
	cancel()
	<-first
	if code := <-second; code != 200 {
		t.Errorf("the queued find = %d; want 200", code)
	}
	if n := <-started; n != 6 {
		t.Errorf("second search started find %d; want 6", n)
	}
	if s.gate.started.Load() != 2 {
		t.Errorf("%d searches started; want 2 (the refused ones start none)", s.gate.started.Load())
	}
	waitFor(t, "free slot", func() bool { s.gate.mu.Lock(); defer s.gate.mu.Unlock(); return s.gate.free == 1 })
}

// TestCountSlots checks that a count takes every idle core as a worker
// (so a request beside it waits), and that a count whose client leaves
// frees its slots long before it could have finished.
func TestCountSlots(t *testing.T) {
	for _, stream := range []bool{true, false} {
		srv, s := startServer(t, Options{Cores: 2, QueueMax: 1, QueueWait: time.Millisecond, CountMax: 20})
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		path := "/api/count?n=20"
		if stream {
			path += "&stream=1"
		}
		go func() {
			defer close(done)
			req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+path, nil)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				return
			}
			defer resp.Body.Close()
			sc := bufio.NewScanner(resp.Body)
			for sc.Scan() {
			}
		}()
		// N = 20 takes minutes of both cores: it holds both slots.
		waitFor(t, "count holding both slots", func() bool { s.gate.mu.Lock(); defer s.gate.mu.Unlock(); return s.gate.free == 0 })
		if resp, body := do(t, "GET", srv.URL+"/api/find?n=8", ""); resp.StatusCode != http.StatusServiceUnavailable {
			t.Errorf("find beside a count of N = 20 on 2 cores = %d %s; want 503", resp.StatusCode, body)
		}
		cancel()
		<-done
		waitFor(t, "slots freed after the client left", func() bool { s.gate.mu.Lock(); defer s.gate.mu.Unlock(); return s.gate.free == 2 })
		if resp, body := do(t, "GET", srv.URL+"/api/find?n=8", ""); resp.StatusCode != 200 {
			t.Errorf("stream %v: find after the count's client left = %d %s; want 200", stream, resp.StatusCode, body)
		}
	}
}

// TestCheckTwoSources checks that POST /api/check refuses a placement
// given both in p and in the body.
func TestCheckTwoSources(t *testing.T) {
	srv := newServer(t, Options{})
	for _, path := range []string{"/api/check?p=1", "/api/check?p="} {
		resp, body := do(t, "POST", srv.URL+path, `{"placement":"2 4 1 3"}`)
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(jsonError(body), "not both") && !strings.Contains(jsonError(body), "not in p") {
			t.Errorf("POST %s with a body = %d %s; want 400 naming the two sources", path, resp.StatusCode, body)
		}
	}
	if resp, body := do(t, "POST", srv.URL+"/api/check", `{"placement":"2 4 1 3"}`); resp.StatusCode != 200 || !strings.Contains(body, `"valid":true`) {
		t.Errorf("POST /api/check with only a body = %d %s; want 200 valid", resp.StatusCode, body)
	}
}
