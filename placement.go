package nqueens

import (
	"encoding/json"
	"strconv"

	"github.com/nqueens/nqueens/internal/placetext"
)

// maxParseN is the largest board size Parse accepts for a drawn board.
// Permutation text has no limit beyond memory.
const maxParseN = 1 << 16

// A Placement puts one queen in each row of an N×N board: row i (counted
// from the top, zero-based) holds its queen in column p[i] (zero-based,
// from the left). N is len(p). A Placement says nothing about whether the
// queens attack each other; Validate does.
//
// In text, columns are one-based as the tutorials write them: the
// Placement {4, 1, 5, 0, 6, 3, 7, 2} prints as "5 2 6 1 7 4 8 3".
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

// UnmarshalJSON decodes the form written by MarshalJSON. It checks that
// n is given and matches the number of columns and that every column is
// on the board; it does not check for attacks.
func (p *Placement) UnmarshalJSON(b []byte) error {
	q, err := placetext.ParseJSON(b)
	if err != nil {
		return err
	}
	*p = q
	return nil
}

// ErrSyntax is wrapped by every error Parse returns.
var ErrSyntax = placetext.ErrSyntax

// Parse reads one placement in any of the forms people paste:
//
//	5 2 6 1 7 4 8 3            one-based columns separated by spaces,
//	5,2,6,1,7,4,8,3            commas,
//	[5,2,6,1,7,4,8,3]          or in brackets;
//	{"n":8,"columns":[...]}    the JSON form;
//
// or a drawn board, one line per row, where a queen is Q, q or # and an
// empty square is . or x (a blocked square of 'complete', empty here), or
// a blank or "_" cell between '|' separators. The grid drawing that the
// tutorials log (column numbers on top, "---" lines, "| # |" cells, an
// optional "SOLUZIONE #n"/"Solution #n" header) is read too. A "#" ends a
// permutation line (a comment), lines such as "# from gen" are comments,
// and a UTF-8 byte order mark at the start is skipped.
//
// The JSON form has the fields n and columns, spelled so, and no other.
// A permutation may run over several lines; PlacementScanner reads a
// stream of placements instead, one a line. "[]" and {"n":0,"columns":[]}
// are the empty placement (N = 0); an empty entry ("2,,4") is an error.
//
// Parse checks the shape — every column on the board, one queen per row —
// but not attacks: "1 1" parses and Validate rejects it. Errors wrap
// ErrSyntax and say what and where, for example
// "entry 3: column 9 is off an 8-column board", quoting at most 40 bytes
// of a bad token. The empty input is an error.
func Parse(s string) (Placement, error) {
	p, err := placetext.Parse(s, maxParseN)
	return p, err
}
