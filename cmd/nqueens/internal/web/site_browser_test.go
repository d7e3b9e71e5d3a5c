package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/nqueens/nqueens"
	"github.com/nqueens/nqueens/internal/oeis"
)

// TestBrowserSite drives the page in headless Chromium in three setups,
// one browser for all: "static", the folder Site writes served by a
// plain file server that fails the test on any request for a path outside
// the folder (an /api/ request above all: there the page's own engine
// answers, in a Web Worker); "serve", the server "nqueens serve" runs;
// and "file", the folder opened from disk (a shorter round). Each loads
// the page, steps through a search and plays it to the end (the counters
// and solutions against the library's, and each method's events on
// N = 5), gets the tutor's verdict for a dead end and a completable board
// (against Complete), asks "show me why", takes a hint, finishes the
// board (Validate), counts completions past the page's limit ("more
// than"), loads a position from the address, draws a challenge (against
// GeneratePuzzle and Complete), draws the growth chart for N = 4..10 (the
// counts against Count) and finds one solution of N = 1,000. The static
// site also counts N = BrowserCountMax (against OEIS) and tells to run
// nqueens count above it, and a round of it runs in Polish and Chinese
// (siteLanguages). It logs the time to the first interactive
// board, and the tutor's time on the hard level of each puzzle family,
// which docs/SITE.md quotes. Screenshots of each state go to
// $NQUEENS_SCREENSHOTS or a temporary directory, logged. Without Debian's
// chromium it skips, naming the package, or fails under CI=true; with
// -short it skips.
func TestBrowserSite(t *testing.T) {
	ctx := startBrowser(t, 4*time.Minute)
	shots := screenshotDir(t)
	t.Logf("screenshots: %s", shots)

	t.Run("static", func(t *testing.T) {
		base := staticSite(t, writeSite(t))
		runSitePage(t, ctx, base, "static", shots)
	})
	// The static site in Polish and Chinese: no English left, and the
	// texts that say who computes in their browser variants.
	t.Run("static-languages", func(t *testing.T) {
		base := staticSite(t, writeSite(t))
		newSitePage(t, ctx, "static-lang", shots).siteLanguages(base)
	})
	t.Run("serve", func(t *testing.T) {
		srv := newServer(t, Options{})
		runSitePage(t, ctx, srv.URL+"/", "serve", shots)
	})
	// From disk (a file:// address), as a student would open it from a
	// USB stick: the page loads its engine from engine.js, starts its
	// workers from a Blob, and steps, tutors and charts with no server.
	t.Run("file", func(t *testing.T) {
		dir := writeSite(t)
		p := newSitePage(t, ctx, "file", shots)
		start := time.Now()
		p.open("file://" + filepath.ToSlash(dir) + "/index.html")
		p.waitText("#status", "Ready")
		t.Logf("file: first interactive board %.2f s after the navigation started (under whatever load the machine has)", time.Since(start).Seconds())
		if got := p.eval(`api.engine`); got != "browser" {
			t.Errorf("api.engine = %q from disk; want browser", got)
		}
		p.steps()
		p.shot("steps")
		p.tutor()
		p.shot("tutor")
		p.growth(4, 8)
		p.shot("growth")
	})
	// A browser without DecompressionStream cannot run the engine: api.js
	// says so with the code the page translates (engine_unsupported),
	// for a fetch and for a stream alike.
	t.Run("unsupported", func(t *testing.T) {
		dir := writeSite(t)
		probe := `<!doctype html><meta charset="utf-8">
<script>delete self.DecompressionStream;</script>
<script src="engine.js"></script><script src="api.js"></script>
<p id="fetch"></p><p id="events"></p>
<script>
api.fetch('/api/config').then(() => { fetch.textContent = 'answered'; }, (e) => { document.getElementById('fetch').textContent = e.code + ': ' + e.message; });
api.events('/api/count?n=5&stream=1').addEventListener('error', (m) => { const d = JSON.parse(m.data); document.getElementById('events').textContent = d.code + ': ' + d.error; });
</script>`
		if err := os.WriteFile(filepath.Join(dir, "probe.html"), []byte(probe), 0o644); err != nil {
			t.Fatal(err)
		}
		p := newSitePage(t, ctx, "unsupported", shots)
		p.open("file://" + filepath.ToSlash(dir) + "/probe.html")
		want := "engine_unsupported: This browser cannot run the page's engine"
		p.waitText("#fetch", want)
		p.waitText("#events", want)
	})
}

