package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/nqueens/nqueens"
	"github.com/nqueens/nqueens/internal/testtool"
)

// release is set by "go test ./cmd/nqueens/internal/web -run
// '^TestEngineFresh$' -args -release" (what .ci/run release runs).
var release = flag.Bool("release", false, "TestEngineFresh: check that the committed engine is byte for byte a fresh build (a release step)")

// TestEngineFresh is the release check (only with -args -release; it
// skips otherwise): it rebuilds the WebAssembly engine with "go run
// ./wasm/gen" (what go generate runs) and fails when the committed files
// in engine/ differ in their bytes. Between releases the committed
// engine may be older than the code as long as it answers the same
// (TestEngineAnswers), so that a library commit adds no engine to the
// history. A go other than the one that made them builds other bytes:
// then the test skips, naming the version, or fails under CI=true. With
// -short it skips.
func TestEngineFresh(t *testing.T) {
	if !*release {
		t.Skip("the release check: run with -args -release (bash .ci/run release)")
	}
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
			": the engine built here would differ in its bytes; with the go of the release " +
			"run go generate ./cmd/nqueens/internal/web and commit engine/"
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
			t.Errorf("engine/%s is not this tree's build (%d bytes; a fresh build has %d): run go generate ./cmd/nqueens/internal/web and commit engine/", name, len(got), len(want))
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

// wasmInterface returns what a WebAssembly module (version 1) imports,
// as "module name" for each import, and the names it exports.
func wasmInterface(b []byte) (imports, exports []string, err error) {
	if len(b) < 8 || string(b[:4]) != "\x00asm" || binary.LittleEndian.Uint32(b[4:8]) != 1 {
		return nil, nil, errors.New("not a WebAssembly module of version 1")
	}
	r := &wasmReader{b: b[8:]}
	for len(r.b) > 0 && r.err == nil {
		id := r.byte()
		s := &wasmReader{b: r.take(r.u32())}
		switch id {
		case 2: // imports
			for n := s.u32(); n > 0 && s.err == nil; n-- {
				mod, name := s.name(), s.name()
				switch s.byte() {
				case 0: // a function: its type
					s.u32()
				case 1: // a table: its type and limits
					s.byte()
					s.limits()
				case 2: // a memory
					s.limits()
				case 3: // a global: its type and mutability
					s.byte()
					s.byte()
				default:
					s.fail()
				}
				imports = append(imports, mod+" "+name)
			}
		case 7: // exports
			for n := s.u32(); n > 0 && s.err == nil; n-- {
				exports = append(exports, s.name())
				s.byte()
				s.u32()
			}
		}
		if s.err != nil {
			r.err = fmt.Errorf("section %d: %v", id, s.err)
		}
	}
	return imports, exports, r.err
}

// wasmReader reads a WebAssembly module's encoding; past a malformed
// byte it returns zeros and holds the error.
type wasmReader struct {
	b   []byte
	err error
}

func (r *wasmReader) fail() {
	if r.err == nil {
		r.err = errors.New("malformed")
	}
	r.b = nil
}

func (r *wasmReader) byte() byte {
	if len(r.b) == 0 {
		r.fail()
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

// u32 reads an unsigned LEB128 number of at most 32 bits.
func (r *wasmReader) u32() uint32 {
	var v uint32
	for shift := 0; shift < 35; shift += 7 {
		c := r.byte()
		v |= uint32(c&0x7f) << shift
		if c&0x80 == 0 {
			return v
		}
	}
	r.fail()
	return 0
}

func (r *wasmReader) take(n uint32) []byte {
	if uint64(n) > uint64(len(r.b)) {
		r.fail()
		return nil
	}
	b := r.b[:n]
	r.b = r.b[n:]
	return b
}

func (r *wasmReader) name() string { return string(r.take(r.u32())) }

func (r *wasmReader) limits() {
	if r.byte()&1 != 0 {
		r.u32()
	}
	r.u32()
}

// pageRoutes returns the paths under /api/ that the page's scripts
// (assets/*.js) name, sorted.
func pageRoutes(t *testing.T) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join("assets", "*.js"))
	if err != nil || len(names) == 0 {
		t.Fatalf("the page's scripts: %v %v", names, err)
	}
	seen := map[string]bool{}
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range regexp.MustCompile(`/api/([a-z]+)`).FindAllSubmatch(b, -1) {
			seen["/api/"+string(m[1])] = true
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

// engineLinkErrors returns what keeps the WebAssembly module wasm from
// loading in the page with exec (Go's wasm_exec.js) and from answering
// routes: an import that exec does not give (module "gojs"), an export
// that exec calls and wasm lacks, a route wasm does not name; nil if
// none.
func engineLinkErrors(wasm []byte, exec string, routes []string) []string {
	imports, exports, err := wasmInterface(wasm)
	if err != nil {
		return []string{err.Error()}
	}
	var errs []string
	if len(imports) == 0 || len(exports) == 0 {
		errs = append(errs, fmt.Sprintf("it imports %q and exports %q; want both", imports, exports))
	}
	for _, imp := range imports {
		mod, name, _ := strings.Cut(imp, " ")
		if mod != "gojs" || !strings.Contains(exec, strconv.Quote(name)+": (sp) =>") {
			errs = append(errs, fmt.Sprintf("it imports %s %s, which wasm_exec.js does not give", mod, name))
		}
	}
	used := regexp.MustCompile(`_inst\.exports\.([A-Za-z0-9_]+)`).FindAllStringSubmatch(exec, -1)
	if len(used) == 0 {
		errs = append(errs, "wasm_exec.js calls no export of the module")
	}
	for _, m := range used {
		if !strings.HasPrefix(m[1], "testExport") && !slices.Contains(exports, m[1]) {
			errs = append(errs, fmt.Sprintf("wasm_exec.js calls the export %s, which it lacks (it exports %q)", m[1], exports))
		}
	}
	for _, route := range routes {
		if !bytes.Contains(wasm, []byte(route)) {
			errs = append(errs, fmt.Sprintf("the page asks %s, which it does not name", route))
		}
	}
	return errs
}

// TestEngineLinks checks with Go alone (no browser) that the committed
// engine can load in the page and is the page's API: engine/nqueens.wasm.gz
// is a WebAssembly module that links against the committed wasm_exec.js
// and names every route the page's scripts ask (engineLinkErrors). That
// it answers as this tree's code does is TestEngineAnswers's check, in
// Chromium. The check itself must see a missing import, export or route
// and a module cut short.
func TestEngineLinks(t *testing.T) {
	wasm := gunzip(t, engineGzip)
	routes := pageRoutes(t)
	for _, e := range engineLinkErrors(wasm, engineExec, routes) {
		t.Errorf("engine/nqueens.wasm.gz: %s: run go generate ./cmd/nqueens/internal/web and commit engine/", e)
	}
	for _, tc := range []struct {
		name   string
		wasm   []byte
		exec   string
		routes []string
	}{
		{"an import wasm_exec.js lacks", wasm, strings.Replace(engineExec, `"runtime.wasmExit": (sp) =>`, `"runtime.wasmQuit": (sp) =>`, 1), routes},
		{"an export the module lacks", wasm, strings.Replace(engineExec, "_inst.exports.resume()", "_inst.exports.resume2()", 1), routes},
		{"a route the module lacks", wasm, engineExec, append(slices.Clone(routes), "/api/nope")},
		{"a module cut short", wasm[:len(wasm)/2], engineExec, routes},
		{"not a module", []byte("\x00asm\x02\x00\x00\x00"), engineExec, routes},
	} {
		if errs := engineLinkErrors(tc.wasm, tc.exec, tc.routes); len(errs) == 0 {
			t.Errorf("%s: engineLinkErrors found nothing", tc.name)
		}
	}
}

// engineCase is one request of the behaviour check.
type engineCase struct {
	Method string `json:"method"`
	Target string `json:"target"`
	Body   string `json:"body"`
}

// engineAnswer is an answer to an engineCase: the status, the
// Content-Type and the whole body.
type engineAnswer struct {
	Status int    `json:"status"`
	Type   string `json:"type"`
	Text   string `json:"text"`
}

func nativeAnswer(t *testing.T, h http.Handler, c engineCase) engineAnswer {
	t.Helper()
	chunks := engineAsk(t, h, c.Method, c.Target, c.Body)
	last := chunks[len(chunks)-1]
	return engineAnswer{last.Status, last.ContentType, joined(chunks)}
}

// pageConst returns the number that the page's script file sets the
// constant name to ("const NAME = 123;").
func pageConst(t *testing.T, file, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("assets", file))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`const ` + name + ` = ([0-9]+);`).FindSubmatch(b)
	if m == nil {
		t.Fatalf("assets/%s sets no const %s = NUMBER; (engineCases reads it)", file, name)
	}
	return string(m[1])
}

// pageLevel is a puzzle's family and level, and its size n and number k,
// as the page asks /api/generate for it.
type pageLevel struct {
	family, level string
	n, k          int
}

// pageLevels returns the puzzles of puzzle.js's LEVELS, a line per
// family: "  blocked: { easy: [8, 20], medium: [12, 60], hard: [30, 500] },".
func pageLevels(t *testing.T) []pageLevel {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("assets", "puzzle.js"))
	if err != nil {
		t.Fatal(err)
	}
	var levels []pageLevel
	for _, m := range regexp.MustCompile(`(?m)^ *(\w+): \{ easy: \[(\d+), (\d+)\], medium: \[(\d+), (\d+)\], hard: \[(\d+), (\d+)\] \},$`).FindAllStringSubmatch(string(b), -1) {
		for i, level := range []string{"easy", "medium", "hard"} {
			n, _ := strconv.Atoi(m[2+2*i])
			k, _ := strconv.Atoi(m[3+2*i])
			levels = append(levels, pageLevel{m[1], level, n, k})
		}
	}
	if len(levels) != 9 {
		t.Fatalf("assets/puzzle.js's LEVELS: %d puzzles read (%v); want 3 families of 3 levels (engineCases reads them)", len(levels), levels)
	}
	return levels
}

