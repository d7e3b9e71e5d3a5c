package render

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"github.com/nqueens/nqueens"
)

// Text writes cols as the ASCII grid of the classic printouts, exactly as
// nqueens.Placement.Board draws it: a header of one-based column numbers,
// "---" rules between rows, the row number on the left and "#" where a
// queen stands; an empty row (-1) has no "#". It returns an error wrapping
// ErrBoard for a bad board.
func Text(w io.Writer, cols []int) error { return TextPartial(w, cols, nil) }

// TextPartial is Text for a partial board (as gen writes them): rows of
// -1 have no queen, and each blocked square has an "x" in its cell,
// which check, show and complete read back as blocked.
func TextPartial(w io.Writer, cols []int, blocked []nqueens.Square) error {
	if err := check(cols); err != nil {
		return err
	}
	if _, err := blockedSet(len(cols), blocked); err != nil {
		return err
	}
	board := nqueens.Placement(cols).Board()
	if len(blocked) > 0 {
		// Board's geometry: a header and a rule, then per row a line
		// "r |" followed by cells of cw spaces and "|", and a rule.
		n := len(cols)
		lw := len(strconv.Itoa(n))
		cw := max(3, lw+2)
		lines := strings.SplitAfter(board, "\n")
		rows := make([][]byte, n)
		for _, s := range blocked {
			if rows[s.Row] == nil {
				rows[s.Row] = []byte(lines[2+2*s.Row])
			}
			rows[s.Row][lw+2+s.Col*(cw+1)+(cw-1)/2] = 'x'
		}
		for r, b := range rows {
			if b != nil {
				lines[2+2*r] = string(b)
			}
		}
		board = strings.Join(lines, "")
	}
	_, err := io.WriteString(w, board)
	return err
}

// Unicode writes cols with ♛ for queens on light (░) and dark (▓) squares,
// each square two characters wide, with the columns' and rows' numbers as in
// the pictures. It returns an error wrapping ErrBoard for a bad board.
func Unicode(w io.Writer, cols []int) error { return UnicodePartial(w, cols, nil) }

// ColHeader returns the column labels of a board of side n drawn two
// characters a square after indent spaces, as Unicode and watch draw it:
// one line when every label is one digit (n ≤ 9), else one line per digit
// with each number written downwards, right-aligned, so that column 12
// reads 1 over 2. Trailing spaces are trimmed.
func ColHeader(n, indent int) []string {
	cl := len(ColLabel(n - 1))
	lines := make([]string, cl)
	for d := range cl {
		var sb strings.Builder
		sb.WriteString(strings.Repeat(" ", indent))
		for c := range n {
			s := ColLabel(c)
			s = strings.Repeat(" ", cl-len(s)) + s
			sb.WriteString(s[d:d+1] + " ")
		}
		lines[d] = strings.TrimRight(sb.String(), " ")
	}
	return lines
}

// UnicodePartial is Unicode for a partial board: rows of -1 have no
// queen, and a blocked square is drawn ╳ on its shade.
func UnicodePartial(w io.Writer, cols []int, blocked []nqueens.Square) error {
	if err := check(cols); err != nil {
		return err
	}
	bl, err := blockedSet(len(cols), blocked)
	if err != nil {
		return err
	}
	n := len(cols)
	lw := len(RowLabel(n - 1))
	bw := bufio.NewWriter(w)
	for _, h := range ColHeader(n, lw+1) {
		line(bw, h)
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
			} else if bl[r*n+c] {
				sb.WriteString("╳" + shade)
			} else {
				sb.WriteString(shade + shade)
			}
		}
		line(bw, sb.String())
	}
	return bw.Flush()
}

// line writes s without trailing spaces and a newline.
func line(w *bufio.Writer, s string) {
	w.WriteString(strings.TrimRight(s, " "))
	w.WriteByte('\n')
}
