package web

import (
	"bufio"
	"context"
	"encoding/json"
	"encoding/xml"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/nqueens/nqueens"
)

// newServer starts the handler for opts on 127.0.0.1, with Addr set to
// the bound address as "nqueens serve" sets it (so the Host check is on).
func newServer(t *testing.T, opts Options) *httptest.Server {
	t.Helper()
	srv, _ := startServer(t, opts)
	return srv
}

// startServer is newServer, also returning the server for its gate.
func startServer(t *testing.T, opts Options) (*httptest.Server, *server) {
	t.Helper()
	srv := httptest.NewUnstartedServer(nil)
	opts.Addr = srv.Listener.Addr().String()
	h, s, err := newHandler(opts)
	if err != nil {
		srv.Listener.Close()
		t.Fatal(err)
	}
	srv.Config.Handler = h
	srv.Start()
	t.Cleanup(srv.Close)
	return srv, s
}

// get returns the status and body of GET url.
func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

type message struct {
	event string
	data  string
}

// readSSE parses a whole event stream.
func readSSE(t *testing.T, r io.Reader) []message {
	t.Helper()
	var msgs []message
	var m message
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if m.event != "" || m.data != "" {
				msgs = append(msgs, m)
			}
			m = message{}
		case strings.HasPrefix(line, "event: "):
			m.event = line[len("event: "):]
		case strings.HasPrefix(line, "data: "):
			m.data = line[len("data: "):]
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return msgs
}

// window fetches /api/events and returns the events and the end message.
func window(t *testing.T, url string) ([][]any, map[string]any) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("%s: Content-Type %q", url, ct)
	}
	var events [][]any
	var end map[string]any
	for _, m := range readSSE(t, resp.Body) {
		switch m.event {
		case "batch":
			var b struct {
				From   int     `json:"from"`
				Events [][]any `json:"events"`
			}
			if err := json.Unmarshal([]byte(m.data), &b); err != nil {
				t.Fatal(err)
			}
			if b.From != 0 && len(events) == 0 && !strings.Contains(url, "from=") {
				t.Fatalf("first batch from %d", b.From)
			}
			events = append(events, b.Events...)
		case "end":
			if err := json.Unmarshal([]byte(m.data), &end); err != nil {
				t.Fatal(err)
			}
		default:
			t.Fatalf("%s: unexpected message %v", url, m)
		}
	}
	if end == nil {
		t.Fatalf("%s: no end message", url)
	}
	return events, end
}

// trace returns the library's events for n and method in wire form.
func trace(t *testing.T, n int, m nqueens.Method) [][]any {
	var out [][]any
	s, err := nqueens.Solutions(context.Background(), n, nqueens.SolveOptions{Method: m, Trace: func(e nqueens.Event) {
		b, _ := json.Marshal(wire(e))
		var v []any
		json.Unmarshal(b, &v)
		out = append(out, v)
	}})
	if err != nil {
		t.Fatal(err)
	}
	for range s.All() {
	}
	return out
}

