package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nqueens/nqueens/internal/testtool"
)

// TestEngineFresh rebuilds the WebAssembly engine with "go run ./wasm/gen"
// (what go generate runs) and fails when the committed files in engine/
// differ: run "go generate ./cmd/nqueens/internal/web" after changing
// anything the engine is built from (this package, the library). A go
// other than the one that made them builds other bytes: then the test
// skips, naming the version, or fails under CI=true. With -short it
// skips.
func TestEngineFresh(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WebAssembly engine")
	}
	goCmd := testtool.Require(t, "golang-go", "go")
	out, err := exec.Command(goCmd, "env", "GOVERSION").Output()
	if err != nil {
		t.Fatalf("go env GOVERSION: %v", err)
	}
	have, made := strings.TrimSpace(string(out)), strings.TrimSpace(engineGoVersion)
	if have != made {
		msg := "engine/ was made by " + made + " and this go is " + have +
			": the engine built here would differ in its bytes; with " + made +
			" run go generate ./cmd/nqueens/internal/web (package github.com/nqueens/nqueens/cmd/nqueens/internal/web)"
		if testtool.InCI() {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	dir := t.TempDir()
	cmd := exec.Command(goCmd, "run", "./wasm/gen", "-o", dir, "-pkg", "./wasm")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run ./wasm/gen: %v\n%s", err, b)
	}
	for _, name := range []string{"nqueens.wasm.gz", "wasm_exec.js", "GOVERSION"} {
		got, err := os.ReadFile(filepath.Join("engine", name))
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if name == "nqueens.wasm.gz" {
			got, want = gunzip(t, got), gunzip(t, want)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("engine/%s is stale (%d bytes; a fresh build has %d): run go generate ./cmd/nqueens/internal/web and commit engine/", name, len(got), len(want))
		}
	}
}

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	r, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// engineAsk runs one request on h through ServeMemory and returns its
// chunks.
func engineAsk(t *testing.T, h http.Handler, method, target, body string) []Chunk {
	t.Helper()
	var chunks []Chunk
	ServeMemory(context.Background(), h, method, target, body, func(c Chunk) { chunks = append(chunks, c) })
	if len(chunks) == 0 || !chunks[len(chunks)-1].Done {
		t.Fatalf("%s %s: chunks %+v; want the last one Done", method, target, chunks)
	}
	for _, c := range chunks[:len(chunks)-1] {
		if c.Done {
			t.Fatalf("%s %s: a chunk before the last is Done: %+v", method, target, chunks)
		}
	}
	return chunks
}

// TestEnginePanic: a handler that panics is answered 500 in JSON naming
// the panic, whatever status, headers and unflushed bytes it had set
// before; the chunks it flushed before stand.
func TestEnginePanic(t *testing.T) {
	for _, tc := range []struct {
		name  string
		h     http.HandlerFunc
		flush string // the body of the chunk flushed before the panic
	}{
		{"nothing set", func(w http.ResponseWriter, r *http.Request) { panic("a bug") }, ""},
		{"status 202 and bytes", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/plain")
			w.WriteHeader(http.StatusAccepted)
			w.Write([]byte("partial"))
			panic("a bug")
		}, ""},
		{"a flushed chunk", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/event-stream")
			w.WriteHeader(http.StatusAccepted)
			w.Write([]byte("event: one\n\n"))
			w.(http.Flusher).Flush()
			w.Write([]byte("event: two"))
			panic("a bug")
		}, "event: one\n\n"},
	} {
		got := engineAsk(t, tc.h, "GET", "/x", "")
		if tc.flush != "" {
			if len(got) != 2 || got[0].Status != http.StatusAccepted || string(got[0].Body) != tc.flush {
				t.Errorf("%s: %+v; want a first chunk of 202 %q, then the error", tc.name, got, tc.flush)
				continue
			}
			got = got[1:]
		}
		last := got[0]
		if len(got) != 1 || last.Status != 500 || last.ContentType != "application/json" ||
			!strings.Contains(string(last.Body), "internal error: a bug") || strings.Contains(string(last.Body), "partial") || strings.Contains(string(last.Body), "two") {
			t.Errorf("%s: %+v; want one chunk, 500 application/json naming the panic and nothing the handler wrote", tc.name, got)
		}
	}
}

func joined(chunks []Chunk) string {
	var b strings.Builder
	for _, c := range chunks {
		b.Write(c.Body)
	}
	return b.String()
}

