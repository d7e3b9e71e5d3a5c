package nqueens

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/nqueens/nqueens/internal/quote"
)

// MaxParseN is the largest board size Parse accepts for a drawn board.
// Permutation text has no limit beyond memory.
const MaxParseN = 1 << 16

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
	q, err := decodeJSON(b, math.MaxInt, nil)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrSyntax, err)
	}
	*p = q
	return nil
}

// decodeJSON reads {"n":N,"columns":[...]} with at most maxN columns,
// appending the zero-based columns to p.
func decodeJSON(b []byte, maxN int, p Placement) (Placement, error) {
	var j struct {
		N       *json.Number  `json:"n"`
		Columns []json.Number `json:"columns"`
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	d.DisallowUnknownFields() // as /api/check does
	if err := d.Decode(&j); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return nil, fmt.Errorf("JSON: %s: a %s, not a whole number", te.Field, te.Value)
		}
		return nil, fmt.Errorf("JSON: %s", quote.Message(strings.TrimPrefix(err.Error(), "json: ")))
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, errors.New("JSON: text after the record")
	}
	if j.N == nil {
		return nil, fmt.Errorf("JSON: n is missing (%d columns are given)", len(j.Columns))
	}
	n, err := strconv.Atoi(j.N.String())
	if err != nil || n < 0 {
		return nil, fmt.Errorf("JSON: n = %s is not a board size", quote.Token(j.N.String()))
	}
	if n > maxN {
		return nil, fmt.Errorf("JSON: n = %d; at most %d here", n, maxN)
	}
	if n != len(j.Columns) {
		return nil, fmt.Errorf("n is %d but %d columns are given", n, len(j.Columns))
	}
	for i, v := range j.Columns {
		c, err := strconv.Atoi(v.String())
		if err != nil {
			return nil, fmt.Errorf("entry %d: %s is not a column number", i+1, quote.Token(v.String()))
		}
		if c < 1 || c > n {
			return nil, fmt.Errorf("entry %d: column %d is off %s", i+1, c, boardName(n))
		}
		p = append(p, c-1)
	}
	if p == nil {
		p = Placement{}
	}
	return p, nil
}

// ErrSyntax is wrapped by every error Parse returns.
var ErrSyntax = errors.New("bad placement")

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
	s = strings.TrimPrefix(s, "\ufeff")
	t := strings.TrimSpace(s)
	if t == "" {
		return nil, fmt.Errorf("%w: empty input", ErrSyntax)
	}
	if strings.HasPrefix(t, "{") {
		p, err := decodeJSON([]byte(t), math.MaxInt, nil)
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrSyntax, err)
		}
		return p, nil
	}
	if looksDrawn(t) {
		return parseBoard(t)
	}
	return parsePerm(t)
}

// looksDrawn reports whether s is a drawn board rather than a list of
// numbers: it has a grid's '|', or no digit outside its titles and
// comments.
func looksDrawn(s string) bool {
	if strings.Contains(s, "|") {
		return true
	}
	if s[0] == '[' || s[0] == '(' {
		return false
	}
	for line := range strings.Lines(s) {
		t := strings.TrimSpace(line)
		if isTitle(t) || strings.HasPrefix(t, "#") && !isBoardRow([]byte(t)) {
			continue
		}
		if strings.ContainsAny(t, "0123456789") {
			return false
		}
	}
	return true
}

// parsePerm reads a permutation that may run over several lines, each
// with an optional "#" comment at its end.
func parsePerm(s string) (Placement, error) {
	var b []byte
	for line := range strings.Lines(s) {
		if isTitle(strings.TrimSpace(line)) {
			continue
		}
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		b = append(b, strings.TrimSpace(line)...)
		b = append(b, ' ')
	}
	p, err := parsePermLine(bytes.TrimSpace(b), math.MaxInt, nil)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrSyntax, err)
	}
	return p, nil
}

