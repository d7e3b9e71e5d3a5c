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

// String returns the one-based permutation, "5 2 6 1 7 4 8 3"; N = 0 gives "".
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

// UnmarshalJSON decodes MarshalJSON's form, checking its shape, not attacks.
func (p *Placement) UnmarshalJSON(b []byte) error {
	q, err := placetext.ParseJSON(b)
	if err != nil {
		return err
	}
	*p = q
	return nil
}

// Parse reads one placement as people paste it: "5 2 6 1 7 4 8 3" (or
// with commas, in brackets), {"n":8,"columns":[...]}, or a drawn board
// (internal/placetext's doc.go). It checks the shape, not attacks; errors
// wrap ErrSyntax and say where.
func Parse(s string) (Placement, error) {
	p, err := placetext.Parse(s, maxParseN)
	return p, err
}

// Board draws p as the tutorials' grid, "#" for a queen: the drawn
// board of FormatBoard, which Parse reads back; N = 0 gives "".
func (p Placement) Board() string {
	return placetext.Draw(p)
}
