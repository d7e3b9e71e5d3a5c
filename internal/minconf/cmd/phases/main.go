// Command phases measures where the time of one minconf search goes
// (the search behind `nqueens find -random`): for seed 1 at N it times
// the shuffle, the greedy placement, the repair and the validation in
// CPU time of the thread that runs them (wall-clock time off Linux), and
// prints them on one line with the search's Stats and its tries a queen.
// internal/minconf's package comment and docs/BENCHMARKS.md quote it at
// N = 10^8.
//
// Usage:
//
//	go run ./internal/minconf/cmd/phases [-mb B] [-cb C] [-notouch] [-novalidate] N
//
// 4 ≤ N ≤ 10^9 (about 4.5 bytes a queen: 10^8 takes about 0.5 GB and
// 10 s). For experiments: -mb and -cb set log2 of the greedy phase's
// largest block height and of a band's share of a block (20 and 2 by
// default), -notouch turns off the reads ahead of each band, -novalidate
// skips the validation. Bad arguments: a line on stderr, exit 2; a
// search that fails (not enough memory, a repair in a local minimum at
// small N), exit 3.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strconv"

	"github.com/nqueens/nqueens/internal/minconf"
)

func main() {
	var o minconf.PhaseOptions
	flag.UintVar(&o.MaxBlockShift, "mb", 0, "log2 of the largest block height, at most 30 (0: the package's, 20; under 10 acts as 10)")
	flag.UintVar(&o.ColBandShift, "cb", 0, "log2 of a block's height over a band's width, at most 8 (0: the package's, 2)")
	flag.BoolVar(&o.NoTouch, "notouch", false, "turn off the reads ahead of each band")
	flag.BoolVar(&o.NoValidate, "novalidate", false, "skip the validation")
	flag.Parse()
	n, err := strconv.Atoi(flag.Arg(0))
	switch {
	case flag.NArg() != 1 || err != nil:
		err = fmt.Errorf("want one board size N")
	case n < 4 || n > minconf.MaxN:
		err = fmt.Errorf("N = %d: want 4 ≤ N ≤ %d", n, minconf.MaxN)
	case o.MaxBlockShift > 30 || o.ColBandShift > 8:
		err = fmt.Errorf("-mb %d, -cb %d: want -mb ≤ 30 and -cb ≤ 8", o.MaxBlockShift, o.ColBandShift)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "phases:", err)
		os.Exit(2)
	}
	pt, err := minconf.Phases(context.Background(), n, o)
	if err != nil {
		fmt.Fprintln(os.Stderr, "phases:", err)
		os.Exit(3)
	}
	fmt.Printf("n=%d shuffle %v greedy %v repair %v validate %v; %+v tries/q %.3f\n",
		n, pt.Shuffle, pt.Greedy, pt.Repair, pt.Validate, pt.Stats, float64(pt.Stats.Tries)/float64(n))
}
