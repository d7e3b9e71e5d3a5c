package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/nqueens/nqueens"
)

var checkCmd = &command{
	name:    "check",
	run:     runCheck,
	args:    "PLACEMENT | FILE | -",
	summary: "check that a placement is a solution",
	help: `Reads a placement — a one-based permutation ("5 2 6 1 7 4 8 3",
"5,2,6,1,7,4,8,3", "[5,2,6,1,7,4,8,3]"), JSON ({"n":8,"columns":[...]}) or a
drawn board (rows of Q and . or x, or the #-grid that 'solve -format board'
writes) — from the arguments, a file, or standard input ("-"). Prints
"valid" and exits 0, or names the first attacking pair and exits 1.

A file or standard input holds a stream of placements: one permutation or
JSON record per line, or boards separated by blank lines or titles, as
solve, find, show, complete and gen write them ("# …" lines are comments).
Each invalid placement gets a line naming it and its line; the last line
counts the valid ones; exit 1 if any is invalid. Reading stops at the first
line that is not a placement (exit 2). A first line of more than 512 KB
that is a permutation or a one-line JSON record (from 'find 10000000')
makes every line one placement of any size, checked as it is read.

A partial board — rows without a queen, blocked squares x, as gen writes
it — is not a solution: check names an attack among its queens, or says
"partial: 3 of 8 queens, none attacking another; 'nqueens complete' tells
whether the rest can be placed"; either way it exits 1.

Readable forms: permutations, JSON, and text boards (rows of Q . x, or the
#-grid of 'show -format text' and 'solve -format board'); not the
pictures of 'show -format unicode', svg or png.

Examples:
  nqueens check 5 2 6 1 7 4 8 3
  nqueens check "1 1"                       exits 1: same column
  nqueens solve 8 -limit 2 | nqueens check -
  nqueens solve 8 -limit 1 -format board | nqueens check -`,
}

func runCheck(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("want a placement, a file name or - for standard input")
	}
	if len(pos) == 1 && (pos[0] == "-" || isFile(pos[0])) {
		return checkInput(ctx, e, pos[0])
	}
	text, err := readPlacement(e, pos) // names a missing file instead of parsing its name
	if err != nil {
		return err
	}
	p, err := nqueens.Parse(text)
	if err != nil {
		return usagef("%v", err)
	}
	if err := nqueens.Validate(p); err != nil {
		if errors.Is(err, nqueens.ErrAttack) {
			fmt.Fprintf(e.stdout, "invalid: %v\n", err)
			return answerNo("")
		}
		return usagef("%v", err)
	}
	fmt.Fprintln(e.stdout, "valid")
	return nil
}

// checkInput checks the stream of placements in a file or standard input
// ("-"), one at a time (see nqueens.PlacementScanner). One placement gets
// the answer of a placement given as arguments; several get a line for
// each invalid one and the count of valid ones. A first line too long
// for the scanner that holds only a permutation is checked as one large
// permutation as it is read (see checkStream).
func checkInput(ctx context.Context, e *env, name string) error {
	in, source, closeIn, err := openInput(ctx, e, name)
	if err != nil {
		return err
	}
	defer closeIn()
	br := bufio.NewReaderSize(in, nqueens.LineLimit(checkMaxN)+1)
	if b, _ := br.Peek(3); string(b) == "\ufeff" {
		br.Discard(3) // a byte order mark
	}
	if looksLikePerm(br, 2*checkMaxN) {
		return checkStream(ctx, e, br, source)
	}
	sc := nqueens.NewPlacementScanner(br, checkMaxN)
	sc.AllowPartial()
	var (
		prev nqueens.Placement
		t    tally
	)
	for sc.Scan(ctx) {
		p := sc.Placement()
		if t.total > 0 && slices.Equal(p, prev) {
			return usagef("%s: line %d: placement %d repeats placement %d; a stream holds each placement once", source, sc.Line(), t.total+1, t.total)
		}
		prev = append(prev[:0], p...)
		var err error
		if slices.Contains(p, -1) {
			err = checkPartial(p)
			if pe, ok := err.(*partialError); ok {
				pe.blocked = len(sc.Blocked())
			}
		} else {
			err = nqueens.Validate(p)
		}
		if err != nil && !errors.Is(err, nqueens.ErrAttack) && !errors.As(err, new(*partialError)) {
			return usagef("%s: %v", source, err) // the scanner checked the shape: not reached
		}
		t.add(e, sc.Line(), err)
	}
	if err := sc.Err(); err != nil {
		return t.fail(err, source)
	}
	return t.end(e)
}

// A tally reports the verdicts on a stream of placements: one placement
// gets the answer of a placement given as arguments; several get a line
// for each invalid one and the count of valid ones.
type tally struct {
	first      error // the first placement's verdict, held until a second one shows
	firstLine  int
	total, bad int
}

func (t *tally) add(e *env, line int, err error) {
	t.total++
	if err != nil {
		t.bad++
	}
	report := func(k, line int, err error) {
		fmt.Fprintf(e.stdout, "placement %d (line %d): %s\n", k, line, verdict(err))
	}
	switch t.total {
	case 1:
		t.first, t.firstLine = err, line
	case 2:
		if t.first != nil {
			report(1, t.firstLine, t.first)
		}
		fallthrough
	default:
		if err != nil {
			report(t.total, line, err)
		}
	}
}