// writeSite writes the files of Site into a temporary folder and returns
// it.
func writeSite(t *testing.T) string {
	t.Helper()
	files, err := Site()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range files {
		name := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// staticSite serves dir with http.FileServer and returns its address.
// A request for anything but a file of dir fails the test.
func staticSite(t *testing.T, dir string) string {
	t.Helper()
	files := http.FileServer(http.Dir(dir))
	var mu sync.Mutex
	served := map[string]int{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := path.Clean("/" + r.URL.Path)
		fi, err := os.Stat(filepath.Join(dir, filepath.FromSlash(name)))
		if name == "/" {
			name, fi, err = "/index.html", nil, nil
		}
		if err != nil || (fi != nil && fi.IsDir()) || strings.HasPrefix(r.URL.Path, "/api/") || r.Method != http.MethodGet {
			t.Errorf("the static site was asked for %s %s, which is not one of its files", r.Method, r.URL)
			http.NotFound(w, r)
			return
		}
		mu.Lock()
		served[name]++
		mu.Unlock()
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(func() {
		srv.Close()
		t.Logf("files served: %v", served)
	})
	return srv.URL + "/"
}

// runSitePage runs the test body on the page at base.
func runSitePage(t *testing.T, ctx context.Context, base, setup, shots string) {
	p := newSitePage(t, ctx, setup, shots)
	start := time.Now()
	p.open(base)
	p.waitText("#status", "Ready")
	t.Logf("%s: first interactive board %.2f s after the navigation started (under whatever load the machine has)", setup, time.Since(start).Seconds())
	want := map[string]string{"static": "browser", "serve": "server"}[setup]
	if got := p.eval(`api.engine`); got != want {
		t.Errorf("api.engine = %q; want %q", got, want)
	}
	p.shot("load")
	p.steps()
	p.shot("steps")
	p.tutor()
	p.shot("tutor")
	p.fromAddress(base)
	p.shot("address")
	p.challenge()
	p.shot("challenge")
	p.growth(4, 10)
	p.shot("growth")
	// One solution of a large board, drawn.
	p.set("#find-n", "1000")
	p.click("#find-go")
	p.waitText("#find-out", "N = 1,000: found")
	if setup == "static" {
		// The largest count the browser takes, against OEIS A000170.
		p.set("#count-n", strconv.Itoa(BrowserCountMax))
		p.set("#count-to", "")
		start := time.Now()
		p.click("#count-go")
		all, unique := oeis.MustLoad(t, "a000170")[BrowserCountMax], oeis.MustLoad(t, "a002562")[BrowserCountMax]
		p.waitText("#count-out", fmt.Sprintf("N = %d: %s solutions, %s unique", BrowserCountMax, commas(all.String()), commas(unique.String())))
		t.Logf("%s: count of N = %d in the browser: %.1f s (under whatever load the machine has)", setup, BrowserCountMax, time.Since(start).Seconds())
		// Above what the browser counts, the page says where to count.
		p.set("#count-n", strconv.Itoa(BrowserCountMax+1))
		p.set("#count-to", "")
		p.click("#count-go")
		p.waitText("#count-out", fmt.Sprintf("nqueens count %d", BrowserCountMax+1))
	}
	p.timeHard()
}

// sitePage is one tab of the browser, with the steps of the test.
type sitePage struct {
	t            *testing.T
	ctx          context.Context
	setup, shots string
	n            int
}

func newSitePage(t *testing.T, parent context.Context, setup, shots string) *sitePage {
	ctx, cancel := chromedp.NewContext(parent)
	t.Cleanup(cancel)
	return &sitePage{t: t, ctx: ctx, setup: setup, shots: shots}
}

func (p *sitePage) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, actions...); err != nil {
		p.t.Fatalf("%s: %s: %v", p.setup, what, err)
	}
}

func (p *sitePage) open(url string) { p.t.Helper(); p.do("open "+url, chromedp.Navigate(url)) }

func (p *sitePage) eval(js string) string {
	p.t.Helper()
	s, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("%s: %s: %v", p.setup, js, err)
	}
	return s
}

func (p *sitePage) text(sel string) string {
	p.t.Helper()
	return p.eval(fmt.Sprintf(`document.querySelector(%q).textContent`, sel))
}

func (p *sitePage) waitText(sel, want string) {
	p.t.Helper()
	js := fmt.Sprintf(`document.querySelector(%q).textContent.includes(%q)`, sel, want)
	if _, err := chromedp.Run(p.ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(60*time.Second))); err != nil {
		p.t.Fatalf("%s: %s never said %q (it says %q): %v", p.setup, sel, want, p.text(sel), err)
	}
}

