package completion

import (
	"context"
	"flag"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"
)

var (
	table        = flag.String("table", "", "print the completion benchmark table for a family: diag, blocked or queens")
	tableN       = flag.String("table.n", "", "board sizes, comma-separated")
	tableK       = flag.String("table.k", "", "instance parameters K, comma-separated")
	tableSeeds   = flag.Int("table.seeds", 2, "seeds per (n, k)")
	tableTimeout = flag.Duration("table.timeout", time.Minute, "time limit per instance for the row-order baseline")
)

func ints(s string) []int {
	var out []int
	for _, f := range strings.Split(s, ",") {
		if v, err := strconv.Atoi(strings.TrimSpace(f)); err == nil {
			out = append(out, v)
		}
	}
	return out
}

// TestTable prints, for generated instances, the answer, nodes and time of
// First against the row-order baseline (rowOrderFirst), as a Markdown
// table. It runs only with -table; see docs/BENCHMARKS.md for the
// command lines.
func TestTable(t *testing.T) {
	if *table == "" {
		t.Skip("run with -table diag|blocked|queens")
	}
	gen := map[string]func(n, k int, seed uint64) (*Board, error){
		"diag": ExcludedDiagonals, "blocked": BlockedSquares, "queens": Preplaced,
	}[*table]
	if gen == nil {
		t.Fatalf("unknown family %q", *table)
	}
	fmt.Printf("| family | n | k | seed | answer | nodes | seconds | row-order nodes | row-order seconds | time ratio |\n")
	fmt.Printf("|---|---|---|---|---|---|---|---|---|---|\n")
	var sumOurs, sumBase time.Duration
	for _, n := range ints(*tableN) {
		for _, k := range ints(*tableK) {
			for seed := range uint64(*tableSeeds) {
				b, err := gen(n, k, seed)
				if err != nil {
					fmt.Printf("| %s | %d | %d | %d | %v |\n", *table, n, k, seed, err)
					continue
				}
				t0 := time.Now()
				sol, st, err := First(context.Background(), b)
				d := time.Since(t0)
				if err != nil {
					t.Fatal(err)
				}
				ctx, cancel := context.WithTimeout(context.Background(), *tableTimeout)
				t0 = time.Now()
				found, bn := rowOrderFirst(ctx, b)
				bd := time.Since(t0)
				timedOut := ctx.Err() != nil
				cancel()
				if !timedOut && found != (sol != nil) {
					t.Fatalf("n=%d k=%d seed=%d: solver says %v, baseline %v", n, k, seed, sol != nil, found)
				}
				ans := "no"
				if sol != nil {
					ans = "yes"
				}
				base := fmt.Sprintf("%.3f", bd.Seconds())
				ratio := fmt.Sprintf("%.1f×", bd.Seconds()/max(d.Seconds(), 1e-6))
				if bd < time.Millisecond {
					ratio = "–" // both too quick to compare
				}
				if timedOut {
					base = fmt.Sprintf("> %.0f (stopped)", tableTimeout.Seconds())
					ratio = "> " + ratio
				}
				fmt.Printf("| %s | %d | %d | %d | %s | %d | %.3f | %d | %s | %s |\n", *table, n, k, seed, ans, st.Nodes, d.Seconds(), bn, base, ratio)
				sumOurs += d
				sumBase += bd
			}
		}
	}
	fmt.Printf("\ntotal: %.2f s against %.2f s for the row-order baseline (%.1f× less time)\n", sumOurs.Seconds(), sumBase.Seconds(), sumBase.Seconds()/max(sumOurs.Seconds(), 1e-6))
}
