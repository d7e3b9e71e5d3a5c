package nqueens

import "github.com/nqueens/nqueens/internal/placetext"

// Board draws p as the tutorials' grid: column numbers, rules, and "#"
// for a queen; a column off the board draws an empty row. N = 0 gives "".
func (p Placement) Board() string {
	return placetext.Draw(p)
}