// boardName says "an 8-column board" with the right article.
func boardName(n int) string {
	s := strconv.Itoa(n)
	article := "a"
	if s[0] == '8' || s == "11" || s == "18" || (len(s) == 5 && s[:2] == "11") || (len(s) == 5 && s[:2] == "18") {
		article = "an"
	}
	return fmt.Sprintf("%s %d-column board", article, n)
}

// parseBoard reads a drawn board. Each line that holds cells is a row;
// header lines (numbers only), rule lines (dashes) and "Solution #n"
// titles are skipped. Cells are either single characters (compact form,
// "..Q.") or the contents between '|' separators (grid form).
func parseBoard(s string) (Placement, error) {
	var rows [][]bool
	var lineNos []int
	for no, line := range strings.Split(s, "\n") {
		line = strings.TrimRight(line, " \t\r")
		trim := strings.TrimSpace(line)
		if trim == "" || isRule(trim) || isHeader(trim) || isTitle(trim) || trim[0] == '#' && !isBoardRow([]byte(trim)) {
			continue
		}
		var cells []bool
		if strings.Contains(trim, "|") {
			parts := strings.Split(trim, "|")
			// Drop a leading row label ("1 ") and the empty tail after the last '|'.
			parts = parts[1:]
			if len(parts) > 0 && strings.TrimSpace(parts[len(parts)-1]) == "" {
				parts = parts[:len(parts)-1]
			}
			for j, c := range parts {
				c = strings.TrimSpace(c)
				switch c {
				case "", ".", "_", "x", "X":
					cells = append(cells, false)
				case "#", "Q", "q":
					cells = append(cells, true)
				default:
					return nil, fmt.Errorf("%w: line %d, cell %d: %s is neither a queen (Q or #) nor an empty or blocked square", ErrSyntax, no+1, j+1, quote.Token(c))
				}
			}
		} else {
			compact := strings.ReplaceAll(trim, " ", "")
			for j := 0; j < len(compact); j++ {
				switch compact[j] {
				case '.', 'x', 'X':
					cells = append(cells, false)
				case 'Q', 'q', '#':
					cells = append(cells, true)
				default:
					return nil, fmt.Errorf("%w: line %d, column %d: %s is neither a queen (Q, q or #) nor an empty (.) or blocked (x) square", ErrSyntax, no+1, j+1, quote.Byte(compact[j]))
				}
				if len(cells) > MaxParseN {
					return nil, fmt.Errorf("%w: line %d: more than %d squares", ErrSyntax, no+1, MaxParseN)
				}
			}
		}
		rows = append(rows, cells)
		lineNos = append(lineNos, no+1)
		if len(rows) > MaxParseN {
			return nil, fmt.Errorf("%w: more than %d rows", ErrSyntax, MaxParseN)
		}
	}
	n := len(rows)
	if n == 0 {
		return nil, fmt.Errorf("%w: no board rows found", ErrSyntax)
	}
	p := make(Placement, n)
	for i, r := range rows {
		if len(r) != n {
			return nil, fmt.Errorf("%w: line %d: row %d has %d squares; a board with %d rows needs %d", ErrSyntax, lineNos[i], i+1, len(r), n, n)
		}
		p[i] = -1
		for j, q := range r {
			if !q {
				continue
			}
			if p[i] >= 0 {
				return nil, fmt.Errorf("%w: line %d: row %d has more than one queen (columns %d and %d)", ErrSyntax, lineNos[i], i+1, p[i]+1, j+1)
			}
			p[i] = j
		}
		if p[i] < 0 {
			return nil, fmt.Errorf("%w: line %d: row %d has no queen", ErrSyntax, lineNos[i], i+1)
		}
	}
	return p, nil
}

// isRule reports whether s is a grid rule such as "-----" or "|___|___|".
func isRule(s string) bool {
	return strings.Trim(s, "-+=_| ") == ""
}

func isHeader(s string) bool {
	for _, f := range strings.Fields(s) {
		if _, err := strconv.Atoi(f); err != nil {
			return false
		}
	}
	return true
}

func isTitle(s string) bool {
	l := strings.ToLower(s)
	return strings.HasPrefix(l, "solution") || strings.HasPrefix(l, "soluzione")
}
