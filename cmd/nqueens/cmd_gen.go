package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/nqueens/nqueens"
	"github.com/nqueens/nqueens/internal/quote"
)

var genCmd = &command{
	name:    "gen",
	run:     runGen,
	args:    "completion N -family queens|blocked|diag -queens|-blocked|-diagonals K [-seed S]",
	summary: "generate N-Queens Completion instances (Gent, Jefferson & Nightingale families)",
	help: `Writes an N-Queens Completion instance as a text board (rows of Q . x) for
'nqueens complete', from one of the three families of Gent, Jefferson and
Nightingale (JAIR 2017), drawn from -seed (the same flags give the same
board; without -seed, or with -seed 0, a seed is drawn from the operating
system, as 'find -random' does, and the header line names it):

  queens   -queens K: K queens, each on a random square no earlier queen
           attacks (their hard region: N = 32–64)
  blocked  -blocked K: K random squares blocked (N = 25–48)
  diag     -diagonals K: K whole diagonals of either direction blocked,
           taken in random order, skipping any whose removal would leave a
           row or column with 4 or fewer open squares (phase transition
           near N = 20–22, K = 18–21)

Examples:
  nqueens gen completion 21 -family diag -diagonals 19 -seed 1
  nqueens gen completion 40 -family queens -queens 12 -seed 3 | nqueens complete -`,
}

func runGen(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e)
	family := fs.String("family", "", "instance family `NAME`: queens, blocked or diag")
	n := fs.Int("n", 0, "")
	fs.hide("n") // the old spelling of the positional N
	var queens, blocked, diagonals countFlag
	fs.Var(&queens, "queens", "number of queens `K` (family queens)")
	fs.Var(&blocked, "blocked", "number of blocked squares `K` (family blocked)")
	fs.Var(&diagonals, "diagonals", "number of diagonals `K` to block (family diag)")
	seedS := fs.String("seed", "0", "random seed `S`, an unsigned 64-bit number (0 = draw one)")
	out := fs.String("o", "", "write to `FILE` instead of standard output")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	switch {
	case len(pos) == 0:
		return usagef("want the kind of instance and N: gen completion N -family ...")
	case pos[0] != "completion":
		return usagef("unknown kind of instance %s: want completion", quote.Token(pos[0]))
	case len(pos) > 2:
		return usagef("want the kind of instance and N, got %d arguments: %s", len(pos), quote.Token(strings.Join(pos, " ")))
	}
	seed, err := strconv.ParseUint(*seedS, 10, 64)
	if err != nil {
		return usagef("-seed %s: want an unsigned 64-bit number", quote.Token(*seedS))
	}
	if seed == 0 {
		seed = randomSeed()
	}
	arg := ""
	if len(pos) == 2 {
		arg = pos[1]
	}
	size, given, err := sizeArg(arg, *n, flagsSet(fs)["n"], nqueens.MaxN)
	if err != nil {
		return err
	}
	if !given {
		return usagef("want the board size: gen completion N -family ...")
	}
	var kf countFlag
	var flag string
	switch *family {
	case nqueens.FamilyQueens:
		kf, flag = queens, "-queens"
	case nqueens.FamilyBlocked:
		kf, flag = blocked, "-blocked"
	case nqueens.FamilyDiagonals:
		kf, flag = diagonals, "-diagonals"
	case "":
		return usagef("-family: want queens, blocked or diag")
	default:
		return usagef("-family %s: want queens, blocked or diag", quote.Token(*family))
	}
	if !kf.set {
		return usagef("family %s needs %s K", *family, flag)
	}
	k := kf.k
	if k < 0 {
		return usagef("%s %d: want a count of 0 or more", flag, k)
	}
	set := flagsSet(fs)
	for _, f := range []string{"-queens", "-blocked", "-diagonals"} {
		if f != flag && set[f[1:]] {
			return usagef("%s does not belong to family %s (it takes %s K)", f, *family, flag)
		}
	}
	if size < 1 || size > nqueens.MaxN {
		return usagef("N = %d: want 1 to %d", size, nqueens.MaxN)
	}
	b, err := nqueens.GeneratePuzzle(*family, size, k, seed)
	if err != nil {
		return usagef("%v", err)
	}
	w, closeOut, err := openOutput(e, *out)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "# nqueens gen completion %d -family %s %s %d -seed %d\n%s", size, *family, flag, k, seed, b)
	if cerr := closeOut(); err == nil {
		err = cerr
	}
	return err
}

// countFlag is a count given on the command line; set says whether it
// was. Its default prints as nothing in -h (no "(default -1)").
type countFlag struct {
	k   int
	set bool
}

func (c *countFlag) String() string {
	if c == nil || !c.set {
		return ""
	}
	return strconv.Itoa(c.k)
}

func (c *countFlag) Set(s string) error {
	k, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("%s is not a whole number", quote.Token(s))
	}
	c.k, c.set = k, true
	return nil
}
