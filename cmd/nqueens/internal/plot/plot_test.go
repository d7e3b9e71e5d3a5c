package plot

import (
	"bytes"
	"context"
	"encoding/xml"
	"flag"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nqueens/nqueens"
	"gonum.org/v1/plot/vg"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// countRows counts N = lo..hi with each method, interleaved by N as
// nqueens count --method all does, with the time fixed to a nanosecond
// per ten nodes times the method's rank (a deterministic stand-in).
func countRows(t *testing.T, lo, hi int, methods ...nqueens.Method) []Row {
	t.Helper()
	var rows []Row
	for n := lo; n <= hi; n++ {
		for i, m := range methods {
			res, err := nqueens.Count(context.Background(), n, nqueens.CountOptions{Method: m})
			if err != nil {
				t.Fatal(err)
			}
			sol, _ := res.Solutions.Uint64()
			uniq, _ := res.Unique.Uint64()
			rows = append(rows, Row{Method: string(m), N: n, Solutions: sol, Unique: uniq, Nodes: res.Nodes,
				Seconds: float64(res.Nodes) * 1e-10 * float64(i+1)})
		}
	}
	return rows
}

func TestSeries(t *testing.T) {
	c := &Chart{}
	rows := []Row{
		{Method: "arrays", N: 2, Nodes: 6, Seconds: 1e-6},
		{Method: "matrix", N: 2, Nodes: 7, Seconds: 2e-6},
		{Method: "arrays", N: 4, Solutions: 2, Unique: 1, Nodes: 60, Seconds: 3e-6},
		{Method: "matrix", N: 4, Solutions: 2, Unique: 1, Nodes: 61, Seconds: 0},
		{Method: "arrays", N: 3, Nodes: 18, Seconds: 2e-6},
	}
	for _, r := range rows {
		c.Add(r)
	}
	want := []Series{
		{Quantity: Solutions, Label: "solutions", Points: []Point{{4, 2}}},
		{Quantity: Unique, Label: "unique solutions", Points: []Point{{4, 1}}},
		{Quantity: Nodes, Method: "arrays", Label: "nodes, arrays", Points: []Point{{2, 6}, {3, 18}, {4, 60}}},
		{Quantity: Nodes, Method: "matrix", Label: "nodes, matrix", Points: []Point{{2, 7}, {4, 61}}},
		{Quantity: Seconds, Method: "arrays", Label: "time, arrays", Points: []Point{{2, 1e-6}, {3, 2e-6}, {4, 3e-6}}},
		{Quantity: Seconds, Method: "matrix", Label: "time, matrix", Points: []Point{{2, 2e-6}}},
	}
	got := c.Series()
	if len(got) != len(want) {
		t.Fatalf("Series() has %d series; want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.Quantity != w.Quantity || g.Method != w.Method || g.Label != w.Label || !slices.Equal(g.Points, w.Points) {
			t.Errorf("Series()[%d] = %+v; want %+v", i, g, w)
		}
	}
	if got, want := c.Methods(), []string{"arrays", "matrix"}; !slices.Equal(got, want) {
		t.Errorf("Methods() = %q; want %q", got, want)
	}
	if got := c.Rows(); !slices.Equal(got, rows) {
		t.Errorf("Rows() = %+v; want %+v", got, rows)
	}
}

func TestFormatOf(t *testing.T) {
	for _, tc := range []struct {
		path string
		want Format
		err  string
	}{
		{"growth.svg", SVG, ""},
		{"dir.x/Growth.PNG", PNG, ""},
		{"growth.gif", "", `"growth.gif": unknown extension ".gif"; want .svg or .png`},
		{"growth", "", `"growth": no extension; want .svg or .png`},
		{strings.Repeat("é", 30) + ".gif", "", `"` + strings.Repeat("é", 20) + `…": unknown extension ".gif"; want .svg or .png`},
	} {
		got, err := FormatOf(tc.path)
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if got != tc.want || msg != tc.err {
			t.Errorf("FormatOf(%q) = %q, %q; want %q, %q", tc.path, got, msg, tc.want, tc.err)
		}
	}
}

func TestLabels(t *testing.T) {
	for _, tc := range []struct {
		e           int
		count, time string
	}{
		{-12, "1e-12", "1e-12 s"},
		{-9, "1e-9", "1 ns"},
		{-7, "1e-7", "100 ns"},
		{-6, "1e-6", "1 µs"},
		{-4, "1e-4", "100 µs"},
		{-3, "1e-3", "1 ms"},
		{-1, "1e-1", "100 ms"},
		{0, "1", "1 s"},
		{3, "1000", "1000 s"},
		{4, "1e4", "1e4 s"},
		{17, "1e17", "1e17 s"},
	} {
		if got := countLabel(tc.e); got != tc.count {
			t.Errorf("countLabel(%d) = %q; want %q", tc.e, got, tc.count)
		}
		if got := timeLabel(tc.e); got != tc.time {
			t.Errorf("timeLabel(%d) = %q; want %q", tc.e, got, tc.time)
		}
	}
}

// powerOfTen parses a tick label of either axis and reports whether it
// names a power of ten.
func powerOfTen(label string) bool {
	num, unit, _ := strings.Cut(label, " ")
	scale := map[string]float64{"": 1, "s": 1, "ms": 1e-3, "µs": 1e-6, "ns": 1e-9}[unit]
	if scale == 0 {
		return false
	}
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || v <= 0 {
		return false
	}
	e := math.Log10(v * scale)
	return math.Abs(e-math.Round(e)) < 1e-9
}

func TestDecadeTicks(t *testing.T) {
	for _, tc := range []struct {
		min, max float64
		labels   int
	}{
		{1, 10, 2},
		{1e-6, 1e3, 10},
		{1, 1e12, 13},
		{1, 1e30, 11}, // every third decade
	} {
		ticks := decadeTicks{countLabel}.Ticks(tc.min, tc.max)
		labels := 0
		for _, tk := range ticks {
			if tk.Value < tc.min || tk.Value > tc.max {
				t.Errorf("Ticks(%g, %g): tick %g outside", tc.min, tc.max, tk.Value)
			}
			if tk.Label == "" {
				continue
			}
			labels++
			if !powerOfTen(tk.Label) {
				t.Errorf("Ticks(%g, %g): label %q is not a power of ten", tc.min, tc.max, tk.Label)
			}
			if v, _ := strconv.ParseFloat(tk.Label, 64); v != tk.Value {
				t.Errorf("Ticks(%g, %g): label %q at %g", tc.min, tc.max, tk.Label, tk.Value)
			}
		}
		if labels != tc.labels {
			t.Errorf("Ticks(%g, %g) has %d labels; want %d", tc.min, tc.max, labels, tc.labels)
		}
	}
}

// svgTexts returns the text elements of an SVG document, failing the
// test if it does not parse.
func svgTexts(t *testing.T, b []byte) []string {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(b))
	var texts []string
	inText := false
	for {
		tok, err := d.Token()
		if err != nil {
			if err.Error() == "EOF" {
				break
			}
			t.Fatalf("SVG does not parse: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			inText = tok.Name.Local == "text"
		case xml.CharData:
			if inText {
				texts = append(texts, string(tok))
			}
		case xml.EndElement:
			inText = false
		}
	}
	return texts
}

func TestRenderSVG(t *testing.T) {
	c := &Chart{Title: "nqueens count 1-9 --method all"}
	methods := nqueens.SearchMethods
	for _, r := range countRows(t, 1, 9, methods...) {
		c.Add(r)
	}
	var buf bytes.Buffer
	if err := c.Render(&buf, SVG); err != nil {
		t.Fatal(err)
	}
	texts := svgTexts(t, buf.Bytes())
	// One legend entry per quantity and method.
	var want []string
	want = append(want, "solutions", "unique solutions")
	for _, q := range []Quantity{Nodes, Seconds} {
		for _, m := range methods {
			want = append(want, Label(q, string(m)))
		}
	}
	for _, w := range want {
		if k := count(texts, w); k != 1 {
			t.Errorf("legend %q appears %d times; want once", w, k)
		}
	}
	// The value axes are logarithmic: their labels are powers of ten,
	// at least two on each axis (counts, then times).
	var counts, times int
	for _, s := range texts {
		switch {
		case s == "N" || slices.Contains(want, s) || strings.Contains(s, "log scale") || s == c.Title:
		case isInt(s) && !powerOfTen(s) && s != "1": // an N tick
		case powerOfTen(s) && strings.HasSuffix(s, "s"):
			times++
		case powerOfTen(s):
			counts++
		default:
			t.Errorf("text %q is neither a legend, a title, an N nor a power of ten", s)
		}
	}
	if counts < 2 || times < 2 {
		t.Errorf("%d count labels and %d time labels; want 2 or more of each", counts, times)
	}
	golden(t, "testdata/growth-1-9.svg", buf.Bytes())
}

func isInt(s string) bool { _, err := strconv.Atoi(s); return err == nil }

func count(ss []string, s string) int {
	k := 0
	for _, x := range ss {
		if x == s {
			k++
		}
	}
	return k
}

// golden compares got with the file path, or with -update writes it.
func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s (%d bytes against %d); go test -update rewrites it", path, len(got), len(want))
	}
}

