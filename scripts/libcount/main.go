// Command libcount counts Q(N) with the nqueens library alone: a Go
// program that embeds nqueens.Count, without the nqueens command's web
// server, terminal animation and charts, whose code the command maps
// into every run (about 9 MiB resident before any work; a program like
// this one starts at about 4). scripts/bench-join.sh times it beside the
// command, so that the join's own memory can be compared with Kluev's
// counter, a small C program.
//
//	go run ./scripts/libcount N bitboard|quadrant
//
// It prints "N-queens: Q solutions" (the total only) as `nqueens count
// N --total-only` does, counted as `nqueens count N --method M
// --total-only` counts it: with the kernel (bitboard, which auto picks
// below N = 18) or the join (quadrant), all cores, and the runtime's
// soft memory limit at the plan (CountOptions.SoftMemoryLimit).
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"syscall"

	"github.com/nqueens/nqueens"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Stdout, os.Stderr, os.Args[1:])
	stop()
	os.Exit(code)
}

func run(ctx context.Context, stdout, stderr io.Writer, args []string) int {
	if len(args) != 2 {
		fmt.Fprintln(stderr, "usage: libcount N bitboard|quadrant")
		return 2
	}
	n, err := strconv.Atoi(args[0])
	if err != nil {
		fmt.Fprintf(stderr, "libcount: N: not a number: %q\n", args[0])
		return 2
	}
	opts := nqueens.CountOptions{SoftMemoryLimit: true}
	switch args[1] {
	case "bitboard":
		opts.Method = nqueens.MethodKernel
	case "quadrant":
		opts.Method = nqueens.MethodJoin
	default:
		fmt.Fprintf(stderr, "libcount: unknown method %q (want bitboard or quadrant)\n", args[1])
		return 2
	}
	res, err := nqueens.Count(ctx, n, opts)
	if err != nil {
		fmt.Fprintln(stderr, "libcount:", err)
		return 2
	}
	fmt.Fprintf(stdout, "%d-queens: %s solutions\n", n, res.Solutions)
	return 0
}