// engineCases returns the requests of the behaviour check
// (TestEngineAnswers): the ones the page makes, with the parameters it
// gives them, and their errors. The player's windows of events for every
// method (app.js's WINDOW); the count panel's and the growth chart's
// counts (N = 1..13, and the N above the browser's limit and the
// server's); Find; a puzzle drawn for each family and level of
// puzzle.js's LEVELS (two seeds), the tutor's verdict on it and on it
// after one move, with its count of completions (puzzle.js's
// COUNT_LIMIT) but on the hard level, and the tutor on a few fixed
// boards; the configuration. h answers the generate requests, whose
// boards the tutor's requests take.
func engineCases(t *testing.T, h http.Handler) []engineCase {
	t.Helper()
	var cs []engineCase
	get := func(format string, args ...any) {
		cs = append(cs, engineCase{Method: "GET", Target: fmt.Sprintf(format, args...)})
	}
	get("/api/config")
	window := pageConst(t, "app.js", "WINDOW")
	for _, m := range nqueens.SearchMethods {
		for n := 1; n <= 8; n++ {
			get("/api/events?n=%d&method=%s&from=0&limit=%s", n, m, window)
		}
		get("/api/events?n=12&method=%s&from=20000&limit=%s", m, window)
		get("/api/events?n=16&method=%s&from=0&limit=500", m)
	}
	for _, q := range []string{"n=17", "n=0", "n=8&method=nope", "n=8&from=10000001", "n=8&limit=0", "n=8&limit=100001", "n=8&x=1"} {
		get("/api/events?%s", q)
	}
	for n := 1; n <= 13; n++ {
		get("/api/count?n=%d&stream=1", n)
	}
	for _, q := range []string{"n=17", "n=21", "n=0", "n=x", "n=8&stream=x"} {
		get("/api/count?%s&stream=1", q)
	}
	for _, q := range []string{"1", "2", "3", "4", "5", "8", "9", "1000", "9999", "10000", "10001", "0", "x"} {
		get("/api/find?n=%s", q)
	}
	var boards, counted []string
	for _, l := range pageLevels(t) {
		for seed := 1; seed <= 2; seed++ {
			get("/api/generate?family=%s&n=%d&k=%d&seed=%d", l.family, l.n, l.k, seed)
			var g generateReply
			a := nativeAnswer(t, h, cs[len(cs)-1])
			if err := json.Unmarshal([]byte(a.Text), &g); err != nil || a.Status != 200 || g.Board == "" {
				t.Fatalf("%s: %d %.200s", cs[len(cs)-1].Target, a.Status, a.Text)
			}
			// The puzzle, then after a queen on its first open square.
			// Counting the completions of a hard one takes up to some
			// seconds, too near the tutor's limit in a slow browser:
			// only the easy and medium ones are counted.
			b := []string{g.Board, strings.Replace(g.Board, ".", "Q", 1)}
			boards = append(boards, b...)
			if l.level != "hard" {
				counted = append(counted, b...)
			}
		}
	}
	for _, q := range []string{"family=nope&n=8&k=3", "n=8&k=3", "family=queens&n=8", "family=queens&n=0&k=1", "family=diag&n=8&k=-1", "family=blocked&n=8&k=65", "family=queens&n=8&k=3&seed=x"} {
		get("/api/generate?%s", q)
	}
	fixed := []string{"Q.../..../..../....", "QQ../..../..../....", ".Q../...Q/Q.../..Q.", "x.../.x../..x./...x", "Q.x./..../..../...."}
	for _, b := range append(boards, fixed...) {
		get("/api/complete?b=%s", url.QueryEscape(b))
	}
	for _, b := range append(counted, fixed...) {
		get("/api/complete?b=%s&count=1&limit=%s", url.QueryEscape(b), pageConst(t, "puzzle.js", "COUNT_LIMIT"))
	}
	for _, q := range []string{"b=Q../...", "b=", "b=Q.../..../..../....&limit=5", "b=Q.../..../..../....&count=1&limit=0", "b=Q.../..../..../....&count=2", "b=Z"} {
		get("/api/complete?%s", q)
	}
	return cs
}

