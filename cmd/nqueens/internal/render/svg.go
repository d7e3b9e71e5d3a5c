package render

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"io"
	"strings"

	"github.com/nqueens/nqueens"
)

// Colours shared by SVG and PNG.
const (
	lightHex = "#f0d9b5"
	darkHex  = "#b58863"
	queenHex = "#1b1b1b"
	smallHex = "#c62828"
	labelHex = "#333333"
	// A blocked square (gen's x): grey with a darker cross.
	blockedHex = "#9e9e9e"
	crossHex   = "#424242"
)

// SVG writes cols as a standalone SVG document.
// It returns an error wrapping ErrBoard when cols is not a board of side
// 1 to MaxN with every entry -1 or a column on the board.
func SVG(w io.Writer, cols []int) error { return SVGPartial(w, cols, nil) }

// SVGPartial is SVG for a partial board: rows of -1 have no queen, and
// blocked squares are grey with a cross.
func SVGPartial(w io.Writer, cols []int, blocked []nqueens.Square) error {
	if err := check(cols); err != nil {
		return err
	}
	if _, err := blockedSet(len(cols), blocked); err != nil {
		return err
	}
	l := newLayout(len(cols))
	bw := bufio.NewWriter(w)
	svgHeader(bw, l.w, l.h, l)
	svgBoard(bw, l, cols)
	c := l.cell
	for _, s := range blocked {
		x, y := l.left+s.Col*c, l.top+s.Row*c
		fmt.Fprintf(bw, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`+"\n", x, y, c, c, blockedHex)
		if c >= 6 {
			in := c / 4
			fmt.Fprintf(bw, `<path d="M%d %dL%d %dM%d %dL%d %d" stroke="%s" stroke-width="%d"/>`+"\n",
				x+in, y+in, x+c-in, y+c-in, x+c-in, y+in, x+in, y+c-in, crossHex, max(1, c/16))
		}
	}
	bw.WriteString("</svg>\n")
	return bw.Flush()
}

// SheetColumns is the most boards per row of a sheet.
const SheetColumns = 4

// SVGSheet writes several boards of one side in a grid, at most SheetColumns
// per row, each with its caption (captions may be nil or shorter than
// boards). It returns an error wrapping ErrBoard for an empty list, boards
// of differing sides, or any board SVG would refuse.
func SVGSheet(w io.Writer, boards [][]int, captions []string) error {
	if len(boards) == 0 {
		return fmt.Errorf("%w: no boards for the sheet", ErrBoard)
	}
	n := len(boards[0])
	for i, b := range boards {
		if len(b) != n {
			return fmt.Errorf("%w: board %d has side %d, want %d", ErrBoard, i+1, len(b), n)
		}
		if err := check(b); err != nil {
			return fmt.Errorf("board %d: %w", i+1, err)
		}
	}
	// Sheets keep each board at most about 400 units across.
	cell := min(maxCell, max(1, target/2/n))
	l := newLayoutCell(n, cell)
	cols := min(SheetColumns, len(boards))
	rows := (len(boards) + cols - 1) / cols
	capH := charH + pad
	bw := bufio.NewWriter(w)
	svgHeader(bw, cols*l.w, rows*(l.h+capH), l)
	for i, b := range boards {
		x, y := (i%cols)*l.w, (i/cols)*(l.h+capH)
		fmt.Fprintf(bw, `<g transform="translate(%d %d)">`+"\n", x, y)
		if i < len(captions) && captions[i] != "" {
			fmt.Fprintf(bw, `<text x="%d" y="%d" font-family="sans-serif" font-size="12" fill="%s">`, l.left, l.top+l.n*l.cell+pad+charH, labelHex)
			xml.EscapeText(bw, []byte(captions[i]))
			bw.WriteString("</text>\n")
		}
		svgBoard(bw, l, b)
		bw.WriteString("</g>\n")
	}
	bw.WriteString("</svg>\n")
	return bw.Flush()
}

// svgHeader opens the document and defines the square pattern and the queen
// symbol for layout l.
func svgHeader(w *bufio.Writer, width, height int, l layout) {
	c := l.cell
	fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="%d" height="%d" viewBox="0 0 %d %d">
<defs>
<pattern id="squares" x="%d" y="%d" width="%d" height="%d" patternUnits="userSpaceOnUse">
<rect width="%d" height="%d" fill="%s"/>
<rect x="%d" width="%d" height="%d" fill="%s"/>
<rect y="%d" width="%d" height="%d" fill="%s"/>
</pattern>
`, width, height, width, height,
		l.left, l.top, 2*c, 2*c,
		2*c, 2*c, lightHex,
		c, c, c, darkHex,
		c, c, c, darkHex)
	if !l.smallQueen() {
		w.WriteString(`<symbol id="queen" viewBox="0 0 100 100">` + "\n")
		glyphSVG(w)
		w.WriteString("</symbol>\n")
	}
	fmt.Fprintf(w, "</defs>\n<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", width, height)
}

func svgPoints(p []pt) string {
	var sb strings.Builder
	for i, q := range p {
		if i > 0 {
			sb.WriteByte(' ')
		}
		fmt.Fprintf(&sb, "%g,%g", q.x, q.y)
	}
	return sb.String()
}

// svgBoard draws the squares, labels and queens of one board at the origin.
func svgBoard(w *bufio.Writer, l layout, cols []int) {
	c, n := l.cell, l.n
	fmt.Fprintf(w, `<rect x="%d" y="%d" width="%d" height="%d" fill="url(#squares)" shape-rendering="crispEdges"/>`+"\n",
		l.left, l.top, n*c, n*c)
	fmt.Fprintf(w, `<g font-family="sans-serif" font-size="12" fill="%s">`+"\n", labelHex)
	for i := range n {
		if !l.labelled(i) {
			continue
		}
		fmt.Fprintf(w, `<text x="%d" y="%d" text-anchor="middle">%s</text>`+"\n",
			l.left+i*c+c/2, l.top-pad, ColLabel(i))
		fmt.Fprintf(w, `<text x="%d" y="%d" text-anchor="end" dominant-baseline="central">%s</text>`+"\n",
			l.left-pad, l.top+i*c+c/2, RowLabel(i))
	}
	w.WriteString("</g>\n")
	for r, col := range cols {
		if col < 0 {
			continue
		}
		x, y := l.left+col*c, l.top+r*c
		if l.smallQueen() {
			in := c / 6
			fmt.Fprintf(w, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`+"\n",
				x+in, y+in, c-2*in, c-2*in, smallHex)
			continue
		}
		in := c / 12
		fmt.Fprintf(w, `<use xlink:href="#queen" x="%d" y="%d" width="%d" height="%d"/>`+"\n",
			x+in, y+in, c-2*in, c-2*in)
	}
}

// QueenSVG writes the queen glyph alone as an SVG document in a 100 × 100
// box, for pages that draw their own boards.
func QueenSVG(w io.Writer) error {
	bw := bufio.NewWriter(w)
	bw.WriteString(`<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
`)
	glyphSVG(bw)
	bw.WriteString("</svg>\n")
	return bw.Flush()
}

// glyphSVG writes the queen's shapes in its 100 × 100 box.
func glyphSVG(w *bufio.Writer) {
	fmt.Fprintf(w, `<g fill="%s" stroke="#f8f8f8" stroke-width="3" stroke-linejoin="round" paint-order="stroke">
<polygon points="%s"/>
<polygon points="%s"/>
`, queenHex, svgPoints(crown), svgPoints(band))
	for _, b := range balls {
		fmt.Fprintf(w, "<circle cx=\"%g\" cy=\"%g\" r=\"%g\"/>\n", b.x, b.y, b.r)
	}
	w.WriteString("</g>\n")
}
