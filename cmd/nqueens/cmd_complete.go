package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/nqueens/nqueens"
	"github.com/nqueens/nqueens/internal/quote"
)

var completeCmd = &command{
	name:    "complete",
	run:     runComplete,
	args:    "N | FILE | - [flags]",
	summary: "complete a board with some queens placed and squares blocked",
	help: `N-Queens Completion: given an N×N board (N ≤ 64) with some queens already
placed and some squares where no queen may stand, place the other queens.
The board comes as text from a file or standard input (rows of Q queen,
. free, x blocked — the form 'nqueens gen completion' writes), or from
the size N with -queens and -blocked, lists of one-based row:col squares,
or -partial, a permutation with . for the open rows. An argument that is
a whole number is N (write a file named like one as ./8).

Prints one completion (default), the number of completions (-count) or
every completion as it is found (-all). Exit status 1 when there is no
completion (-count prints 0 and exits 0, as 'count 2' does); 2, naming
the problem, when the board is contradictory (queens
that attack each other, a queen on a blocked square, squares off the
board, ragged rows). -v prints the nodes searched and the time to
standard error.

Before a count, complete estimates it on this machine: a short trial of
the count (a board it finishes is answered from it), then random
descents of its search tree (-v prints the estimate). It refuses,
exit 2, a count estimated above an hour unless -force: the completions
are counted one by one, Q(20) = 39 billion of them on an empty 20×20
board, which 'nqueens count 20' counts far faster.

Examples:
  nqueens complete 8 -queens 1:1,2:5
  nqueens complete -partial "1 5 . . . . . ." -count
  nqueens complete 8 -queens 1:1 -blocked 5:3 -all
  nqueens gen completion 21 -family diag -diagonals 19 -seed 1 | nqueens complete - -v`,
}

func runComplete(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e)
	n := fs.Int("n", 0, "")
	fs.hide("n") // the old spelling of the positional N
	queens := fs.String("queens", "", "queens on the one-based squares `ROW:COL,...`, e.g. 1:1,2:5")
	blocked := fs.String("blocked", "", "blocked one-based squares `ROW:COL,...`")
	partial := fs.String("partial", "", "a permutation `PERM` with . for the open rows: \"1 5 . . . . . .\"")
	count := fs.Bool("count", false, "print the number of completions")
	all := fs.Bool("all", false, "print every completion, as found")
	format := fs.String("format", "perm", "output `FORMAT`: perm (one-based permutation) or board (rows of Q . x)")
	stats := fs.verboseFlag("print the nodes searched and the time (with -count also the estimate) to standard error")
	force := fs.Bool("force", false, "with -count: count although estimated above an hour")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if *count && *all {
		return usagef("-count and -all: choose one")
	}
	if *format != "perm" && *format != "board" {
		return usagef("-format %s: want perm or board", quote.Token(*format))
	}
	size, pos, err := completeSize(fs, pos, *n)
	if err != nil {
		return err
	}
	b, err := completeInput(ctx, e, pos, size, *queens, *blocked, *partial)
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
		var res nqueens.Completion
		counted := false
		if !*force || *stats {
			est, err := nqueens.EstimateComplete(ctx, b, nqueens.SearchEstimateOptions{})
			if err != nil {
				return err
			}
			if *stats && !est.Exact {
				// (A board counted whole in the trial has its figures
				// after the answer, as any count.)
				fmt.Fprintln(e.stderr, describeSearch(est, "completions"))
			}
			if !*force && overHour(est) {
				return completeRefusal(b, est)
			}
			if est.Exact && est.Solutions < 1<<53 {
				// The trial counted the board whole: that is the answer.
				res = nqueens.Completion{Count: uint64(est.Solutions), Nodes: uint64(est.Nodes), Elapsed: time.Duration(est.Seconds * float64(time.Second))}
				counted = true
			}
		}
		if !counted {
			var err error
			if res, err = nqueens.Complete(ctx, b, nqueens.CompleteOptions{Count: true}); err != nil {
				return err
			}
		}
		// A count is an answer, 0 too: exit 0, as 'count 2' does.
		fmt.Fprintln(bw, res.Count)
		report(res.Nodes, res.Elapsed.Seconds())
	case *all:
		cs, err := nqueens.Completions(ctx, b)
		if err != nil {
			return usagef("%v", err)
		}
		k := 0
		for p := range cs.All() {
			k++
			writeCompletion(bw, b, p, *format, k > 1)
		}
		nodes, err := cs.Nodes(), cs.Err()
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
func writeCompletion(w io.Writer, b *nqueens.Puzzle, p nqueens.Placement, format string, sep bool) {
	if format == "perm" {
		fmt.Fprintln(w, p)
		return
	}
	full := &nqueens.Puzzle{N: b.N, Blocked: b.Blocked}
	for r, c := range p {
		full.Queens = append(full.Queens, nqueens.Square{Row: r, Col: c})
	}
	if sep {
		fmt.Fprintln(w)
	}
	fmt.Fprint(w, full)
}