// TestEngine runs the API of NewEngine in memory, as the page's
// WebAssembly engine does: the config names the browser, a count above
// BrowserCountMax says plainly to run nqueens count (code
// "browser_count_max", with the numbers), a count stream comes
// in one chunk per event, a POST body reaches its handler, an unknown path
// is a JSON 404, and a malformed target a 400.
func TestEngine(t *testing.T) {
	h, err := NewEngine(Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		method, target, body string
		status               int
		want                 string // in the body
	}{
		{"GET", "/api/config", "", 200, `"engine":"browser"`},
		{"GET", "/api/config", "", 200, `"browserCountMax":16`},
		{"GET", "/api/config", "", 200, `"countMax":20`},
		{"GET", "/api/count?n=8", "", 200, `"solutions":92`},
		{"GET", "/api/count?n=17", "", 400, "run nqueens count 17 on a computer"},
		{"GET", "/api/count?n=17", "", 400, `"args":{"max":16,"n":17},"code":"browser_count_max"`},
		{"GET", "/api/count?n=17&stream=1", "", 400, `"code":"browser_count_max"`},
		{"GET", "/api/count?n=16&stream=x", "", 400, `"code":"bad_request"`},
		{"GET", "/api/count?n=21", "", 400, "out of range 1 to 20"},
		{"POST", "/api/check", `{"placement": "2 4 1 3"}`, 200, `"valid":true`},
		{"GET", "/api/complete?b=Q.../..../..../....", "", 200, `"verdict":"dead end"`},
		{"GET", "/index.html", "", 404, "no such path"},
		{"GET", "no-slash", "", 400, "bad request"},
	} {
		chunks := engineAsk(t, h, tc.method, tc.target, tc.body)
		last := chunks[len(chunks)-1]
		body := joined(chunks)
		if last.Status != tc.status || last.ContentType != "application/json" || !strings.Contains(body, tc.want) {
			t.Errorf("%s %s: %d %s %q; want %d application/json holding %q", tc.method, tc.target, last.Status, last.ContentType, body, tc.status, tc.want)
		}
	}
	panicky := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { panic("a bug") })
	if got := engineAsk(t, panicky, "GET", "/x", ""); len(got) != 1 || got[0].Status != 500 || !strings.Contains(string(got[0].Body), "internal error: a bug") {
		t.Errorf("a handler that panics: %+v; want one chunk, 500, naming the panic", got)
	}
	chunks := engineAsk(t, h, "GET", "/api/count?n=6&stream=1", "")
	var events []string
	for _, c := range chunks {
		if c.Status != 200 || c.ContentType != "text/event-stream" {
			t.Errorf("count stream chunk %d %s; want 200 text/event-stream", c.Status, c.ContentType)
		}
		if len(c.Body) > 0 {
			events = append(events, strings.SplitN(string(c.Body), "\n", 2)[0])
		}
	}
	if n := len(events); n == 0 || events[n-1] != "event: result" || !strings.Contains(joined(chunks), `"solutions":4`) {
		t.Errorf("count stream: events %q, body %q; want it to end with the result, 4 solutions", events, joined(chunks))
	}
}

// TestEngineClock: the engine's time limit is read from the clock, so a
// search stops at it although no timer could fire (as in WebAssembly,
// where a search does not yield): the tutor answers "unknown" on a board
// that takes far longer than the limit.
func TestEngineClock(t *testing.T) {
	h, err := NewEngine(Options{Timeout: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	// 40×40 with two queens placed: counting its completions takes far
	// longer than 20 ms; the count stops at the time and says so.
	b := strings.Repeat(".", 40)
	rows := make([]string, 40)
	for i := range rows {
		rows[i] = b
	}
	rows[0] = "Q" + b[1:]
	rows[1] = "..Q" + b[3:]
	start := time.Now()
	body := joined(engineAsk(t, h, "GET", "/api/complete?count=1&limit=1000000&b="+strings.Join(rows, "/"), ""))
	var reply countCompletionsReply
	if err := json.Unmarshal([]byte(body), &reply); err != nil {
		t.Fatalf("%q: %v", body, err)
	}
	if reply.Exact || reply.Stopped != "time" {
		t.Errorf("count of 40×40 within 20 ms: %+v; want stopped by the time", reply)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("the count ran %v with a 20 ms limit", d)
	}
	ctx, cancel := (&server{browser: true}).withTimeout(context.Background(), time.Hour)
	defer cancel()
	c := ctx.(*clockContext)
	c.deadline = time.Now().Add(-time.Millisecond)
	if ctx.Err() != context.DeadlineExceeded {
		t.Errorf("a clock context past its deadline: Err = %v; want DeadlineExceeded", ctx.Err())
	}
	if dl, ok := ctx.Deadline(); !ok || !dl.Equal(c.deadline) {
		t.Errorf("Deadline = %v, %v; want %v, true", dl, ok, c.deadline)
	}
	cancel()
	c.deadline = time.Now().Add(time.Hour)
	if ctx.Err() != context.Canceled {
		t.Errorf("a cancelled clock context: Err = %v; want Canceled", ctx.Err())
	}
}

// FuzzServeMemory: any request the page's engine is given ends with one
// Done chunk holding a status, and every answer but an event stream is
// JSON with "error" on a failure; nothing panics. The limits are small,
// so that no search runs long.
func FuzzServeMemory(f *testing.F) {
	for _, s := range []string{
		"/api/config", "/api/count?n=8&stream=1", "/api/count?n=99", "/api/events?n=5&limit=7",
		"/api/complete?b=Q.../..../..../....&count=1", "/api/generate?family=diag&n=8&k=4&seed=3",
		"/api/check?p=2+4+1+3", "/api/solve?n=6&limit=2&method=arrays", "/api/find?n=30", "/%zz", "", "api/config",
		"/api/complete?b=" + strings.Repeat("Q", 200), "/api/events?n=16&from=10000000",
	} {
		f.Add("GET", s, "")
	}
	f.Add("POST", "/api/check", `{"placement": "1 3"}`)
	f.Add("DELETE", "/api/config", "x")
	h, err := NewEngine(Options{CountMax: 10, Timeout: 200 * time.Millisecond, FindMax: 1000})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, method, target, body string) {
		var chunks []Chunk
		ServeMemory(context.Background(), h, method, target, body, func(c Chunk) { chunks = append(chunks, c) })
		if len(chunks) == 0 {
			t.Fatalf("%s %q: no chunk", method, target)
		}
		last := chunks[len(chunks)-1]
		if !last.Done || last.Status < 100 || last.Status > 599 {
			t.Fatalf("%s %q: last chunk %+v; want Done with a status", method, target, last)
		}
		text := joined(chunks)
		if last.ContentType == "text/event-stream" {
			return
		}
		if !json.Valid([]byte(text)) && !(method == "HEAD" && text == "") {
			t.Fatalf("%s %q: %d %q is not JSON", method, target, last.Status, text)
		}
		if last.Status >= 400 && !strings.Contains(text, `"error"`) {
			t.Fatalf("%s %q: %d %q names no error", method, target, last.Status, text)
		}
	})
}
