package web

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/nqueens/nqueens"
)

// TestBrowserGrowth counts the range N = 1 to 9 in the count panel of
// the page in headless Chromium and checks its chart: one series per
// quantity (labelled as the command's legend), every point of the
// counts equal to the library's count of its N (zeros left out, as on
// a log scale they must be), one time point per N, tick labels that
// are successive powers of ten; and the table's rows. It saves a
// screenshot of the panel. Without Debian's chromium it skips, naming
// the package, or fails under CI=true; with -short it skips.
func TestBrowserGrowth(t *testing.T) {
	srv := newServer(t, Options{})
	ctx := startBrowser(t, 90*time.Second)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/")); err != nil {
		t.Fatalf("cannot start or drive Chromium: %v", err)
	}
	const lo, hi = 1, 9
	if err := chromedp.Do(ctx,
		chromedp.WaitVisible(chromedp.CSS("#count-go")),
		chromedp.SetValue(chromedp.CSS("#count-n"), strconv.Itoa(lo)),
		chromedp.SetValue(chromedp.CSS("#count-to"), strconv.Itoa(hi)),
		chromedp.Click(chromedp.CSS("#count-go")),
	); err != nil {
		t.Fatal(err)
	}
	done := fmt.Sprintf(`document.getElementById('count-out').textContent.includes('N = %d to %d: done')`, lo, hi)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](done, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		out, _ := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#count-out")))
		t.Fatalf("the range never finished (the panel says %q): %v", out, err)
	}

	type point struct {
		N int
		V float64
	}
	type series struct {
		Label  string
		Points []point
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]series](`[...document.querySelectorAll('#count-chart g.series')].map(g => ({
		label: g.dataset.label,
		points: [...g.querySelectorAll('circle')].map(c => ({n: Number(c.dataset.n), v: Number(c.dataset.v)})),
	}))`))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]point{}
	for n := lo; n <= hi; n++ {
		res, err := nqueens.Count(context.Background(), n, nqueens.CountOptions{})
		if err != nil {
			t.Fatal(err)
		}
		sol, _ := res.Solutions.Uint64()
		uniq, _ := res.Unique.Uint64()
		for label, v := range map[string]uint64{"solutions": sol, "unique solutions": uniq, "nodes, bitboard": res.Nodes} {
			if v > 0 {
				want[label] = append(want[label], point{n, float64(v)})
			}
		}
	}
	var labels []string
	for _, s := range got {
		labels = append(labels, s.Label)
		if s.Label == "time, bitboard" {
			if len(s.Points) != hi-lo+1 {
				t.Errorf("time: %d points; want %d", len(s.Points), hi-lo+1)
			}
			continue
		}
		if !slices.Equal(s.Points, want[s.Label]) {
			t.Errorf("%s: points %v; want %v", s.Label, s.Points, want[s.Label])
		}
	}
	if w := []string{"solutions", "unique solutions", "nodes, bitboard", "time, bitboard"}; !slices.Equal(labels, w) {
		t.Errorf("series %q; want %q", labels, w)
	}

	// Tick labels: powers of ten, successive, on both value axes.
	ticks, err := chromedp.Run(ctx, chromedp.Evaluate[map[string][]string](`Object.fromEntries(
		[...document.querySelectorAll('#count-chart g.axis')].map(g =>
			[g.dataset.unit, [...g.querySelectorAll('text.tick:not(.n)')].map(t => t.textContent)]))`))
	if err != nil {
		t.Fatal(err)
	}
	scale := map[string]float64{"": 1, "s": 1, "ms": 1e-3, "µs": 1e-6, "ns": 1e-9}
	for _, unit := range []string{"count", "s"} {
		labels := ticks[unit]
		if len(labels) < 2 {
			t.Errorf("%s axis: tick labels %q; want 2 or more", unit, labels)
			continue
		}
		prev := math.NaN()
		for _, l := range labels {
			num, u, _ := strings.Cut(l, " ")
			v, err := strconv.ParseFloat(num, 64)
			k, ok := scale[u]
			e := math.Log10(v * k)
			if err != nil || !ok || math.Abs(e-math.Round(e)) > 1e-9 || !math.IsNaN(prev) && math.Round(e-prev) != 1 {
				t.Errorf("%s axis: tick label %q is not the power of ten after 1e%v", unit, l, prev)
			}
			prev = math.Round(e)
		}
	}

	// The table's rows are the chart's: N and the solutions.
	rows, err := chromedp.Run(ctx, chromedp.Evaluate[[][]string](
		`[...document.querySelectorAll('#count-table tbody tr')].map(tr => [...tr.cells].map(td => td.textContent))`))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != hi-lo+1 {
		t.Fatalf("table has %d rows; want %d", len(rows), hi-lo+1)
	}
	for i, r := range rows {
		if r[0] != strconv.Itoa(lo+i) {
			t.Errorf("table row %d: %q; want N = %d first", i, r, lo+i)
		}
	}

	png, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS("#count")))
	if err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(screenshotDir(t), "count-growth.png")
	if err := os.WriteFile(shot, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", shot)
}
