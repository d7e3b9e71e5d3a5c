package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/nqueens/nqueens"
	"github.com/nqueens/nqueens/internal/quote"
)

var completeCmd = &command{
	name:    "complete",
	args:    "[FILE | -] [flags]",
	summary: "complete a board with some queens placed and squares blocked",
	help: `N-Queens Completion: given an N×N board (N ≤ 64) with some queens already
placed and some squares where no queen may stand, place the other queens.
The board comes as text from a file or standard input (rows of Q queen,
. free, x blocked — the form 'nqueens gen completion' writes), or from
flags: -n with -queens and -blocked lists of one-based row:col squares,
or -partial, a permutation with . for the open rows.

Prints one completion (default), the number of completions (-count) or
every completion as it is found (-all). Exit status 1 when there is no
completion (-count prints 0 and exits 0, as 'count 2' does); 2, naming the problem, when the board is contradictory (queens
that attack each other, a queen on a blocked square, squares off the
board, ragged rows). -stats prints the nodes searched and the time to
standard error.

Examples:
  nqueens complete -n 8 -queens 1:1,2:5
  nqueens complete -partial "1 5 . . . . . ."   -count
  nqueens complete -n 8 -queens 1:1 -blocked 5:3 -all
  nqueens gen completion -family diag -n 21 -diagonals 19 -seed 1 | nqueens complete - -stats`,
}

func init() {
	completeCmd.run = runComplete
	register(completeCmd)
}

func runComplete(ctx context.Context, e *env, args []string) error {
	fs := newFlags(completeCmd, e)
	n := fs.Int("n", 0, "board size `N`, with -queens and -blocked")
	queens := fs.String("queens", "", "given queens, one-based `ROW:COL,...`: 1:1,2:5")
	blocked := fs.String("blocked", "", "blocked squares, one-based `ROW:COL,...`")
	partial := fs.String("partial", "", "a permutation `PERM` with . for the open rows: \"1 5 . . . . . .\"")
	count := fs.Bool("count", false, "print the number of completions")
	all := fs.Bool("all", false, "print every completion, as found")
	format := fs.String("format", "perm", "output `FORMAT`: perm (one-based permutation) or board (rows of Q . x)")
	stats := fs.Bool("stats", false, "print nodes and time to standard error")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if *count && *all {
		return usagef("--count and --all: choose one")
	}
	if *format != "perm" && *format != "board" {
		return usagef("--format %s: want perm or board", quote.Token(*format))
	}
	if flagsSet(fs)["n"] && (*n < 1 || *n > nqueens.MaxCompleteN) {
		return usagef("bad board: %v", fmt.Errorf("%w: n = %d is outside 1..%d", nqueens.ErrSize, *n, nqueens.MaxCompleteN))
	}
	b, err := completeInput(ctx, e, pos, *n, *queens, *blocked, *partial)
	if err != nil {
		return err
	}
	if err := b.Check(); err != nil {
		return usagef("%v", err)
	}
	bw := bufio.NewWriterSize(e.stdout, 64<<10)
	defer bw.Flush()
	report := func(nodes uint64, secs float64) {
		if *stats {
			bw.Flush() // the answer before the figures, as a terminal shows them
			fmt.Fprintf(e.stderr, "nodes %s, %.3f s\n", groupU(nodes), secs)
		}
	}
	switch {
	case *count:
		res, err := nqueens.Complete(ctx, b, nqueens.CompleteOptions{Count: true})
		if err != nil {
			return err
		}
		// A count is an answer, 0 too: exit 0, as 'count 2' does.
		fmt.Fprintln(bw, res.Count)
		report(res.Nodes, res.Elapsed.Seconds())
	case *all:
		seq, done, err := nqueens.Completions(ctx, b)
		if err != nil {
			return usagef("%v", err)
		}
		k := 0
		for p := range seq {
			k++
			writeCompletion(bw, b, p, *format, k > 1)
		}
		nodes, err := done()
		if err != nil {
			return err
		}
		if *stats {
			bw.Flush()
			fmt.Fprintf(e.stderr, "%d %s, nodes %s\n", k, plural(k, "completion", "completions"), groupU(nodes))
		}
		if k == 0 {
			return answerNo("no completion")
		}
	default:
		res, err := nqueens.Complete(ctx, b, nqueens.CompleteOptions{})
		if errors.Is(err, nqueens.ErrNoCompletion) {
			report(res.Nodes, res.Elapsed.Seconds())
			return answerNo("no completion")
		}
		if err != nil {
			return err
		}
		writeCompletion(bw, b, res.Placement, *format, false)
		report(res.Nodes, res.Elapsed.Seconds())
	}
	return nil
}