func TestEvents(t *testing.T) {
	srv := newServer(t, Options{})
	for _, m := range nqueens.SearchMethods {
		want := trace(t, 5, m)
		got, end := window(t, srv.URL+"/api/events?n=5&limit=50000&method="+string(m))
		if len(got) != len(want) || end["done"] != true || int(end["next"].(float64)) != len(want) {
			t.Fatalf("%s: %d events, end %v; want %d events and done", m, len(got), end, len(want))
		}
		for i := range want {
			if b1, _ := json.Marshal(got[i]); string(b1) != mustJSON(want[i]) {
				t.Fatalf("%s: event %d = %s; want %s", m, i, b1, mustJSON(want[i]))
			}
		}
		// A window in the middle is the same slice of the trace.
		mid, end := window(t, srv.URL+"/api/events?n=5&from=37&limit=60&method="+string(m))
		if end["done"] != false || int(end["next"].(float64)) != 97 || mustJSON(mid) != mustJSON(want[37:97]) {
			t.Errorf("%s: window 37..96 differs from the trace (end %v)", m, end)
		}
	}
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func TestBadRequests(t *testing.T) {
	srv := newServer(t, Options{})
	for _, path := range []string{
		"/api/events", "/api/events?n=0", "/api/events?n=17", "/api/events?n=x",
		"/api/events?n=4&method=bogo", "/api/events?n=4&limit=0", "/api/events?n=4&from=-1",
		"/api/events?n=4&limit=50001",
		"/api/count?n=18", "/api/count?n=-1", "/api/solve?n=17", "/api/solve?n=4&limit=0",
		"/api/find?n=0", "/api/find?n=10001", "/api/check", "/api/check?p=1+2+9",
		"/api/events?n=4&from=10000001",
	} {
		code, body := get(t, srv.URL+path)
		var e struct{ Error string }
		if code != http.StatusBadRequest || json.Unmarshal([]byte(body), &e) != nil || e.Error == "" {
			t.Errorf("GET %s = %d %q; want 400 and a JSON error", path, code, body)
		}
	}
	if code, body := get(t, srv.URL+"/api/nothing"); code != http.StatusNotFound || !strings.Contains(body, `"error"`) {
		t.Errorf("GET /api/nothing = %d %q; want 404 and a JSON error", code, body)
	}
	for _, body := range []string{"", "{", `{"placement": 5}`, `{"p": "1"}`, `{"placement":"1"} {}`, `{"placement":"` + strings.Repeat("1 ", BodyMax) + `"}`} {
		resp, err := http.Post(srv.URL+"/api/check", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(b), `"error"`) {
			t.Errorf("POST /api/check %.40q = %d %.100q; want 400 and a JSON error", body, resp.StatusCode, b)
		}
	}
}

func TestAPI(t *testing.T) {
	srv := newServer(t, Options{})
	code, body := get(t, srv.URL+"/api/count?n=8")
	if code != 200 || !strings.Contains(body, `"solutions":92`) || !strings.Contains(body, `"unique":12`) {
		t.Errorf("count 8 = %d %s", code, body)
	}
	code, body = get(t, srv.URL+"/api/solve?n=6")
	if code != 200 || !strings.Contains(body, `"solutions":[[2,4,6,1,3,5],[3,6,2,5,1,4],[4,1,5,2,6,3],[5,3,1,6,4,2]]`) {
		t.Errorf("solve 6 = %d %s", code, body)
	}
	code, body = get(t, srv.URL+"/api/solve?n=8&unique=1&limit=3")
	var sv struct{ Solutions [][]int }
	if code != 200 || json.Unmarshal([]byte(body), &sv) != nil || len(sv.Solutions) != 3 {
		t.Errorf("solve 8 unique limit 3 = %d %s", code, body)
	}
	code, body = get(t, srv.URL+"/api/find?n=20")
	var f struct {
		N       int
		Columns []int
	}
	if code != 200 || json.Unmarshal([]byte(body), &f) != nil || f.N != 20 || len(f.Columns) != 20 {
		t.Fatalf("find 20 = %d %s", code, body)
	}
	p := make(nqueens.Placement, 20)
	for i, c := range f.Columns {
		p[i] = c - 1
	}
	if err := nqueens.Validate(p); err != nil {
		t.Errorf("find 20 returned an invalid placement: %v", err)
	}
	code, body = get(t, srv.URL+"/api/check?p=2+4+1+3")
	if code != 200 || !strings.Contains(body, `"valid":true`) {
		t.Errorf("check 2 4 1 3 = %d %s", code, body)
	}
	resp, err := http.Post(srv.URL+"/api/check", "application/json", strings.NewReader(`{"placement":"1 3 2"}`))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(b), `"valid":false`) || !strings.Contains(string(b), `"attack":[2,3,3,2]`) {
		t.Errorf("check 1 3 2 = %d %s", resp.StatusCode, b)
	}
	// Counting as a stream ends with the result.
	resp, err = http.Get(srv.URL + "/api/count?n=9&stream=1")
	if err != nil {
		t.Fatal(err)
	}
	msgs := readSSE(t, resp.Body)
	resp.Body.Close()
	if len(msgs) == 0 || msgs[len(msgs)-1].event != "result" || !strings.Contains(msgs[len(msgs)-1].data, `"solutions":352`) {
		t.Errorf("count 9 stream = %v", msgs)
	}
}