// normalAnswer is an answer as TestEngineAnswers compares it: the status,
// the Content-Type and the body, with every "seconds" left out of the
// JSON and, in an event stream, the "progress" events (a count's
// elapsed time every quarter second, which the engine sends only if a
// tick comes before the result) left out.
func normalAnswer(a engineAnswer) string {
	body := a.Text
	switch a.Type {
	case "application/json":
		body = normalJSON(body)
	case "text/event-stream":
		var b strings.Builder
		for _, frame := range strings.SplitAfter(body, "\n\n") {
			if strings.HasPrefix(frame, "event: progress\n") {
				continue
			}
			if event, data, ok := strings.Cut(frame, "\ndata: "); ok {
				frame = event + "\ndata: " + normalJSON(strings.TrimSuffix(data, "\n\n")) + "\n\n"
			}
			b.WriteString(frame)
		}
		body = b.String()
	}
	return fmt.Sprintf("%d %s\n%s", a.Status, a.Type, body)
}

// normalJSON returns the JSON value s with every "seconds" left out, or
// s as it is if it is not one JSON value.
func normalJSON(s string) string {
	d := json.NewDecoder(strings.NewReader(s))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil {
		return s
	}
	if _, err := d.Token(); err != io.EOF {
		return s
	}
	b, err := json.Marshal(dropSeconds(v))
	if err != nil {
		return s
	}
	return string(b)
}

