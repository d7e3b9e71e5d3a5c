package placetext

import (
	"strconv"
	"strings"
)

// Draw returns p as the grid nqueens.Placement.Board draws: column
// numbers, rules, "#" for a queen; a column off the board draws an
// empty row, and N = 0 gives "".
func Draw(p []int) string {
	var b strings.Builder
	writeBoard(&b, p)
	return b.String()
}

func writeBoard(b *strings.Builder, p []int) {
	n := len(p)
	if n == 0 {
		return
	}
	lw := len(strconv.Itoa(n)) // width of row labels
	cw := max(3, lw+2)         // width of a cell
	pad := strings.Repeat(" ", lw+1)
	rule := pad + strings.Repeat("-", n*(cw+1)+1) + "\n"

	var head strings.Builder
	head.WriteString(pad)
	for c := 1; c <= n; c++ {
		s := strconv.Itoa(c)
		left := (cw + 1 - len(s) + 1) / 2
		head.WriteString(strings.Repeat(" ", left))
		head.WriteString(s)
		head.WriteString(strings.Repeat(" ", cw+1-left-len(s)))
	}
	b.WriteString(strings.TrimRight(head.String(), " "))
	b.WriteString("\n")
	b.WriteString(rule)
	empty := strings.Repeat(" ", cw) + "|"
	half := (cw - 1) / 2
	queen := strings.Repeat(" ", half) + "#" + strings.Repeat(" ", cw-1-half) + "|"
	for r, c := range p {
		s := strconv.Itoa(r + 1)
		b.WriteString(strings.Repeat(" ", lw-len(s)))
		b.WriteString(s)
		b.WriteString(" |")
		for j := 0; j < n; j++ {
			if j == c {
				b.WriteString(queen)
			} else {
				b.WriteString(empty)
			}
		}
		b.WriteString("\n")
		b.WriteString(rule)
	}
}
