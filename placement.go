package nqueens

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
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
// n matches the number of columns and that every column is on the board;
// it does not check for attacks.
func (p *Placement) UnmarshalJSON(b []byte) error {
	var j jsonPlacement
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	if j.N != len(j.Columns) {
		return fmt.Errorf("%w: n is %d but %d columns are given", ErrSyntax, j.N, len(j.Columns))
	}
	q := make(Placement, len(j.Columns))
	for i, c := range j.Columns {
		if c < 1 || c > j.N {
			return fmt.Errorf("%w: entry %d: column %d is off a %d-column board", ErrSyntax, i+1, c, j.N)
		}
		q[i] = c - 1
	}
	*p = q
	return nil
}

// ErrSyntax is wrapped by every error Parse returns.
var ErrSyntax = errors.New("bad placement")

// Parse reads a placement in any of the forms people paste:
//
//	5 2 6 1 7 4 8 3            one-based columns separated by spaces,
//	5,2,6,1,7,4,8,3            commas,
//	[5,2,6,1,7,4,8,3]          or in brackets;
//	{"n":8,"columns":[...]}    the JSON form;
//
// or a drawn board, one line per row, where a queen is Q, q or # and an
// empty square is . (or a blank or "_" cell between '|' separators). The grid drawing that the
// tutorials log (column numbers on top, "---" lines, "| # |" cells, an
// optional "SOLUZIONE #n"/"Solution #n" header) is read too.
//
// Parse checks the shape — every column on the board, one queen per row —
// but not attacks: "1 1" parses and Validate rejects it. Errors wrap
// ErrSyntax and say what and where, for example
// "entry 3: column 9 is off an 8-column board". The empty input is an
// error.
func Parse(s string) (Placement, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return nil, fmt.Errorf("%w: empty input", ErrSyntax)
	}
	if strings.HasPrefix(t, "{") {
		var p Placement
		if err := json.Unmarshal([]byte(t), &p); err != nil {
			if errors.Is(err, ErrSyntax) {
				return nil, err
			}
			return nil, fmt.Errorf("%w: JSON: %v", ErrSyntax, err)
		}
		return p, nil
	}
	if looksDrawn(t) {
		return parseBoard(t)
	}
	return parsePerm(t)
}

// looksDrawn reports whether s is a drawn board rather than a list of
// numbers: it has a queen mark or an empty-square mark.
func looksDrawn(s string) bool {
	return strings.ContainsAny(s, "Qq#.|_")
}

func parsePerm(s string) (Placement, error) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "[") || strings.HasPrefix(s, "(") {
		closer := map[byte]byte{'[': ']', '(': ')'}[s[0]]
		if s[len(s)-1] != closer {
			return nil, fmt.Errorf("%w: %q is not closed by %q", ErrSyntax, s[0], closer)
		}
		s = s[1 : len(s)-1]
	}
	fields := strings.FieldsFunc(s, func(r rune) bool {
		return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == ';'
	})
	if len(fields) == 0 {
		return nil, fmt.Errorf("%w: no columns given", ErrSyntax)
	}
	n := len(fields)
	p := make(Placement, n)
	for i, f := range fields {
		c, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("%w: entry %d: %q is not a column number", ErrSyntax, i+1, f)
		}
		if c < 1 || c > n {
			return nil, fmt.Errorf("%w: entry %d: column %d is off %s", ErrSyntax, i+1, c, boardName(n))
		}
		p[i] = c - 1
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
		if trim == "" || isRule(trim) || isHeader(trim) || isTitle(trim) {
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
				case "", ".", "_":
					cells = append(cells, false)
				case "#", "Q", "q":
					cells = append(cells, true)
				default:
					return nil, fmt.Errorf("%w: line %d, cell %d: %q is neither a queen (Q or #) nor empty", ErrSyntax, no+1, j+1, c)
				}
			}
		} else {
			for j, r := range strings.ReplaceAll(trim, " ", "") {
				switch r {
				case '.':
					cells = append(cells, false)
				case 'Q', 'q', '#':
					cells = append(cells, true)
				default:
					return nil, fmt.Errorf("%w: line %d, column %d: %q is neither a queen (Q or #) nor empty (.)", ErrSyntax, no+1, j+1, r)
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
