package main

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/nqueens/nqueens"
)

var countCmd = &command{
	name:    "count",
	args:    "N | A-B [flags]",
	summary: "count the solutions (A000170) and unique solutions (A002562)",
	help: `Counts every solution of the N-Queens problem on an N×N board, and the
solutions that are different up to rotations and reflections. A range A-B
prints a table, one row per N as it finishes, with each row's time and its
growth over the row before.

Examples:
  nqueens count 8                 8-queens: 92 solutions, 12 unique
  nqueens count 14 -v             also nodes (queens placed) and time
  nqueens count 1-15              a table for N = 1..15
  nqueens count 12 --json         one JSON object
  nqueens count 10 --method permutation`,
}

func init() {
	countCmd.run = runCount
	register(countCmd)
}

type countJSON struct {
	N         int             `json:"n"`
	Solutions nqueens.Uint128 `json:"solutions"`
	Unique    nqueens.Uint128 `json:"unique"`
	Nodes     uint64          `json:"nodes"`
	Seconds   float64         `json:"seconds"`
	Method    nqueens.Method  `json:"method"`
}

func runCount(ctx context.Context, e *env, args []string) error {
	fs := newFlags(countCmd, e)
	asJSON := fs.Bool("json", false, "print JSON (one object per N)")
	verbose := fs.Bool("v", false, "also print nodes visited and time")
	workers := fs.Int("workers", 0, "goroutines to count with (0 = one per core)")
	method := fs.String("method", "bitboard", "algorithm: bitboard, arrays, board or permutation")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one board size N or a range A-B, got %d arguments", len(pos))
	}
	lo, hi, err := parseRange(pos[0], nqueens.MaxN)
	if err != nil {
		return err
	}
	m, err := parseMethod(*method)
	if err != nil {
		return err
	}
	if *workers < 0 {
		return usagef("--workers = %d: must be 0 (one per core) or more", *workers)
	}
	opts := nqueens.CountOptions{Workers: *workers, Method: m}
	table := lo != hi && !*asJSON
	if table {
		fmt.Fprintf(e.stdout, "%3s %20s %20s %16s %10s %7s\n", "N", "solutions", "unique", "nodes", "seconds", "growth")
	}
	var prev time.Duration
	for n := lo; n <= hi; n++ {
		res, err := nqueens.Count(ctx, n, opts)
		if err != nil {
			return err
		}
		switch {
		case *asJSON:
			b, _ := json.Marshal(countJSON{n, res.Solutions, res.Unique, res.Nodes, res.Elapsed.Seconds(), res.Method})
			fmt.Fprintf(e.stdout, "%s\n", b)
		case table:
			growth := "-"
			if prev >= time.Millisecond {
				growth = fmt.Sprintf("%.1f×", float64(res.Elapsed)/float64(prev))
			}
			fmt.Fprintf(e.stdout, "%3d %20s %20s %16s %10.3f %7s\n", n, group(res.Solutions.String()), group(res.Unique.String()), groupU(res.Nodes), res.Elapsed.Seconds(), growth)
			prev = res.Elapsed
		default:
			fmt.Fprintf(e.stdout, "%d-queens: %s solutions, %s unique\n", n, res.Solutions, res.Unique)
			if *verbose {
				rate := float64(res.Nodes) / max(res.Elapsed.Seconds(), 1e-9)
				fmt.Fprintf(e.stdout, "nodes %s, %.3f s, %.0f Mnodes/s, method %s\n", groupU(res.Nodes), res.Elapsed.Seconds(), rate/1e6, res.Method)
			}
		}
	}
	return nil
}