// completeSize takes complete's board size N from the positional
// arguments pos (the one that is a whole number) or the hidden -n, and
// returns the other arguments: a FILE or -. Zero: no size given.
func completeSize(fs *flagSet, pos []string, n int) (int, []string, error) {
	arg, rest := "", pos[:0:0]
	for _, p := range pos {
		if arg == "" && isWholeNumber(p) {
			arg = p
			continue
		}
		rest = append(rest, p)
	}
	size, given, err := sizeArg(arg, n, flagsSet(fs)["n"], nqueens.MaxN)
	if err != nil {
		return 0, nil, err
	}
	if given && (size < 1 || size > nqueens.MaxN) {
		return 0, nil, usagef("bad puzzle: %v", fmt.Errorf("%w: n = %d is outside 1..%d", nqueens.ErrSize, size, nqueens.MaxN))
	}
	return size, rest, nil
}

// completeInput builds the board from a file or standard input, or from
// the flags; exactly one source is allowed.
func completeInput(ctx context.Context, e *env, pos []string, n int, queens, blocked, partial string) (*nqueens.Puzzle, error) {
	flagsUsed := n != 0 || queens != "" || blocked != ""
	switch {
	case len(pos) > 1:
		return nil, usagef("want at most one FILE or -, got %d arguments", len(pos))
	case len(pos) == 1 && (flagsUsed || partial != ""):
		return nil, usagef("give the board as FILE or - or as N and flags, not both")
	case partial != "" && (n != 0 || queens != ""):
		return nil, usagef("-partial gives the size and the queens; use -blocked alone with it")
	case len(pos) == 1:
		in, source, closeIn, err := openInput(ctx, e, pos[0])
		if err != nil {
			return nil, err
		}
		defer closeIn()
		b, err := nqueens.ReadPuzzle(in)
		switch {
		case errors.Is(err, nqueens.ErrBadPuzzle):
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
				return nil, usagef("-partial: entry %d is empty in %s", i+1, quote.Token(partial))
			}
			f = append(f, fields...)
		}
		b := &nqueens.Puzzle{N: len(f)}
		for i, s := range f {
			if s == "." {
				continue
			}
			c, err := strconv.Atoi(s)
			if err != nil {
				return nil, usagef("-partial: entry %d: %s is neither a column number nor .", i+1, quote.Token(s))
			}
			b.Queens = append(b.Queens, nqueens.Square{Row: i, Col: c - 1})
		}
		var err error
		if b.Blocked, err = parseSquares("-blocked", blocked); err != nil {
			return nil, err
		}
		return b, nil
	case n != 0:
		b := &nqueens.Puzzle{N: n}
		var err error
		if b.Queens, err = parseSquares("-queens", queens); err != nil {
			return nil, err
		}
		if b.Blocked, err = parseSquares("-blocked", blocked); err != nil {
			return nil, err
		}
		return b, nil
	case flagsUsed:
		return nil, usagef("-queens and -blocked need the board size N")
	}
	return nil, usagef("want a board: FILE, - for standard input, N with -queens/-blocked, or -partial")
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