func dropSeconds(v any) any {
	switch v := v.(type) {
	case map[string]any:
		delete(v, "seconds")
		for k, x := range v {
			v[k] = dropSeconds(x)
		}
	case []any:
		for i, x := range v {
			v[i] = dropSeconds(x)
		}
	}
	return v
}

// engineDiff returns "" when got answers c as want does (normalAnswer),
// else what differs, from the first byte that does.
func engineDiff(c engineCase, want, got engineAnswer) string {
	w, g := normalAnswer(want), normalAnswer(got)
	if w == g {
		return ""
	}
	i := 0
	for i < len(w) && i < len(g) && w[i] == g[i] {
		i++
	}
	from := max(0, i-80)
	return fmt.Sprintf("%s %s: the committed engine answers\n\t…%.240s\nwhere this tree's code answers\n\t…%.240s", c.Method, c.Target, g[from:], w[from:])
}

// engineDiffs returns engineDiff of each case whose answers differ.
func engineDiffs(cases []engineCase, want, got []engineAnswer) []string {
	var diffs []string
	for i, c := range cases {
		if d := engineDiff(c, want[i], got[i]); d != "" {
			diffs = append(diffs, d)
		}
	}
	return diffs
}

// TestEngineCompare: normalAnswer leaves out the times and the progress
// events and nothing else: a count, a verdict, a status, a type, an
// event or an error's text that differs is a difference.
func TestEngineCompare(t *testing.T) {
	c := engineCase{Method: "GET", Target: "/api/x"}
	json := func(s string) engineAnswer { return engineAnswer{200, "application/json", s} }
	stream := func(s string) engineAnswer { return engineAnswer{200, "text/event-stream", s} }
	for _, tc := range []struct {
		a, b engineAnswer
		same bool
	}{
		{json(`{"n":8,"solutions":92,"seconds":0.5}`), json(`{"seconds":0.01,"solutions":92,"n":8}`), true},
		{json(`{"n":8,"solutions":92,"seconds":0.5}`), json(`{"n":8,"solutions":93,"seconds":0.5}`), false},
		{json(`{"n":8,"solutions":92}`), json(`{"n":8,"solutions":92,"unique":12}`), false},
		{json(`{"verdict":"dead end","nodes":3}`), json(`{"verdict":"completable","nodes":3}`), false},
		{json(`{"a":[{"seconds":1,"x":1}]}`), json(`{"a":[{"seconds":2,"x":1}]}`), true},
		{json(`{"a":[{"seconds":1,"x":1}]}`), json(`{"a":[{"seconds":1,"x":2}]}`), false},
		{json(`{"solutions":340282366920938463463374607431768211455}`), json(`{"solutions":340282366920938463463374607431768211454}`), false},
		{json(`{"error":"n out of range"}`), engineAnswer{400, "application/json", `{"error":"n out of range"}`}, false},
		{json(`{"n":1}`), engineAnswer{200, "text/plain", `{"n":1}`}, false},
		{json(`{"n":1}`), json(`{"n":1} x`), false},
		{json(`not json`), json(`not json`), true},
		{json(`not json`), json(`not json!`), false},
		{stream("event: progress\ndata: {\"n\":9,\"seconds\":0.25}\n\nevent: result\ndata: {\"n\":9,\"solutions\":352,\"seconds\":0.3}\n\n"),
			stream("event: result\ndata: {\"n\":9,\"seconds\":1.5,\"solutions\":352}\n\n"), true},
		{stream("event: result\ndata: {\"n\":9,\"solutions\":352}\n\n"), stream("event: result\ndata: {\"n\":9,\"solutions\":353}\n\n"), false},
		{stream("event: result\ndata: {\"n\":9}\n\n"), stream("event: error\ndata: {\"n\":9}\n\n"), false},
		{stream("event: batch\ndata: [1]\n\nevent: end\ndata: {}\n\n"), stream("event: batch\ndata: [1]\n\n"), false},
	} {
		if d := engineDiff(c, tc.a, tc.b); (d == "") != tc.same {
			t.Errorf("engineDiff(%+v, %+v) = %q; want the same: %v", tc.a, tc.b, d, tc.same)
		}
	}
	cases := []engineCase{c, {Method: "GET", Target: "/api/y"}, {Method: "GET", Target: "/api/z"}}
	want := []engineAnswer{json(`{"n":1}`), json(`{"n":2}`), json(`{"n":3}`)}
	got := []engineAnswer{json(`{"n":1}`), json(`{"n":5}`), json(`{"n":3}`)}
	if d := engineDiffs(cases, want, got); len(d) != 1 || !strings.Contains(d[0], "/api/y") {
		t.Errorf("engineDiffs with the second answer changed = %q; want one difference, naming /api/y", d)
	}
}

