package web

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/nqueens/nqueens"
)

// chromium returns the browser to drive: $CHROMIUM, else /usr/bin/chromium,
// else chromium or chromium-browser on $PATH.
func chromium(t *testing.T) string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium"
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	// Not a skip: CI installs the browser, so its absence is a failure.
	t.Fatal("no Chromium found (install Debian's chromium package or set $CHROMIUM)")
	return ""
}

// TestBrowser drives the page in headless Chromium: it runs N = 6 to the
// end, checks the counters and the 4 solutions against the library, steps
// back and forward, shows a conflict, and saves a screenshot. It fails when
// the browser cannot start.
func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	h, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()

	// What the page should end with: the library's own trace of N = 6.
	var events int
	var final nqueens.Event
	s, err := nqueens.NewSearch(6, nqueens.SolveOptions{Trace: func(e nqueens.Event) { events++; final = e }})
	if err != nil {
		t.Fatal(err)
	}
	var sols []string
	for p := range s.All() {
		sols = append(sols, p.String())
	}

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium(t)),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.NoFirstRun,
		chromedp.WindowSize(1200, 1000),
	)
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 90*time.Second)
	defer cancel()

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
	red, err := chromedp.Run(ctx, chromedp.Evaluate[int](`(() => {
		const c = document.getElementById('find-canvas'), g = c.getContext('2d');
		const d = g.getImageData(0, 0, c.width, c.height).data;
		let k = 0;
		for (let i = 0; i < d.length; i += 4) if ((d[i] > 150 && d[i+1] < 80) || (d[i] < 60 && d[i+1] < 60 && d[i+2] < 60)) k++;
		return k; })()`))
	if err != nil {
		t.Fatal(err)
	}
	if red == 0 {
		t.Error("the find canvas shows no queens")
	}

	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if d := os.Getenv("NQUEENS_SCREENSHOTS"); d != "" {
		dir = d
	}
	shot := filepath.Join(dir, "serve.png")
	if err := os.WriteFile(shot, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", shot)
}
