package render

import (
	"bufio"
	"io"
	"strings"

	"github.com/nqueens/nqueens"
)

// Text writes cols as the ASCII grid of the classic printouts, exactly as
// nqueens.Placement.Board draws it: a header of one-based column numbers,
// "---" rules between rows, the row number on the left and "#" where a
// queen stands; an empty row (-1) has no "#". It returns an error wrapping
// ErrBoard for a bad board.
func Text(w io.Writer, cols []int) error {
	if err := check(cols); err != nil {
		return err
	}
	_, err := io.WriteString(w, nqueens.Placement(cols).Board())
	return err
}

// Unicode writes cols with ♛ for queens on light (░) and dark (▓) squares,
// each square two characters wide, with letter or number labels as in the
// pictures. It returns an error wrapping ErrBoard for a bad board.
func Unicode(w io.Writer, cols []int) error {
	if err := check(cols); err != nil {
		return err
	}
	n := len(cols)
	lw := len(RowLabel(n - 1))
	bw := bufio.NewWriter(w)
	// Column labels: letters fit one per square; numbers (N > 26) are
	// written vertically, one digit per header line.
	cl := len(ColLabel(n-1, n))
	if n <= 26 {
		var sb strings.Builder
		sb.WriteString(strings.Repeat(" ", lw+1))
		for c := range n {
			sb.WriteString(ColLabel(c, n) + " ")
		}
		line(bw, sb.String())
	} else {
		for d := range cl {
			var sb strings.Builder
			sb.WriteString(strings.Repeat(" ", lw+1))
			for c := range n {
				s := ColLabel(c, n)
				s = strings.Repeat(" ", cl-len(s)) + s
				sb.WriteString(s[d:d+1] + " ")
			}
			line(bw, sb.String())
		}
	}
	for r, q := range cols {
		var sb strings.Builder
		lab := RowLabel(r)
		sb.WriteString(strings.Repeat(" ", lw-len(lab)) + lab + " ")
		for c := range n {
			shade := "▓"
			if light(r, c) {
				shade = "░"
			}
			if c == q {
				sb.WriteString("♛" + shade)
			} else {
				sb.WriteString(shade + shade)
			}
		}
		line(bw, sb.String())
	}
	return bw.Flush()
}

// center pads s with spaces to width w, extra space on the left.
func center(s string, w int) string {
	if len(s) >= w {
		return s
	}
	right := (w - len(s)) / 2
	return strings.Repeat(" ", w-len(s)-right) + s + strings.Repeat(" ", right)
}

// line writes s without trailing spaces and a newline.
func line(w *bufio.Writer, s string) {
	w.WriteString(strings.TrimRight(s, " "))
	w.WriteByte('\n')
}