func (p *sitePage) click(sel string) {
	p.t.Helper()
	p.do("click "+sel, chromedp.Click(chromedp.CSS(sel)))
}

// set sets the value of an input or select and fires its change event.
func (p *sitePage) set(sel, value string) {
	p.t.Helper()
	p.eval(fmt.Sprintf(`(() => { const e = document.querySelector(%q); e.value = %q; e.dispatchEvent(new Event('change')); return ''; })()`, sel, value))
}

func (p *sitePage) number(sel string) uint64 {
	p.t.Helper()
	s := strings.ReplaceAll(strings.TrimSpace(p.text(sel)), ",", "")
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		p.t.Fatalf("%s: %s = %q: %v", p.setup, sel, s, err)
	}
	return v
}

func (p *sitePage) shot(state string) {
	p.t.Helper()
	png, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		p.t.Fatalf("%s: screenshot: %v", p.setup, err)
	}
	p.n++
	name := filepath.Join(p.shots, fmt.Sprintf("site-%s-%d-%s.png", p.setup, p.n, state))
	if err := os.WriteFile(name, png, 0o644); err != nil {
		p.t.Fatal(err)
	}
	p.t.Logf("screenshot: %s", name)
}

// steps steps through the N = 6 search of the arrays method (the events
// the engine streams), then plays it to the end, checking the counters
// and solutions against the library's trace.
func (p *sitePage) steps() {
	p.t.Helper()
	var events int
	var final nqueens.Event
	s, err := nqueens.Solutions(context.Background(), 6, nqueens.SolveOptions{Method: nqueens.MethodArrays, Trace: func(e nqueens.Event) { events++; final = e }})
	if err != nil {
		p.t.Fatal(err)
	}
	var sols []string
	for q := range s.All() {
		sols = append(sols, q.String())
	}
	p.set("#n", "6")
	p.set("#method", "arrays")
	p.waitText("#status", "Ready: 6×6, arrays")
	for i := 1; i <= 5; i++ {
		p.click("#step")
		if got := p.number("#c-steps"); got != uint64(i) {
			p.t.Errorf("%s: after %d steps the counter says %d", p.setup, i, got)
		}
	}
	p.do("full speed", chromedp.SetValue(chromedp.CSS("#speed"), "100"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('speed').dispatchEvent(new Event('input'))`))
	p.click("#play")
	p.waitText("#status", "Search finished")
	for _, c := range []struct {
		sel  string
		want uint64
	}{
		{"#c-steps", uint64(events)},
		{"#c-nodes", final.Stats.Nodes},
		{"#c-candidates", final.Stats.Candidates},
		{"#c-solutions", uint64(len(sols))},
	} {
		if got := p.number(c.sel); got != c.want {
			p.t.Errorf("%s: %s = %d; want %d", p.setup, c.sel, got, c.want)
		}
	}
	listed := p.eval(`[...document.querySelectorAll('#solutions li')].map(li => li.textContent.trim()).join('|')`)
	if want := strings.Join(sols, "|"); listed != want {
		p.t.Errorf("%s: solutions listed %q; want %q", p.setup, listed, want)
	}
	// Every method's events, played to the end on N = 5.
	p.set("#n", "5")
	for _, m := range nqueens.SearchMethods {
		events, nodes := 0, uint64(0)
		s, err := nqueens.Solutions(context.Background(), 5, nqueens.SolveOptions{Method: m, Trace: func(e nqueens.Event) { events++; nodes = e.Stats.Nodes }})
		if err != nil {
			p.t.Fatal(err)
		}
		for range s.All() {
		}
		p.set("#method", string(m))
		p.waitText("#status", "Ready: 5×5, "+string(m))
		p.click("#play")
		p.waitText("#status", "Search finished")
		if got, gotNodes := p.number("#c-steps"), p.number("#c-nodes"); got != uint64(events) || gotNodes != nodes || p.number("#c-solutions") != 10 {
			p.t.Errorf("%s: %s on N = 5 ends at %d steps, %d nodes, %d solutions; want %d, %d, 10", p.setup, m, got, gotNodes, p.number("#c-solutions"), events, nodes)
		}
	}
}

// pageBoard reads the puzzle's board from its squares.
func (p *sitePage) pageBoard() *nqueens.Puzzle {
	p.t.Helper()
	rows := p.eval(`(() => { const sq = [...document.querySelectorAll('#pz-board .sq')], n = Math.round(Math.sqrt(sq.length));
		return sq.map((d) => (d.classList.contains('q') ? 'Q' : d.classList.contains('blk') ? 'x' : '.') + (Number(d.dataset.c) === n - 1 ? '\n' : '')).join(''); })()`)
	b, err := nqueens.ParsePuzzle(rows)
	if err != nil {
		p.t.Fatalf("%s: the page's board %q: %v", p.setup, rows, err)
	}
	return b
}

// verdict waits for the tutor's answer, checks it against Complete on
// the page's board, and returns whether the board can be completed.
func (p *sitePage) verdict() bool {
	p.t.Helper()
	js := `(() => { const v = document.getElementById('pz-verdict'); return v.classList.contains('yes') || v.classList.contains('no'); })()`
	if _, err := chromedp.Run(p.ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(60*time.Second))); err != nil {
		p.t.Fatalf("%s: the tutor never answered (it says %q): %v", p.setup, p.text("#pz-verdict"), err)
	}
	b := p.pageBoard()
	_, err := nqueens.Complete(context.Background(), b, nqueens.CompleteOptions{})
	if err != nil && !errors.Is(err, nqueens.ErrNoCompletion) {
		p.t.Fatalf("%s: Complete on the page's board:\n%v: %v", p.setup, b, err)
	}
	got := p.text("#pz-verdict")
	want := "Can still be completed"
	if err != nil {
		want = "Dead end: no completion"
	}
	if !strings.HasPrefix(got, want) {
		p.t.Errorf("%s: on the board\n%vthe tutor says %q; want %q, as the library", p.setup, b, got, want)
	}
	return err == nil
}

func sq(r, c int) string { return fmt.Sprintf(`#pz-board .sq[data-r="%d"][data-c="%d"]`, r, c) }

// tutor plays the puzzle on 6×6: a queen in the corner is a dead end
// (no solution of 6×6 has one there, yet every row keeps an open square,
// so the engine's search must prove it), one on 1:2 can be completed; a
// hint is a square of a completion, and Finish completes the board.
func (p *sitePage) tutor() {
	p.t.Helper()
	p.set("#pz-n", "6")
	p.waitText("#pz-queens", "0/6")
	p.click(sq(0, 0))
	p.waitText("#pz-queens", "1/6")
	if p.verdict() {
		p.t.Errorf("%s: 6×6 with a queen on 1:1 can be completed", p.setup)
	}
	p.click("#pz-why")
	p.waitText("#pz-why-out", "none works")
	p.shot("dead-end")
	p.click(sq(0, 0))
	p.waitText("#pz-queens", "0/6")
	p.click(sq(0, 1))
	p.waitText("#pz-queens", "1/6")
	if !p.verdict() {
		p.t.Fatalf("%s: 6×6 with a queen on 1:2 is a dead end", p.setup)
	}
	p.click("#pz-hint")
	p.waitText("#pz-why-out", "Hint:")
	var r, c int
	if _, err := fmt.Sscanf(p.eval(`(() => { const d = document.querySelector('#pz-board .sq.hint'); return d ? d.dataset.r + ' ' + d.dataset.c : ''; })()`), "%d %d", &r, &c); err != nil {
		p.t.Fatalf("%s: no hint square shown: %v", p.setup, err)
	}
	b := p.pageBoard()
	b.Queens = append(b.Queens, nqueens.Square{Row: r, Col: c})
	if _, err := nqueens.Complete(context.Background(), b, nqueens.CompleteOptions{}); err != nil {
		p.t.Errorf("%s: the hint %d:%d is in no completion: %v", p.setup, r+1, c+1, err)
	}
	p.shot("hint")
	p.click("#pz-finish")
	p.waitText("#pz-queens", "6/6")
	b = p.pageBoard()
	cols := make(nqueens.Placement, b.N)
	for _, q := range b.Queens {
		cols[q.Row] = q.Col
	}
	if len(b.Queens) != 6 || nqueens.Validate(cols) != nil {
		p.t.Errorf("%s: the finished board\n%vis no solution", p.setup, b)
	}
	p.waitText("#pz-verdict", "Solved")
	// The count of completions stops at the page's limit: the empty
	// 12×12 board has 14,200.
	p.set("#pz-n", "12")
	p.waitText("#pz-queens", "0/12")
	p.click("#pz-count")
	p.waitText("#pz-count-out", "More than 10,000 completions")
}

// fromAddress loads 8×8 with queens on 1:1 and 2:3 from the address: the
// tutor's verdict comes from the engine.
func (p *sitePage) fromAddress(base string) {
	p.t.Helper()
	p.open(base + "#n=8&q=1:1,2:3")
	p.waitText("#pz-status", "Position loaded from the link")
	p.waitText("#pz-queens", "2/8")
	b := p.pageBoard()
	if len(b.Queens) != 2 || b.Queens[0] != (nqueens.Square{Row: 0, Col: 0}) || b.Queens[1] != (nqueens.Square{Row: 1, Col: 2}) {
		p.t.Errorf("%s: the board loaded from the address is\n%v", p.setup, b)
	}
	p.verdict()
}

// challenge draws a hard puzzle of excluded diagonals and checks its
// verdict against the library's on the board of the same seed.
func (p *sitePage) challenge() {
	p.t.Helper()
	p.set("#pz-family", "diag")
	p.set("#pz-level", "easy")
	p.click("#pz-gen")
	p.waitText("#pz-status", "puzzle, 8×8")
	status := p.text("#pz-status")
	i := strings.Index(status, "(seed ")
	var seed uint64
	if i < 0 {
		p.t.Fatalf("%s: the challenge's status %q names no seed", p.setup, status)
	}
	if _, err := fmt.Sscanf(status[i:], "(seed %d)", &seed); err != nil {
		p.t.Fatalf("%s: the challenge's status %q: %v", p.setup, status, err)
	}
	b, err := nqueens.GeneratePuzzle(nqueens.FamilyDiagonals, 8, 4, seed)
	if err != nil {
		p.t.Fatal(err)
	}
	if got := p.pageBoard(); got.String() != b.String() {
		p.t.Errorf("%s: the challenge of seed %d is\n%vwant\n%v", p.setup, seed, got, b)
	}
	_, err = nqueens.Complete(context.Background(), b, nqueens.CompleteOptions{})
	want := "it can be solved"
	if err != nil {
		want = "it has no solution"
	}
	if !strings.Contains(status, want) {
		p.t.Errorf("%s: the challenge of seed %d says %q; want %q", p.setup, seed, status, want)
	}
	p.verdict()
}

// growth counts N = lo..hi in the count panel and checks the table
// against Count, and that the chart is drawn.
func (p *sitePage) growth(lo, hi int) {
	p.t.Helper()
	p.set("#count-n", strconv.Itoa(lo))
	p.set("#count-to", strconv.Itoa(hi))
	p.click("#count-go")
	p.waitText("#count-out", fmt.Sprintf("N = %d to %d: done", lo, hi))
	rows := p.eval(`[...document.querySelectorAll('#count-table tbody tr')].map(tr => [...tr.cells].slice(0, 3).map(td => td.textContent).join(' ')).join('|')`)
	var want []string
	for n := lo; n <= hi; n++ {
		res, err := nqueens.Count(context.Background(), n, nqueens.CountOptions{})
		if err != nil {
			p.t.Fatal(err)
		}
		want = append(want, fmt.Sprintf("%d %s %s", n, commas(res.Solutions.String()), commas(res.Unique.String())))
	}
	if got := strings.ReplaceAll(rows, "\u00a0", " "); got != strings.Join(want, "|") {
		p.t.Errorf("%s: the growth table is %q; want %q", p.setup, got, strings.Join(want, "|"))
	}
	if k := p.eval(`String(document.querySelectorAll('#count-chart path, #count-chart polyline').length)`); k == "0" {
		p.t.Errorf("%s: the growth chart has no line", p.setup)
	}
}

// commas writes a decimal number with thousands separators, as the page.
func commas(s string) string {
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// timeHard asks, through the page's api module, for the hard level of
// each puzzle family (the page's LEVELS) with a few seeds, and logs the
// tutor's time on each: docs/SITE.md compares the engine's to the
// server's.
func (p *sitePage) timeHard() {
	p.t.Helper()
	for _, f := range []struct {
		family string
		n, k   int
	}{{"blocked", 30, 500}, {"diag", 21, 19}, {"queens", 40, 12}} {
		got := p.eval(fmt.Sprintf(`(async () => {
			let s = 0, nodes = 0; const v = [];
			for (const seed of [1, 2, 3]) {
				const d = await (await api.fetch('/api/generate?family=%s&n=%d&k=%d&seed=' + seed)).json();
				s += d.seconds; nodes += d.nodes; v.push(d.verdict);
			}
			return s.toFixed(3) + ' s, ' + nodes + ' nodes, ' + v.join(', ');
		})()`, f.family, f.n, f.k))
		p.t.Logf("%s: tutor on %s n=%d k=%d, seeds 1-3: %s", p.setup, f.family, f.n, f.k, got)
	}
}