// TestCountCancel checks that a count stops when its client goes away.
func TestCountCancel(t *testing.T) {
	h, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	returned := make(chan time.Time, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(w, r)
		returned <- time.Now()
	}))
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/api/count?n=17&stream=1", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	// Wait for the first progress message, then hang up.
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() && !strings.HasPrefix(sc.Text(), "event: progress") {
	}
	hangUp := time.Now()
	cancel()
	resp.Body.Close()
	select {
	case at := <-returned:
		if d := at.Sub(hangUp); d > 2*time.Second {
			t.Errorf("the count handler returned %v after the client left", d)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the count handler still runs 10 s after the client left")
	}
}

// TestTimeout checks that a request that runs out of time is a 504, and
// that an event window that does says so in words.
func TestTimeout(t *testing.T) {
	srv := newServer(t, Options{Timeout: time.Millisecond, Find: func(ctx context.Context, n int) (nqueens.Placement, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	}})
	code, body := get(t, srv.URL+"/api/find?n=60")
	if code != http.StatusGatewayTimeout || !strings.Contains(body, "out of time") {
		t.Errorf("find 60 with a 1 ms timeout = %d %s; want 504", code, body)
	}
	resp, err := http.Get(srv.URL + "/api/events?n=16&limit=1&from=10000000")
	if err != nil {
		t.Fatal(err)
	}
	msgs := readSSE(t, resp.Body)
	resp.Body.Close()
	want := "the window from event 10000000 ran out of time (1ms)"
	if len(msgs) != 1 || msgs[0].event != "error" || !strings.Contains(msgs[0].data, want) {
		t.Errorf("events from 10^7 with a 1 ms timeout = %v; want one error message containing %q", msgs, want)
	}
}

// TestPage checks the embedded page: it is served, and it refers to
// nothing outside the server, so it works offline.
func TestPage(t *testing.T) {
	srv := newServer(t, Options{})
	code, body := get(t, srv.URL+"/")
	if code != 200 || !strings.Contains(body, "<title>N-Queens") {
		t.Errorf("GET / = %d", code)
	}
	code, body = get(t, srv.URL+"/queen.svg")
	if code != 200 || xml.Unmarshal([]byte(body), new(struct{})) != nil {
		t.Errorf("GET /queen.svg = %d %.80s", code, body)
	}
	err := fs.WalkDir(assets, "assets", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, _ := assets.ReadFile(path)
		for _, bad := range []string{"http://", "https://", "//cdn", "@import", "fonts.g"} {
			if strings.Contains(string(b), bad) {
				t.Errorf("%s refers outside the server: contains %q", path, bad)
			}
		}
		code, _ := get(t, srv.URL+strings.TrimPrefix(path, "assets"))
		if code != 200 {
			t.Errorf("GET %s = %d", path, code)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.Post(srv.URL+"/", "text/plain", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST / = %d; want 405", resp.StatusCode)
	}
}

// TestMethodOldName: the API takes the matrix search by its old name,
// "board", as the command's -method does, and names the methods by
// their names today when it refuses one.
func TestMethodOldName(t *testing.T) {
	srv := newServer(t, Options{})
	for _, m := range []string{"matrix", "board", "Board"} {
		if code, body := get(t, srv.URL+"/api/solve?n=6&method="+m); code != 200 || !strings.Contains(body, "[2,4,6,1,3,5]") {
			t.Errorf("solve 6 method %s = %d %s; want 200 and the 4 solutions", m, code, body)
		}
	}
	if code, body := get(t, srv.URL+"/api/solve?n=6&method=quadrant"); code != 400 || !strings.Contains(body, "(want bitboard, arrays, matrix, permutation)") {
		t.Errorf("solve 6 method quadrant = %d %s; want 400 naming matrix", code, body)
	}
}
