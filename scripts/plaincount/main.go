// Command plaincount counts the solutions of the N-Queens problem with
// the kernel's plain bitboard baseline (one thread, no symmetry), for
// scripts/bench.sh. It prints "N solutions nodes seconds".
package main

import (
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/nqueens/nqueens/internal/kernel"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: plaincount N")
		os.Exit(2)
	}
	n, err := strconv.Atoi(os.Args[1])
	if err != nil || n < 0 || n > kernel.MaxN {
		fmt.Fprintf(os.Stderr, "plaincount: bad N %q\n", os.Args[1])
		os.Exit(2)
	}
	start := time.Now()
	sols, nodes := kernel.Plain(n)
	fmt.Printf("%d %d %d %.3f\n", n, sols, nodes, time.Since(start).Seconds())
}
