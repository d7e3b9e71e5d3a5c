package web

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/nqueens/nqueens"
)

// TestBrowser drives the page in headless Chromium: it runs N = 6 to the
// end, checks the counters and the 4 solutions against the library, steps
// back and forward, shows a conflict, runs the count and find panels
// (checking where the queens of N = 25 are drawn, and drawing N = 1,000
// and 10,000), and saves a screenshot. The server is the one "nqueens
// serve" runs without flags: the zero Options (TestServeWiring in
// cmd/nqueens checks the limits it reports), its Host check on. Without
// Debian's chromium it skips, naming the package, or fails under CI=true;
// with -short it skips.
func TestBrowser(t *testing.T) {
	srv := newServer(t, Options{})

	// What the page should end with: the library's own trace of N = 6.
	var events int
	var final nqueens.Event
	s, err := nqueens.Solutions(context.Background(), 6, nqueens.SolveOptions{Trace: func(e nqueens.Event) { events++; final = e }})
	if err != nil {
		t.Fatal(err)
	}
	var sols []string
	for p := range s.All() {
		sols = append(sols, p.String())
	}

	ctx := startBrowser(t, 90*time.Second)

	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/")); err != nil {
		t.Fatalf("cannot start or drive Chromium: %v", err)
	}
	text := func(sel string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
		if err != nil {
			t.Fatalf("text of %s: %v", sel, err)
		}
		return strings.TrimSpace(s)
	}
	number := func(sel string) uint64 {
		t.Helper()
		s := strings.ReplaceAll(text(sel), ",", "")
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("%s = %q: %v", sel, s, err)
		}
		return v
	}
	waitStatus := func(want string) {
		t.Helper()
		js := fmt.Sprintf(`document.getElementById('status').textContent.includes(%q)`, want)
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
			t.Fatalf("status never said %q (it says %q): %v", want, text("#status"), err)
		}
	}
	click := func(sel string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel))); err != nil {
			t.Fatalf("click %s: %v", sel, err)
		}
	}

	waitStatus("Ready")
	// Full speed, then play to the end.
	if err := chromedp.Do(ctx,
		chromedp.SetValue(chromedp.CSS("#speed"), "100"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('speed').dispatchEvent(new Event('input'))`),
	); err != nil {
		t.Fatal(err)
	}
	click("#play")
	waitStatus("Search finished")

	counters := []struct {
		sel  string
		want uint64
	}{
		{"#c-steps", uint64(events)},
		{"#c-nodes", final.Stats.Nodes},
		{"#c-candidates", final.Stats.Candidates},
		{"#c-solutions", 4},
		{"#c-depth", uint64(final.Depth)},
	}
	for _, c := range counters {
		if got := number(c.sel); got != c.want {
			t.Errorf("%s = %d; want %d", c.sel, got, c.want)
		}
	}
	listed, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](
		`[...document.querySelectorAll('#solutions li')].map(li => li.textContent.trim())`))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(listed, "|") != strings.Join(sols, "|") {
		t.Errorf("solutions listed %q; want %q", listed, sols)
	}

	// Step back twice and forward twice.
	total := uint64(events)
	click("#back")
	if got := number("#c-steps"); got != total-1 {
		t.Errorf("after one step back steps = %d; want %d", got, total-1)
	}
	click("#back")
	if got := number("#c-steps"); got != total-2 {
		t.Errorf("after two steps back steps = %d; want %d", got, total-2)
	}
	click("#step")
	click("#step")
	if got := number("#c-steps"); got != total {
		t.Errorf("after stepping forward again steps = %d; want %d", got, total)
	}
	waitStatus("Search finished")

	// Clicking a solution shows it.
	click("#solutions li:nth-child(2) button")
	if got, want := text("#preview-caption"), "Solution #2: "+sols[1]; got != want {
		t.Errorf("preview caption %q; want %q", got, want)
	}
	queens, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#preview .sq.q').length`))
	if err != nil {
		t.Fatal(err)
	}
	if queens != 6 {
		t.Errorf("preview shows %d queens; want 6", queens)
	}

	// Arrays reports conflicts: step until one shows, with the attacker marked.
	if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.CSS("#method"), "arrays"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('method').dispatchEvent(new Event('change'))`)); err != nil {
		t.Fatal(err)
	}
	waitStatus("Ready")
	for i := 0; i < 20 && !strings.Contains(text("#status"), "attacked"); i++ {
		click("#step")
	}
	marks, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](
		`[document.querySelectorAll('#board .hit').length, document.querySelectorAll('#board .by.q').length, document.querySelectorAll('#board .row').length, document.querySelectorAll('#board .att').length]`))
	if err != nil {
		t.Fatal(err)
	}
	if len(marks) != 4 || marks[0] != 1 || marks[1] != 1 || marks[2] != 6 || marks[3] == 0 {
		t.Errorf("after a conflict: %v squares hit, attacking queens, tried-row squares, attacked squares; want [1 1 6 >0] (status %q)", marks, text("#status"))
	}

	// The count and find panels.
	waitText := func(sel, want string) {
		t.Helper()
		js := fmt.Sprintf(`document.querySelector(%q).textContent.includes(%q)`, sel, want)
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
			t.Fatalf("%s never said %q (it says %q): %v", sel, want, text(sel), err)
		}
	}
	if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.CSS("#count-n"), "10")); err != nil {
		t.Fatal(err)
	}
	click("#count-go")
	waitText("#count-out", "N = 10: 724 solutions, 92 unique")
	// N = 3 has no solution: the panel says so (and is no error).
	if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.CSS("#find-n"), "3")); err != nil {
		t.Fatal(err)
	}
	click("#find-go")
	waitText("#find-out", "N = 3: no solution")
	if cls, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById('find-out').className`)); err != nil || strings.Contains(cls, "err") {
		t.Errorf("find N = 3: class %q (%v); want no error style", cls, err)
	}
	if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.CSS("#find-n"), "25")); err != nil {
		t.Fatal(err)
	}
	click("#find-go")
	waitText("#find-out", "N = 25: found")
	// Each board row of N = 25 has its queen drawn in the cell of the
	// column /api/find returned: the only cell of the row with pixels of
	// neither square colour.
	want := findColumns(t, srv.URL, 25)
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[][]int](`(() => {
		const c = document.getElementById('find-canvas'), g = c.getContext('2d');
		const n = 25, cell = c.width / n, d = g.getImageData(0, 0, c.width, c.height).data;
		const square = (i) => [[0xf0, 0xd9, 0xb5], [0xb5, 0x88, 0x63]].some(
			([r, gr, b]) => Math.abs(d[i] - r) + Math.abs(d[i+1] - gr) + Math.abs(d[i+2] - b) < 30);
		const rows = [];
		for (let r = 0; r < n; r++) {
			const cols = [];
			for (let col = 0; col < n; col++) {
				let k = 0;
				for (let y = Math.ceil(r * cell) + 2; y < (r + 1) * cell - 2; y++)
					for (let x = Math.ceil(col * cell) + 2; x < (col + 1) * cell - 2; x++)
						if (!square((y * c.width + x) * 4)) k++;
				if (k > 5) cols.push(col + 1);
			}
			rows.push(cols);
		}
		return rows; })()`))
	if err != nil {
		t.Fatal(err)
	}
	for r, cols := range got {
		if len(cols) != 1 || cols[0] != want[r] {
			t.Errorf("N = 25: row %d has queens drawn in columns %v; want [%d]", r+1, cols, want[r])
		}
	}
	// Boards of 1,000 and 10,000 (cells under 2 pixels: no squares, a
	// dot per queen): every pixel row and column of the canvas has a dot,
	// as a permutation must.
	for _, n := range []string{"1000", "10000"} {
		if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.CSS("#find-n"), n)); err != nil {
			t.Fatal(err)
		}
		click("#find-go")
		waitText("#find-out", "N = "+n[:len(n)-3]+",000: found")
		empty, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`(() => {
			const c = document.getElementById('find-canvas'), g = c.getContext('2d');
			const d = g.getImageData(0, 0, c.width, c.height).data;
			const rows = new Array(c.height).fill(false), cols = new Array(c.width).fill(false);
			for (let y = 0; y < c.height; y++)
				for (let x = 0; x < c.width; x++) {
					const i = (y * c.width + x) * 4;
					if (d[i] - d[i+1] > 40) { rows[y] = true; cols[x] = true; }
				}
			return [rows.filter(v => !v).length, cols.filter(v => !v).length]; })()`))
		if err != nil {
			t.Fatal(err)
		}
		if len(empty) != 2 || empty[0] != 0 || empty[1] != 0 {
			t.Errorf("N = %s: %v pixel rows and columns of the canvas without a queen; want none", n, empty)
		}
	}

	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(screenshotDir(t), "serve.png")
	if err := os.WriteFile(shot, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", shot)
}

// findColumns returns the one-based columns /api/find answers for n.
func findColumns(t *testing.T, url string, n int) []int {
	t.Helper()
	code, body := get(t, url+"/api/find?n="+strconv.Itoa(n))
	var f struct{ Columns []int }
	if code != 200 || json.Unmarshal([]byte(body), &f) != nil || len(f.Columns) != n {
		t.Fatalf("find %d = %d %.100s", n, code, body)
	}
	return f.Columns
}
