package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/nqueens/nqueens"
)

// solveTrial is how long solve -limit K searches, streaming what it
// finds, before it refuses (without -force) a search whose whole is
// estimated above refuseAbove: the time to the K-th solution cannot be
// told ahead (nqueens.EstimateSolve).
const solveTrial = 2 * time.Second

// overHour reports whether the search estimated by e is refused without
// -force: timed and estimated above refuseAbove, count's threshold.
func overHour(e nqueens.SearchEstimate) bool {
	return e.Timed && e.Seconds > refuseAbove.Seconds()
}

// describeSearch is the -stats line of a search estimate; what names
// what the search finds ("solutions", "completions").
func describeSearch(e nqueens.SearchEstimate, what string) string {
	if e.Exact {
		return fmt.Sprintf("estimate: measured whole in its trial, %s nodes and %s %s in %s",
			about(e.Nodes), about(e.Solutions), what, humanSeconds(e.Seconds))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "estimate: %s nodes", about(e.Nodes))
	if e.Spread > 0 {
		fmt.Fprintf(&b, " (±%.0f%%)", 100*e.Spread)
	}
	if e.Known {
		fmt.Fprintf(&b, ", from %s, and %s %s (known, not estimated)", nouns(e.Probes, "random descent"), about(e.Solutions), what)
	} else {
		fmt.Fprintf(&b, " and %s %s, from %s", about(e.Solutions), what, nouns(e.Probes, "random descent"))
	}
	if !e.Timed {
		b.WriteString("; a small search, not timed")
		return b.String()
	}
	fmt.Fprintf(&b, "; %s a node in a trial of the search: %s here", perNode(e.NodeSeconds), humanSeconds(e.Seconds))
	return b.String()
}

// about writes an estimated count: whole with separators below a
// million ("40,320"), else with two significant digits ("3.6·10^11").
func about(x float64) string {
	if x < 1e6 {
		return group(strconv.FormatFloat(math.Round(x), 'f', 0, 64))
	}
	e := int(math.Floor(math.Log10(x)))
	m := x / math.Pow(10, float64(e))
	if math.Round(m*10)/10 >= 10 {
		m, e = m/10, e+1
	}
	return fmt.Sprintf("%.1f·10^%d", m, e)
}

// perNode writes the time of one node: "12 ns", "1.5 µs".
func perNode(s float64) string {
	switch {
	case s < 1e-6:
		return fmt.Sprintf("%.0f ns", s*1e9)
	case s < 1e-3:
		return fmt.Sprintf("%.1f µs", s*1e6)
	}
	return humanSeconds(s)
}

// solveRefusal is the error of solve n (every solution) estimated above
// refuseAbove.
func solveRefusal(n int, e nqueens.SearchEstimate) error {
	return usagef("N = %d: %s solutions to list, about %s here (estimated: %s nodes); 'nqueens count %d' counts them, -limit K lists the first K, 'nqueens find %d' prints one; -force to list them all anyway",
		n, about(e.Solutions), humanSeconds(e.Seconds), about(e.Nodes), n, n)
}

// trialRefusal is the error of solve n -limit k that found found
// solutions and searched nodes in its trial without reaching k; e is
// the estimate of the whole search.
func trialRefusal(n, k, found int, nodes uint64, e nqueens.SearchEstimate) error {
	got := "no solution"
	if found > 0 {
		got = fmt.Sprintf("%d of %d solutions", found, k)
	}
	return usagef("N = %d -limit %d: %s in a trial of %s (%s nodes searched); the time to the %s cannot be told ahead and the whole search is estimated at %s; 'nqueens find %d' prints one solution at once; -force to search on",
		n, k, got, humanSeconds(solveTrial.Seconds()), groupU(nodes), ordinal(k), humanSeconds(e.Seconds), n)
}

// ordinal writes "first solution" or "K-th solution".
func ordinal(k int) string {
	if k == 1 {
		return "first solution"
	}
	return fmt.Sprintf("%d-th solution", k)
}

// completeRefusal is the error of complete -count of b estimated above
// refuseAbove, naming count N for an empty board.
func completeRefusal(b *nqueens.Puzzle, e nqueens.SearchEstimate) error {
	route := "without -count complete stops at the first completion"
	if len(b.Queens) == 0 && len(b.Blocked) == 0 {
		route = fmt.Sprintf("the board is empty: 'nqueens count %d' counts its completions, the solutions of N = %d, far faster", b.N, b.N)
	}
	spread := ""
	if e.Spread > 0 {
		spread = fmt.Sprintf(" ±%.0f%%", 100*e.Spread)
	}
	return usagef("-count: %s completions, about %s here (estimated: %s nodes%s at %s a node); %s; -force to count anyway",
		about(e.Solutions), humanSeconds(e.Seconds), about(e.Nodes), spread, perNode(e.NodeSeconds), route)
}
