package render

import (
	"bytes"
	"encoding/xml"
	"errors"
	"flag"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// eight is the first solution of N = 8 in lexicographic order.
var eight = []int{0, 4, 7, 5, 2, 6, 1, 3}

// golden compares got with testdata/name, or rewrites the file under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
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
		t.Errorf("%s differs from the golden file:\n%s\nwant:\n%s", name, got, want)
	}
}

func TestGolden(t *testing.T) {
	partial := []int{1, 3, -1, -1}
	thirty := make([]int, 30)
	for i := range thirty {
		thirty[i] = (2*i + 1) % 30 // not a solution; only the drawing matters
	}
	tests := []struct {
		name string
		draw func(io.Writer) error
	}{
		{"eight.txt", func(w io.Writer) error { return Text(w, eight) }},
		{"eight.unicode.txt", func(w io.Writer) error { return Unicode(w, eight) }},
		{"eight.svg", func(w io.Writer) error { return SVG(w, eight) }},
		{"one.txt", func(w io.Writer) error { return Text(w, []int{0}) }},
		{"partial.txt", func(w io.Writer) error { return Text(w, partial) }},
		{"partial.svg", func(w io.Writer) error { return SVG(w, partial) }},
		{"thirty.unicode.txt", func(w io.Writer) error { return Unicode(w, thirty) }},
		{"thirty.txt", func(w io.Writer) error { return Text(w, thirty) }},
		{"sheet.svg", func(w io.Writer) error {
			return SVGSheet(w, [][]int{{1, 3, 0, 2}, {2, 0, 3, 1}}, []string{"#1 <2 4 1 3>", "#2"})
		}},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		if err := tt.draw(&buf); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		golden(t, tt.name, buf.Bytes())
	}
}

// TestGoldenPNG compares decoded pixels, so that a change in the PNG
// encoder's compression does not break the test.
func TestGoldenPNG(t *testing.T) {
	img, err := Image(eight)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "eight.png")
	if *update {
		var buf bytes.Buffer
		if err := png.Encode(&buf, img); err != nil {
			t.Fatal(err)
		}
		golden(t, "eight.png", buf.Bytes())
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if want.Bounds() != img.Bounds() {
		t.Fatalf("size %v; want %v", img.Bounds(), want.Bounds())
	}
	for y := range img.Bounds().Dy() {
		for x := range img.Bounds().Dx() {
			r1, g1, b1, a1 := img.At(x, y).RGBA()
			r2, g2, b2, a2 := want.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				t.Fatalf("pixel (%d, %d) differs from testdata/eight.png", x, y)
			}
		}
	}
}

// wellFormed parses an SVG document with encoding/xml and counts the
// queen elements.
func wellFormed(t *testing.T, doc []byte) (queens int) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(doc))
	root := true
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return queens
		}
		if err != nil {
			t.Fatalf("SVG does not parse: %v", err)
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if root {
			if se.Name.Local != "svg" || se.Name.Space != "http://www.w3.org/2000/svg" {
				t.Fatalf("root element %v; want svg in the SVG namespace", se.Name)
			}
			root = false
		}
		switch se.Name.Local {
		case "use":
			queens++
		case "rect":
			for _, a := range se.Attr {
				if a.Name.Local == "fill" && a.Value == smallHex {
					queens++
				}
			}
		}
	}
}

// TestEveryN draws boards of every side 1 to 40 in every format and checks
// that the SVG parses, the picture has the layout's size and the texts have
// one line per row.
func TestEveryN(t *testing.T) {
	for n := 1; n <= 40; n++ {
		cols := make([]int, n)
		for i := range cols {
			cols[i] = (i * 3) % n
			if i%5 == 4 {
				cols[i] = -1
			}
		}
		want := 0
		for _, c := range cols {
			if c >= 0 {
				want++
			}
		}
		var buf bytes.Buffer
		if err := SVG(&buf, cols); err != nil {
			t.Fatalf("SVG(N = %d): %v", n, err)
		}
		if got := wellFormed(t, buf.Bytes()); got != want {
			t.Errorf("SVG(N = %d) has %d queens; want %d", n, got, want)
		}
		buf.Reset()
		if err := PNG(&buf, cols); err != nil {
			t.Fatalf("PNG(N = %d): %v", n, err)
		}
		cfg, err := png.DecodeConfig(&buf)
		if err != nil {
			t.Fatalf("PNG(N = %d) does not decode: %v", n, err)
		}
		l := newLayout(n)
		if cfg.Width != l.w || cfg.Height != l.h {
			t.Errorf("PNG(N = %d) is %d×%d; want %d×%d", n, cfg.Width, cfg.Height, l.w, l.h)
		}
		buf.Reset()
		if err := Text(&buf, cols); err != nil {
			t.Fatal(err)
		}
		if got := strings.Count(buf.String(), "#"); got != want {
			t.Errorf("Text(N = %d) has %d queens; want %d", n, got, want)
		}
		if got := strings.Count(buf.String(), "\n"); got != 2*n+2 {
			t.Errorf("Text(N = %d) has %d lines; want %d", n, got, 2*n+2)
		}
		buf.Reset()
		if err := Unicode(&buf, cols); err != nil {
			t.Fatal(err)
		}
		if got := strings.Count(buf.String(), "♛"); got != want {
			t.Errorf("Unicode(N = %d) has %d queens; want %d", n, got, want)
		}
	}
}

