package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nqueens/nqueens"
	"github.com/nqueens/nqueens/cmd/nqueens/internal/plot"
)

// capturePlots replaces writePlot for the test: each write still goes
// to its file, and the rows of every write are recorded.
func capturePlots(t *testing.T) *[][]plot.Row {
	t.Helper()
	var writes [][]plot.Row
	old := writePlot
	writePlot = func(path string, c *plot.Chart) error {
		writes = append(writes, c.Rows())
		return old(path, c)
	}
	t.Cleanup(func() { writePlot = old })
	return &writes
}

// TestPlotRowsMatchCount: the chart is drawn from exactly the rows
// compare prints, one write per row, each row drawn as it finishes.
func TestPlotRowsMatchCount(t *testing.T) {
	writes := capturePlots(t)
	path := filepath.Join(t.TempDir(), "g.svg")
	args := []string{"compare", "1-9", "-budget", "1h", "-format", "json", "-plot", path}
	out, errs, code := cli(t, "", args...)
	if code != 0 {
		t.Fatalf("nqueens %s: exit %d, stderr %q", strings.Join(args, " "), code, errs)
	}
	var want []plot.Row
	dec := json.NewDecoder(strings.NewReader(out))
	for {
		var j countJSON
		if err := dec.Decode(&j); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		r := plot.Row{Method: string(j.Method), N: j.N, Nodes: j.Nodes, Seconds: j.Seconds}
		r.Solutions, _ = j.Solutions.Uint64()
		if j.Unique != nil {
			r.Unique, _ = j.Unique.Uint64()
		}
		want = append(want, r)
	}
	if len(want) != 9*len(nqueens.SearchMethods) {
		t.Fatalf("%d JSON rows; want %d", len(want), 9*len(nqueens.SearchMethods))
	}
	if len(*writes) != len(want) {
		t.Fatalf("the chart was written %d times; want once per row, %d", len(*writes), len(want))
	}
	for i, rows := range *writes {
		if !slices.Equal(rows, want[:i+1]) {
			t.Fatalf("write %d drew rows %+v; want %+v", i+1, rows, want[:i+1])
		}
	}
	// The file holds the last write: a series per quantity and method.
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	texts := svgTexts(t, b)
	labels := []string{plot.Label(plot.Solutions, ""), plot.Label(plot.Unique, "")}
	for _, q := range []plot.Quantity{plot.Nodes, plot.Seconds} {
		for _, m := range nqueens.SearchMethods {
			labels = append(labels, plot.Label(q, string(m)))
		}
	}
	for _, l := range labels {
		if k := countOf(texts, l); k != 1 {
			t.Errorf("legend %q appears %d times in the SVG; want once", l, k)
		}
	}
	checkLogAxes(t, texts)
}

// TestPlotTableRows: the rows drawn are the rows of the table.
func TestPlotTableRows(t *testing.T) {
	writes := capturePlots(t)
	path := filepath.Join(t.TempDir(), "g.svg")
	out, errs, code := cli(t, "", "compare", "4-10", "-method", "auto", "-plot", path)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")[1:]
	if len(*writes) == 0 {
		t.Fatal("no chart written")
	}
	rows := (*writes)[len(*writes)-1]
	if len(rows) != len(lines) {
		t.Fatalf("%d rows drawn; the table has %d", len(rows), len(lines))
	}
	for i, r := range rows {
		got := strings.Fields(lines[i])
		want := []string{strconv.Itoa(r.N), groupU(r.Solutions), groupU(r.Unique), groupU(r.Nodes), strconv.FormatFloat(r.Seconds, 'f', 3, 64)}
		if !slices.Equal(got[:5], want) {
			t.Errorf("table row %q; the chart drew %q", lines[i], want)
		}
	}
}

// TestCLIPlot draws compare 4-9 (the four methods) with each row's time
// replaced by a fixed one (the nodes times a method's cost per node), so
// that the SVG is deterministic; go test -update rewrites the file.
func TestCLIPlot(t *testing.T) {
	writes := capturePlots(t)
	dir := t.TempDir()
	_, errs, code := cli(t, "", "compare", "4-9", "-budget", "1h", "-plot", filepath.Join(dir, "g.svg"))
	if code != 0 || len(*writes) == 0 {
		t.Fatalf("exit %d, %d writes, stderr %q", code, len(*writes), errs)
	}
	perNode := map[string]float64{"bitboard": 2e-9, "arrays": 5e-9, "matrix": 2e-8, "permutation": 4e-8}
	c := &plot.Chart{Title: "nqueens compare 4-9 (fixed times)"}
	for _, r := range (*writes)[len(*writes)-1] {
		r.Seconds = float64(r.Nodes) * perNode[r.Method]
		c.Add(r)
	}
	var buf bytes.Buffer
	if err := c.Render(&buf, plot.SVG); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "plot-4-9-all.svg")
	if *update {
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("the chart differs from %s; go test -run TestCLI -update rewrites it", golden)
	}
}

func TestPlotPNG(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.png")
	if _, errs, code := cli(t, "", "compare", "4-8", "-method", "bitboard", "-plot", path); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Errorf("%s: %v", path, err)
	}
}