// fail returns the error that ended the stream.
func (t *tally) fail(err error, source string) error {
	switch {
	case errors.Is(err, nqueens.ErrSyntax) && t.total == 0:
		return usagef("%v", err)
	case errors.Is(err, nqueens.ErrSyntax):
		return usagef("%v (after %d %s, %d invalid)", err, t.total, plural(t.total, "placement", "placements"), t.bad)
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return err
	}
	return fmt.Errorf("reading %s: %w", source, pathErr(err))
}

// end prints the last line.
func (t *tally) end(e *env) error {
	switch {
	case t.total == 0:
		return usagef("%v: empty input", nqueens.ErrSyntax)
	case t.total == 1 && t.first == nil:
		fmt.Fprintln(e.stdout, "valid")
	case t.total == 1:
		fmt.Fprintln(e.stdout, verdict(t.first))
	case t.bad == 0:
		fmt.Fprintf(e.stdout, "%d placements, all valid\n", t.total)
	default:
		fmt.Fprintf(e.stdout, "%d of %d placements valid\n", t.total-t.bad, t.total)
	}
	if t.bad > 0 {
		return answerNo("")
	}
	return nil
}

// verdict words a placement's error: "invalid: rows 1 and 2: …" for an
// attack, the partialError's text for a partial board.
func verdict(err error) string {
	var pe *partialError
	if errors.As(err, &pe) {
		return pe.Error()
	}
	return "invalid: " + err.Error()
}

// A partialError is the verdict on a partial board (rows without a
// queen, as gen writes them) whose queens do not attack each other: not
// a solution (exit 1), but no wrong one either.
type partialError struct{ queens, n, blocked int }

func (e *partialError) Error() string {
	b := ""
	if e.blocked > 0 {
		b = fmt.Sprintf(", %d blocked %s", e.blocked, plural(e.blocked, "square", "squares"))
	}
	if e.queens > 1 {
		b += ", none attacking another"
	}
	return fmt.Sprintf("partial: %d of %d queens%s; 'nqueens complete' tells whether the rest can be placed", e.queens, e.n, b)
}

// checkPartial checks the queens of a partial board p (-1 for a row
// without one) as Validate checks a placement: the attacking pair whose
// second row is smallest (a column before a diagonal before an
// anti-diagonal), else a *partialError.
func checkPartial(p nqueens.Placement) error {
	n := len(p)
	col, diag, anti := map[int]int{}, map[int]int{}, map[int]int{} // line → row of its first queen
	k := 0
	for r, c := range p {
		if c < 0 {
			continue
		}
		k++
		for _, x := range []struct {
			m   map[int]int
			key int
			how string
		}{{col, c, "same column"}, {diag, r - c, "same diagonal"}, {anti, r + c, "same anti-diagonal"}} {
			if a, ok := x.m[x.key]; ok {
				return &nqueens.AttackError{RowA: a, ColA: p[a], RowB: r, ColB: c, How: x.how}
			}
		}
		col[c], diag[r-c], anti[r+c] = r, r, r
	}
	return &partialError{queens: k, n: n}
}

// checkMaxN is the most queens of a placement in a stream that check
// reads: 2^18, in lines of at most 3.1 MB.
const checkMaxN = 1 << 18

// looksLike reports whether the input's first line is longer than size
// bytes (more than a line of checkMaxN queens may need) and holds only a
// permutation (digits, separators and brackets) or starts a JSON record.
// Such input (from 'find 10000000', say) is checked line by line as it
// is read, one placement per line.
func looksLikePerm(br *bufio.Reader, size int) bool {
	b, err := br.Peek(size)
	if err != nil {
		return false // the input, or its first line, is shorter
	}
	if t := bytes.TrimLeft(b, " \t"); len(t) > 0 && t[0] == '{' {
		return bytes.IndexByte(b, '\n') < 0
	}
	digit := false
	for _, c := range b {
		switch {
		case c >= '0' && c <= '9':
			digit = true
		case c == ' ' || c == '\t' || c == ',' || c == ';' || c == '[' || c == ']':
		default:
			return false
		}
	}
	return digit
}

// checkStream checks placements of any size, one per line, with
// nqueens.LineValidator: 4.6 bytes per queen of the longest line, so a
// 10^7-queen file (79 MB) is checked with a peak RSS of about 55 MB.
func checkStream(ctx context.Context, e *env, r io.Reader, source string) error {
	v := nqueens.NewLineValidator(r)
	var t tally
	for v.Next() {
		t.add(e, v.Line(), v.Verdict())
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	if err := v.Err(); err != nil {
		return t.fail(err, source)
	}
	return t.end(e)
}

// isFile reports whether s names an existing regular file, named pipe
// or character device (see openInput) and does not look like a
// placement.
func isFile(s string) bool {
	if strings.ContainsAny(s, " ,[{\n") {
		return false
	}
	st, err := os.Stat(s)
	return err == nil && isInputFile(st.Mode())
}