// TestPixels checks the colours of squares and the queen in the picture.
func TestPixels(t *testing.T) {
	img, err := Image([]int{1, -1})
	if err != nil {
		t.Fatal(err)
	}
	l := newLayout(2)
	at := func(r, c, dx, dy int) [3]uint8 {
		p := img.RGBAAt(l.left+c*l.cell+dx, l.top+r*l.cell+dy)
		return [3]uint8{p.R, p.G, p.B}
	}
	lightC := [3]uint8{lightRGBA.R, lightRGBA.G, lightRGBA.B}
	darkC := [3]uint8{darkRGBA.R, darkRGBA.G, darkRGBA.B}
	queenC := [3]uint8{queenRGBA.R, queenRGBA.G, queenRGBA.B}
	if got := at(0, 0, 1, 1); got != lightC {
		t.Errorf("square (1, a) = %v; want light %v", got, lightC)
	}
	if got := at(1, 0, 1, 1); got != darkC {
		t.Errorf("square (2, a) = %v; want dark %v", got, darkC)
	}
	// The band of the glyph spans y 82..92 of the glyph's 100-unit box,
	// which sits cell/12 inside the square.
	in := l.cell / 12
	bandY := in + (l.cell-2*in)*87/100
	if got := at(0, 1, l.cell/2, bandY); got != queenC {
		t.Errorf("queen band at (1, b) = %v; want %v", got, queenC)
	}
	if got := at(1, 1, l.cell/2, bandY); got != lightC {
		t.Errorf("empty square (2, b) = %v; want light %v", got, lightC)
	}
}

func TestLargeBoard(t *testing.T) {
	n := MaxN
	cols := make([]int, n)
	for i := range cols {
		cols[i] = (2*i + 1) % n
	}
	var buf bytes.Buffer
	if err := SVG(&buf, cols); err != nil {
		t.Fatal(err)
	}
	if got := wellFormed(t, buf.Bytes()); got != n {
		t.Errorf("SVG(N = %d) has %d queens; want %d", n, got, n)
	}
	if buf.Len() > 200_000 {
		t.Errorf("SVG(N = %d) is %d bytes; want at most 200,000", n, buf.Len())
	}
	img, err := Image(cols)
	if err != nil {
		t.Fatal(err)
	}
	if w := img.Bounds().Dx(); w > 1100 {
		t.Errorf("Image(N = %d) is %d pixels wide; want at most 1,100", n, w)
	}
	// Labels are thinned out: no two labelled columns closer than a label.
	l := newLayout(n)
	last := -1 << 30
	for i := range n {
		if l.labelled(i) {
			if (i-last)*l.cell < len(ColLabel(i))*charW {
				t.Fatalf("labels of columns %d and %d overlap", last+1, i+1)
			}
			last = i
		}
	}
}

func TestBadBoards(t *testing.T) {
	for _, cols := range [][]int{nil, {1}, {0, 2}, {-2, 0}, make([]int, MaxN+1)} {
		for name, f := range map[string]func(io.Writer, []int) error{
			"SVG": SVG, "PNG": PNG, "Text": Text, "Unicode": Unicode,
		} {
			if err := f(io.Discard, cols); !errors.Is(err, ErrBoard) {
				t.Errorf("%s(%v) = %v; want ErrBoard", name, cols, err)
			}
		}
	}
	if err := SVGSheet(io.Discard, [][]int{{0}, {1, 3, 0, 2}}, nil); !errors.Is(err, ErrBoard) {
		t.Errorf("SVGSheet of mixed sides = %v; want ErrBoard", err)
	}
	if err := SVGSheet(io.Discard, nil, nil); !errors.Is(err, ErrBoard) {
		t.Errorf("SVGSheet of nothing = %v; want ErrBoard", err)
	}
}

func TestColLabel(t *testing.T) {
	tests := []struct {
		c    int
		want string
	}{{0, "1"}, {7, "8"}, {25, "26"}, {26, "27"}, {999, "1000"}}
	for _, tt := range tests {
		if got := ColLabel(tt.c); got != tt.want {
			t.Errorf("ColLabel(%d) = %q; want %q", tt.c, got, tt.want)
		}
	}
}

func TestColHeader(t *testing.T) {
	tests := []struct {
		n, indent int
		want      []string
	}{
		{1, 0, []string{"1"}},
		{4, 2, []string{"  1 2 3 4"}},
		{9, 1, []string{" 1 2 3 4 5 6 7 8 9"}},
		{11, 3, []string{"                     1 1", "   1 2 3 4 5 6 7 8 9 0 1"}},
	}
	for _, tt := range tests {
		got := ColHeader(tt.n, tt.indent)
		if !slices.Equal(got, tt.want) {
			t.Errorf("ColHeader(%d, %d) = %q; want %q", tt.n, tt.indent, got, tt.want)
		}
	}
	if got := ColHeader(1000, 0); len(got) != 4 || !strings.HasSuffix(got[3], "8 9 0") || !strings.HasPrefix(got[3], "1 2 3") {
		t.Errorf("ColHeader(1000, 0) has %d lines, last %.20q…; want 4, the units digits", len(got), got[len(got)-1])
	}
}

// FuzzSVG draws arbitrary boards: every accepted board must give parseable
// SVG and every refused one ErrBoard, never a panic.
func FuzzSVG(f *testing.F) {
	f.Add([]byte{0, 4, 7, 5, 2, 6, 1, 3})
	f.Add([]byte{255, 1})
	f.Fuzz(func(t *testing.T, b []byte) {
		cols := make([]int, len(b))
		for i, v := range b {
			cols[i] = int(v) - 1 // 0 is an empty row
		}
		var buf bytes.Buffer
		err := SVG(&buf, cols)
		if err != nil {
			if !errors.Is(err, ErrBoard) {
				t.Fatalf("SVG(%v) = %v; want nil or ErrBoard", cols, err)
			}
			return
		}
		wellFormed(t, buf.Bytes())
		if _, err := Image(cols); err != nil {
			t.Fatalf("Image(%v) = %v after SVG accepted it", cols, err)
		}
	})
}

var _ image.Image = (*image.RGBA)(nil)