// TestEngineCases: the behaviour check asks every route the page's
// scripts ask, and this tree's code answers each of its requests in full
// (no search stopped by the clock, which would make the comparison
// depend on the machine's speed), most of them 200.
func TestEngineCases(t *testing.T) {
	h, err := NewEngine(Options{Cores: 1})
	if err != nil {
		t.Fatal(err)
	}
	cases := engineCases(t, h)
	asked := map[string]int{}
	ok := 0
	for _, c := range cases {
		path, _, _ := strings.Cut(c.Target, "?")
		asked[path]++
		a := nativeAnswer(t, h, c)
		if a.Status == 200 {
			ok++
		}
		if strings.Contains(a.Text, `"verdict":"unknown"`) || strings.Contains(a.Text, `"stopped":"time"`) || strings.Contains(a.Text, `"code":"timeout"`) {
			t.Errorf("%s: %.200s; want an answer the clock did not stop", c.Target, a.Text)
		}
	}
	for _, route := range pageRoutes(t) {
		if asked[route] == 0 {
			t.Errorf("the page asks %s, which the behaviour check does not (engineCases)", route)
		}
	}
	if ok < len(cases)*3/4 {
		t.Errorf("%d of %d requests answered 200; want most", ok, len(cases))
	}
	t.Logf("%d requests: %v, %d answered 200", len(cases), asked, ok)
}