// TestPlotBudgetStops: with a budget below any count's time, each
// method counts its first row at most (one estimated at nothing, as
// the classic methods' N = 4 is: it is where their estimator starts)
// and stops before the next, saying so; the range to 30 never runs.
func TestPlotBudgetStops(t *testing.T) {
	out, errs, code := cli(t, "", "compare", "4-30", "-budget", "1ns")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	rows := strings.Split(strings.TrimSpace(out), "\n")[1:]
	for _, r := range rows {
		if f := strings.Fields(r); f[0] != "4" {
			t.Errorf("row %q: want only N = 4 under a budget of 1ns", r)
		}
	}
	for _, m := range nqueens.SearchMethods {
		if !strings.Contains(errs, "nqueens compare: "+string(m)+" stops before N = ") {
			t.Errorf("stderr %q: want a note that %s stops", errs, m)
		}
	}
}

func TestPlotUsage(t *testing.T) {
	dir := t.TempDir()
	svg := filepath.Join(dir, "g.svg")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"compare", "8", "-plot", svg}, "want a range A-B, not one N: 'nqueens count 8' counts one"},
		{[]string{"compare", "4-8", "-plot", filepath.Join(dir, "g.gif")}, `unknown extension ".gif"; want .svg or .png`},
		{[]string{"compare", "4-8", "-plot", filepath.Join(dir, "g")}, "no extension; want .svg or .png"},
		{[]string{"compare", "4-8", "-plot", ""}, "-plot: empty file name"},
		{[]string{"compare", "4-8", "-plot", filepath.Join(dir, "no", "g.svg")}, "no such directory"},
		{[]string{"compare", "4-8", "-plot", dir + "/.svg/"}, "want .svg or .png"},
		{[]string{"compare", "4-8", "-budget", "0s"}, "-budget 0s: must be positive"},
		{[]string{"compare", "4-8", "-budget", "-1s"}, "-budget -1s: must be positive"},
		{[]string{"compare", "4-8", "-total-only"}, "-total-only goes with -method auto, kernel or join"},
		{[]string{"compare", "4-8", "-method", "every"}, `-method: unknown method "every"`},
		{[]string{"compare", "4-8", "-format", "xml"}, `-format "xml": want text or json`},
		{[]string{"compare", "4-8", "4-9"}, "want one range A-B, got 2 arguments"},
		{[]string{"count", "4-8", "-plot", svg}, "-plot is not a flag of count any more: 'nqueens compare A-B -plot FILE' draws the chart of a range"},
		{[]string{"count", "4-8", "-budget", "1s"}, "-budget is not a flag of count any more: 'nqueens compare A-B -budget D'"},
		{[]string{"count", "8", "-method", "all"}, "-method all: 'nqueens compare A-B' compares the methods"},
		{[]string{"count", "8", "-method", "quadrant", "-plan-only"}, "-plan-only is not a flag of count any more: 'nqueens plan N -method join -shards M' prints the memory plan"},
	} {
		out, errs, code := cli(t, "", tc.args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, tc.want) {
			t.Errorf("nqueens %q: exit %d, stdout %q, stderr %q; want exit 2 and one line with %q", tc.args, code, out, errs, tc.want)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("refused commands left %d files in %s", len(ents), dir)
	}
}

// svgTexts returns the character data of the text elements of an SVG
// document, failing the test if it does not parse as XML.
func svgTexts(t *testing.T, b []byte) []string {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(b))
	var texts []string
	in := false
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return texts
		}
		if err != nil {
			t.Fatalf("the SVG does not parse: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			in = tok.Name.Local == "text"
		case xml.CharData:
			if in {
				texts = append(texts, string(tok))
			}
		case xml.EndElement:
			in = false
		}
	}
}

func countOf(ss []string, s string) int {
	k := 0
	for _, x := range ss {
		if x == s {
			k++
		}
	}
	return k
}

// checkLogAxes checks that the value axes of a chart are logarithmic:
// the tick labels of the counts and of the times (those with a unit)
// are successive powers of ten, at least two of each. The N axis's
// labels must be 1..9.
func checkLogAxes(t *testing.T, texts []string) {
	t.Helper()
	var counts, times []float64
	for _, s := range texts {
		num, unit, hasUnit := strings.Cut(s, " ")
		v, err := strconv.ParseFloat(num, 64)
		if err != nil {
			continue
		}
		scale, ok := map[string]float64{"s": 1, "ms": 1e-3, "µs": 1e-6, "ns": 1e-9}[unit]
		switch {
		case hasUnit && ok:
			times = append(times, v*scale)
		case !hasUnit && !strings.ContainsAny(num, "e") && v == math.Trunc(v) && v >= 1 && v <= 9:
			// an N tick of the test's range, 1-9 (the counts' label 1
			// is one too: it is left out)
		case !hasUnit:
			counts = append(counts, v)
		}
	}
	for _, axis := range []struct {
		name string
		vs   []float64
	}{{"counts", counts}, {"times", times}} {
		if len(axis.vs) < 2 {
			t.Errorf("%s axis has %d tick labels; want 2 or more", axis.name, len(axis.vs))
			continue
		}
		for i, v := range axis.vs {
			e := math.Log10(v)
			if math.Abs(e-math.Round(e)) > 1e-9 {
				t.Errorf("%s axis label %g is not a power of ten", axis.name, v)
			}
			if i > 0 && math.Abs(e-math.Log10(axis.vs[i-1])-1) > 1e-9 {
				t.Errorf("%s axis labels %g, %g are not successive powers of ten", axis.name, axis.vs[i-1], v)
			}
		}
	}
}