// writeCompletion writes p as a permutation line, or as the board with
// its blocked squares and the completion's queens; boards after the first
// are preceded by a blank line.
func writeCompletion(w io.Writer, b *nqueens.PartialBoard, p nqueens.Placement, format string, sep bool) {
	if format == "perm" {
		fmt.Fprintln(w, p)
		return
	}
	full := &nqueens.PartialBoard{N: b.N, Blocked: b.Blocked}
	for r, c := range p {
		full.Queens = append(full.Queens, nqueens.Square{Row: r, Col: c})
	}
	if sep {
		fmt.Fprintln(w)
	}
	fmt.Fprint(w, full)
}

// completeInput builds the board from a file or standard input, or from
// the flags; exactly one source is allowed.
func completeInput(ctx context.Context, e *env, pos []string, n int, queens, blocked, partial string) (*nqueens.PartialBoard, error) {
	flagsUsed := n != 0 || queens != "" || blocked != ""
	switch {
	case len(pos) > 1:
		return nil, usagef("want at most one FILE or -, got %d arguments", len(pos))
	case len(pos) == 1 && (flagsUsed || partial != ""):
		return nil, usagef("give the board as FILE or - or as flags, not both")
	case partial != "" && (n != 0 || queens != ""):
		return nil, usagef("--partial gives the size and the queens; use --blocked alone with it")
	case len(pos) == 1:
		in, source, closeIn, err := openInput(ctx, e, pos[0])
		if err != nil {
			return nil, err
		}
		defer closeIn()
		b, err := nqueens.ReadBoard(in)
		switch {
		case errors.Is(err, nqueens.ErrBadBoard):
			return nil, usagef("%v", err)
		case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
			return nil, err
		case err != nil:
			return nil, fmt.Errorf("reading %s: %w", source, err)
		}
		return b, nil
	case partial != "":
		var f []string
		for i, part := range strings.Split(partial, ",") {
			fields := strings.Fields(part)
			if len(fields) == 0 {
				return nil, usagef("--partial: entry %d is empty in %s", i+1, quote.Token(partial))
			}
			f = append(f, fields...)
		}
		b := &nqueens.PartialBoard{N: len(f)}
		for i, s := range f {
			if s == "." {
				continue
			}
			c, err := strconv.Atoi(s)
			if err != nil {
				return nil, usagef("--partial: entry %d: %s is neither a column number nor .", i+1, quote.Token(s))
			}
			b.Queens = append(b.Queens, nqueens.Square{Row: i, Col: c - 1})
		}
		var err error
		if b.Blocked, err = parseSquares("--blocked", blocked); err != nil {
			return nil, err
		}
		return b, nil
	case n != 0:
		b := &nqueens.PartialBoard{N: n}
		var err error
		if b.Queens, err = parseSquares("--queens", queens); err != nil {
			return nil, err
		}
		if b.Blocked, err = parseSquares("--blocked", blocked); err != nil {
			return nil, err
		}
		return b, nil
	case flagsUsed:
		return nil, usagef("--queens and --blocked need --n")
	}
	return nil, usagef("want a board: FILE, - for standard input, --n with --queens/--blocked, or --partial")
}

// parseSquares reads "1:1,2:5" (one-based; spaces also separate) into
// zero-based squares. An empty entry ("1:1,,2:5" or ",") is an error.
func parseSquares(flag, s string) ([]nqueens.Square, error) {
	var out []nqueens.Square
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	for i, part := range strings.Split(s, ",") {
		fields := strings.Fields(part)
		if len(fields) == 0 {
			return nil, usagef("%s: entry %d is empty in %s", flag, i+1, quote.Token(s))
		}
		for _, f := range fields {
			a, b, ok := strings.Cut(f, ":")
			r, err1 := strconv.Atoi(a)
			c, err2 := strconv.Atoi(b)
			if !ok || err1 != nil || err2 != nil {
				return nil, usagef("%s: %s is not row:col", flag, quote.Token(f))
			}
			out = append(out, nqueens.Square{Row: r - 1, Col: c - 1})
		}
	}
	return out, nil
}

// plural returns one if k is 1, else many.
func plural(k int, one, many string) string {
	if k == 1 {
		return one
	}
	return many
}
