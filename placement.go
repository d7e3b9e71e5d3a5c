package nqueens

import (
	"encoding/json"
	"strconv"

	"github.com/nqueens/nqueens/internal/placetext"
)

// maxParseN is the largest board size Parse accepts for a drawn board.
// Permutation text has no limit beyond memory.
const maxParseN = 1 << 16

// A Placement puts row i's queen in column p[i] of an N×N board, N =
// len(p), both zero-based; in text columns are one-based:
// {4, 1, 5, 0, 6, 3, 7, 2} is "5 2 6 1 7 4 8 3". Validate checks attacks.
type Placement []int

// N returns the size of the board, len(p).
func (p Placement) N() int { return len(p) }

// String returns the one-based permutation separated by single spaces,
// for example "5 2 6 1 7 4 8 3". The empty placement gives "".
func (p Placement) String() string {
	b := make([]byte, 0, len(p)*3)
	for i, c := range p {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(c)+1, 10)
	}
	return string(b)
}

// Clone returns a copy of p that shares no memory with it.
func (p Placement) Clone() Placement { return append(Placement(nil), p...) }

// jsonPlacement is the JSON form: {"n":8,"columns":[5,2,6,1,7,4,8,3]},
// columns one-based like the text form.
type jsonPlacement struct {
	N       int   `json:"n"`
	Columns []int `json:"columns"`
}

// MarshalJSON encodes p as {"n":N,"columns":[...]} with one-based columns.
func (p Placement) MarshalJSON() ([]byte, error) {
	cols := make([]int, len(p))
	for i, c := range p {
		cols[i] = c + 1
	}
	return json.Marshal(jsonPlacement{N: len(p), Columns: cols})
}

// UnmarshalJSON decodes MarshalJSON's form, checking n and the columns,
// not attacks.
func (p *Placement) UnmarshalJSON(b []byte) error {
	q, err := placetext.ParseJSON(b)
	if err != nil {
		return err
	}
	*p = q
	return nil
}

// Parse reads one placement in any of the forms people paste: a
// one-based permutation ("5 2 6 1 7 4 8 3", with commas or in
// brackets), the JSON form {"n":8,"columns":[...]}, or a drawn board
// (Q for a queen, . or x for an empty square, or the grid Board draws);
// internal/placetext's doc.go has the details. "[]" is the empty
// placement. Parse checks the shape, not attacks ("1 1" parses).
// Errors wrap ErrSyntax and say what and where: "entry 3: column 9 is
// off an 8-column board".
func Parse(s string) (Placement, error) {
	p, err := placetext.Parse(s, maxParseN)
	return p, err
}

// Board draws p as the tutorials' grid: column numbers, rules, and "#"
// for a queen; a column off the board draws an empty row. N = 0 gives "".
func (p Placement) Board() string {
	return placetext.Draw(p)
}