func TestRenderDeterministic(t *testing.T) {
	c := &Chart{}
	for _, r := range countRows(t, 4, 8, nqueens.MethodBitboard) {
		c.Add(r)
	}
	var a, b bytes.Buffer
	if err := c.Render(&a, SVG); err != nil {
		t.Fatal(err)
	}
	if err := c.Render(&b, SVG); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two renders of the same chart differ")
	}
}

func TestRenderEmpty(t *testing.T) {
	// No row yet, or only rows with nothing to draw on a log scale.
	for _, rows := range [][]Row{nil, {{Method: "arrays", N: 2}}} {
		c := &Chart{}
		for _, r := range rows {
			c.Add(r)
		}
		var buf bytes.Buffer
		if err := c.Render(&buf, SVG); err != nil {
			t.Fatalf("rows %v: %v", rows, err)
		}
		svgTexts(t, buf.Bytes())
	}
}

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	c := &Chart{}
	for _, r := range countRows(t, 4, 8, nqueens.MethodBitboard, nqueens.MethodArrays) {
		c.Add(r)
	}
	for _, name := range []string{"g.svg", "g.png"} {
		path := filepath.Join(dir, name)
		for range 2 { // the second write replaces the first
			if err := WriteFile(path, c); err != nil {
				t.Fatalf("WriteFile(%s): %v", name, err)
			}
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if name == "g.png" {
			img, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if got, want := img.Bounds().Dx(), int(float64(width/vg.Inch)*dpi); got != want {
				t.Errorf("%s is %d pixels wide; want %d", name, got, want)
			}
		} else {
			svgTexts(t, b)
		}
	}
	if err := WriteFile(filepath.Join(dir, "g.gif"), c); err == nil {
		t.Error("WriteFile(g.gif) succeeded; want an error")
	}
	ents, _ := os.ReadDir(dir)
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	if want := []string{"g.png", "g.svg"}; !slices.Equal(names, want) {
		t.Errorf("directory holds %q; want %q (no temporary files)", names, want)
	}
}
