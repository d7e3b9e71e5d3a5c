// Command libcount counts Q(N) with the nqueens library alone: a Go
// program that embeds nqueens.Count, without the nqueens command's web
// server, terminal animation and charts, whose code the command maps
// into every run (about 9 MiB resident before any work; a program like
// this one starts at about 4). scripts/bench-join.sh times it beside the
// command, so that the join's own memory can be compared with Kluev's
// counter, a small C program.
//
//	go run ./scripts/libcount N [METHOD]
//
// METHOD is a name `nqueens count -method` takes, meaning the same
// (nqueens.ParseMethod): auto (the default), kernel, join, or a
// tutorial's search (bitboard, arrays, matrix, permutation). It prints
// "N-queens: Q solutions" (the total only), counted as `nqueens count N
// -method METHOD -total-only` counts it (for auto, kernel and join; a
// tutorial's search counts as `nqueens count N -method METHOD`), on all
// cores, with the runtime's soft memory limit at the plan
// (CountOptions.SoftMemoryLimit).
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
	if len(args) < 1 || len(args) > 2 {
		fmt.Fprintln(stderr, "usage: libcount N [METHOD]")
		return 2
	}
	n, err := strconv.Atoi(args[0])
	if err != nil {
		fmt.Fprintf(stderr, "libcount: N: not a number: %q\n", args[0])
		return 2
	}
	opts := nqueens.CountOptions{SoftMemoryLimit: true}
	if len(args) == 2 {
		if opts.Method, err = nqueens.ParseMethod(args[1]); err != nil {
			fmt.Fprintln(stderr, "libcount:", err)
			return 2
		}
	}
	switch opts.Method {
	case nqueens.MethodAuto, nqueens.MethodKernel, nqueens.MethodJoin:
		opts.TotalOnly = true // as nqueens count -total-only
	}
	res, err := nqueens.Count(ctx, n, opts)
	if err != nil {
		fmt.Fprintln(stderr, "libcount:", err)
		return 2
	}
	fmt.Fprintf(stdout, "%d-queens: %s solutions (method %s)\n", n, res.Solutions, res.Method)
	return 0
}