// TestEngineAnswers is the check that the committed engine is not stale:
// it loads the static site's engine.js (the committed engine/, as the
// nqueens binary embeds it) and api.js in headless Chromium, asks it
// engineCases through api.fetch (a Web Worker, as the page does), and
// fails when an answer differs from this tree's code run natively
// (NewEngine with the zero Options that wasm/main.go passes, and the one
// core Go has in a browser; normalAnswer leaves out the times). So a commit that changes no answer the page gets needs no new
// engine, and one that does fails here until "go generate
// ./cmd/nqueens/internal/web" is run and engine/ committed. Without
// Debian's chromium it skips, naming the package, or fails under
// CI=true; with -short it skips.
func TestEngineAnswers(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	testtool.Require(t, "chromium", "chromium", "chromium-browser")
	h, err := NewEngine(Options{Cores: 1})
	if err != nil {
		t.Fatal(err)
	}
	cases := engineCases(t, h)
	want := make([]engineAnswer, len(cases))
	start := time.Now()
	for i, c := range cases {
		want[i] = nativeAnswer(t, h, c)
	}
	native := time.Since(start)
	dir := writeSite(t)
	page := `<!doctype html><meta charset="utf-8"><title>engine check</title><script src="engine.js"></script><script src="api.js"></script>`
	if err := os.WriteFile(filepath.Join(dir, "engine-check.html"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	reqs, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	start = time.Now()
	ctx := startBrowser(t, 4*time.Minute)
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+filepath.ToSlash(dir)+"/engine-check.html")); err != nil {
		t.Fatal(err)
	}
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(async () => {
  const answers = [];
  for (const q of `+string(reqs)+`) {
    const r = await api.fetch(q.target, { method: q.method, body: q.body });
    answers.push({ status: r.status, type: r.headers.get('Content-Type') || '', text: await r.text() });
  }
  return JSON.stringify({ engine: api.engine, answers });
})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("asking the engine in Chromium: %v", err)
	}
	var got struct {
		Engine  string
		Answers []engineAnswer
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("the page's answers: %v: %.200s", err, out)
	}
	if got.Engine != "browser" || len(got.Answers) != len(cases) {
		t.Fatalf("the page ran %d of %d requests on the engine %q; want all on \"browser\"", len(got.Answers), len(cases), got.Engine)
	}
	diffs := engineDiffs(cases, want, got.Answers)
	for i, d := range diffs {
		if i < 5 {
			t.Error(d)
		}
	}
	if len(diffs) > 0 {
		t.Errorf("%d of %d answers of the committed engine (engine/nqueens.wasm.gz) differ from this tree's code: "+
			"run go generate ./cmd/nqueens/internal/web and commit engine/", len(diffs), len(cases))
	}
	t.Logf("%d requests: natively %.1f s, in Chromium %.1f s (start, engine, answers; under whatever load the machine has)",
		len(cases), native.Seconds(), time.Since(start).Seconds())
}
