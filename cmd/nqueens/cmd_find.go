package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"

	"github.com/nqueens/nqueens"
	"github.com/nqueens/nqueens/internal/quote"
)

var findCmd = &command{
	name:    "find",
	run:     runFind,
	args:    "N [flags]",
	summary: "print one solution for any N, built or random",
	help: `Prints one solution for an N×N board: by default the explicit construction
(row i's column computed from i, streamed in constant memory, N up to
2,147,483,647 — N = 10^8 is 889 MB of text), or with -random a random
solution found by min-conflicts local search (about 5.1 bytes of memory
per queen, N up to 1,000,000,000). Without -seed (or with -seed 0)
-random draws a seed from the operating system, so every run finds
another solution; -v prints the seed and what the search did, and the
same N and -seed give the same solution again. Before searching, -random
estimates the memory it needs and refuses, exit 2, when the address-space
limit (ulimit -v), the free memory, a memory cgroup's limit (a Slurm or
Kubernetes job's) or GOMEMLIMIT leaves less. -seed and -v need
-random. N = 0 prints the empty solution (an empty line), as
'count 0' counts it and 'solve 0' lists it; N = 2 and 3 have no
solution: exit 1. -format board draws boards up to N = 1,000.

Examples:
  nqueens find 8                        4 6 8 2 7 1 3 5
  nqueens find 100000000 > /dev/null    about 0.35 s
  nqueens find 1000000 -random -seed 7 -v
  nqueens find 16 -random -v            another solution each run, its seed on stderr
  nqueens find 0                        the empty solution: an empty line
  nqueens find 12 -format board`,
}

func runFind(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e)
	random := fs.Bool("random", false, "a random solution by min-conflicts search")
	seedS := fs.String("seed", "0", "seed `S` for -random, an unsigned 64-bit number (0 = draw one)")
	format := fs.String("format", "perm", "output `FORMAT`: perm, board or json")
	out := fs.String("o", "", "write to `FILE` instead of standard output")
	verbose := fs.verboseFlag("with -random, print the seed and what the search did to standard error")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one board size N, got %d arguments", len(pos))
	}
	if !*random {
		set := flagsSet(fs)
		for _, f := range []string{"seed", "v", "stats"} {
			if set[f] {
				return usagef("-%s needs -random (the construction has no seed and nothing to report)", f)
			}
		}
	}
	n, err := parseN(pos[0], nqueens.MaxFindN)
	if err != nil {
		return err
	}
	if *random && n > nqueens.MaxRandomN {
		return usagef("N = %d is too large for -random: at most %d (about 5.1 bytes per queen)", n, nqueens.MaxRandomN)
	}
	switch *format {
	case nqueens.FormatPerm, nqueens.FormatJSON:
	case nqueens.FormatBoard:
		if n > nqueens.MaxBoardN {
			return usagef("-format board draws boards up to N = %d; use perm or json for N = %d", nqueens.MaxBoardN, n)
		}
	default:
		return usagef("-format %s: want perm, board or json", quote.Token(*format))
	}
	seed, err := strconv.ParseUint(*seedS, 10, 64)
	if err != nil {
		return usagef("-seed %s: want an unsigned 64-bit number", quote.Token(*seedS))
	}
	if n == 2 || n == 3 {
		return answerNo(fmt.Sprintf("no solution for N = %d", n))
	}
	if *random && seed == 0 {
		seed = randomSeed()
	}
	if n == 0 {
		return writeEmpty(e, *out, *format)
	}
	var sol *nqueens.RandomSolution
	if *random {
		sol, err = nqueens.Random(ctx, n, nqueens.RandomOptions{Seed: seed})
		if errors.Is(err, nqueens.ErrMemory) {
			return usagef("-random: %v", err)
		}
		if err != nil {
			return err
		}
	}
	w, closeOut, err := openOutput(e, *out)
	if err != nil {
		return err
	}
	if sol != nil {
		err = sol.Write(w, *format)
	} else {
		err = nqueens.WriteFind(w, n, *format)
	}
	if cerr := closeOut(); err == nil {
		err = cerr
	}
	if err != nil {
		if errors.Is(err, nqueens.ErrNoSolution) {
			return answerNo(err.Error())
		}
		return err
	}
	if *verbose && sol != nil {
		st := sol.Stats
		bw := bufio.NewWriter(e.stderr)
		fmt.Fprintf(bw, "random %d-queens, seed %d: %.3f s, %.2f tries per queen, %d left over by the greedy phase, %d repair swaps (%d kept), %d restarts; validated\n",
			n, seed, st.Elapsed.Seconds(), float64(st.Tries)/float64(n), st.Leftover, st.Swaps, st.Kept, st.Restarts)
		bw.Flush()
	}
	return nil
}

// randomSeed draws a seed for -random from the operating system's
// randomness (math/rand/v2's global source is seeded from it): never 0,
// which asks for a random seed.
func randomSeed() uint64 {
	for {
		if s := rand.Uint64(); s != 0 {
			return s
		}
	}
}

// writeEmpty writes the one solution of the empty board (N = 0) in
// format f, as 'solve 0' writes it.
func writeEmpty(e *env, out, f string) error {
	w, closeOut, err := openOutput(e, out)
	if err != nil {
		return err
	}
	var text string
	switch f {
	case nqueens.FormatJSON:
		b, _ := json.Marshal(nqueens.Placement{})
		text = string(b) + "\n"
	case nqueens.FormatBoard:
		text = nqueens.Placement{}.Board() + "\n"
	default:
		text = "\n"
	}
	_, err = io.WriteString(w, text)
	if cerr := closeOut(); err == nil {
		err = cerr
	}
	return err
}

// flagsSet returns the names of the flags given on the command line.
func flagsSet(fs *flagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set
}
