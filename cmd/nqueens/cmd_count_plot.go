package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/nqueens/nqueens"
	"github.com/nqueens/nqueens/cmd/nqueens/internal/plot"
)

// defaultAllBudget is the -budget of -method all when none is given.
const defaultAllBudget = 10 * time.Second

// checkRangeFlags refuses -plot, -method all and -budget without a
// range, an empty or unwritable -plot file or one that is neither .svg
// nor .png, and a budget that is not positive.
func checkRangeFlags(lo, hi int, all, plotSet bool, path string, budgetSet bool, budget time.Duration) error {
	if plotSet {
		if path == "" {
			return usagef("-plot: empty file name")
		}
		if _, err := plot.FormatOf(path); err != nil {
			return usagef("-plot %v", err)
		}
	}
	if budgetSet && budget <= 0 {
		return usagef("-budget %v: must be positive", budget)
	}
	if lo == hi {
		switch {
		case plotSet:
			return usagef("-plot draws a range A-B, not one N")
		case all:
			return usagef("-method all compares the methods over a range A-B, not one N")
		case budgetSet:
			return usagef("-budget is for a range A-B, not one N")
		}
	}
	return checkWritable("-plot", path)
}

// writePlot writes the chart after each row; tests replace it to see
// the data the chart is drawn from.
var writePlot = plot.WriteFile

// A growthChart is the chart of -plot: the rows of the range so far,
// written to path after each one. A nil *growthChart (no -plot) does
// nothing.
type growthChart struct {
	path  string
	chart plot.Chart
}

// newGrowthChart returns the chart of a range for -plot path, titled
// with the flags that shape it, or nil when path is "".
func newGrowthChart(path string, lo, hi int, method string, budget time.Duration, totalOnly bool) *growthChart {
	if path == "" {
		return nil
	}
	title := fmt.Sprintf("nqueens count %d-%d", lo, hi)
	if m := strings.ToLower(method); m != "auto" {
		title += " -method " + m
	}
	if budget > 0 {
		title += " -budget " + budget.String()
	}
	if totalOnly {
		title += " -total-only"
	}
	return &growthChart{path: path, chart: plot.Chart{Title: title}}
}

// add draws the row of n and rewrites the file.
func (g *growthChart) add(n int, res nqueens.Result, totalOnly bool) error {
	if g == nil {
		return nil
	}
	g.chart.Add(plotRow(n, res, totalOnly))
	return writePlot(g.path, &g.chart)
}

// plotRow is the row of the chart of a count: what the table prints,
// with a zero for a dash (no unique count, the quadrant join's nodes).
func plotRow(n int, res nqueens.Result, totalOnly bool) plot.Row {
	r := plot.Row{Method: string(res.Method), N: n, Nodes: res.Nodes, Seconds: res.Elapsed.Seconds()}
	r.Solutions, _ = res.Solutions.Uint64() // up to 1.8e19: beyond any N one can count
	if showUnique(res, totalOnly) {
		r.Unique, _ = res.Unique.Uint64()
	}
	if res.Method == nqueens.Quadrant {
		r.Nodes = 0
	}
	return r
}

// A rangeBudget stops each method of a range before a row whose
// estimated time (nqueens.Estimate) would take the method's total past
// budget. A zero budget admits every row.
type rangeBudget struct {
	budget  time.Duration
	spent   map[nqueens.Method]time.Duration
	stopped map[nqueens.Method]bool
}

func newRangeBudget(budget time.Duration) *rangeBudget {
	return &rangeBudget{budget: budget, spent: map[nqueens.Method]time.Duration{}, stopped: map[nqueens.Method]bool{}}
}

// admit reports whether the count of n with opts fits the budget of
// its method. When it does not, the method stops (a note on stderr
// says why) and admit reports false from then on.
func (b *rangeBudget) admit(ctx context.Context, e *env, n int, opts nqueens.CountOptions) (bool, error) {
	m := opts.Method
	if b.budget == 0 {
		return true, nil
	}
	if b.stopped[m] {
		return false, nil
	}
	// The estimate's calibration costs at most a twentieth of the
	// budget, and far less for a short count (see EstimateOptions).
	eo := nqueens.EstimateOptions{Method: m, Workers: opts.Workers, MaxMemory: opts.MaxMemory,
		Budget: min(max(b.budget/20, quickBudget), nqueens.DefaultEstimateBudget)}
	est, err := nqueens.Estimate(ctx, n, eo)
	if err != nil {
		if errors.Is(err, nqueens.ErrMemory) {
			return false, usagef("-max-memory: %v", err)
		}
		return false, err
	}
	spent := b.spent[m]
	if spent.Seconds()+est.WallSeconds <= b.budget.Seconds() {
		return true, nil
	}
	b.stopped[m] = true
	fmt.Fprintf(e.stderr, "nqueens count: %s stops before N = %d, estimated at %s, past its -budget of %v (%s spent)\n",
		m, n, humanSeconds(est.WallSeconds), b.budget, humanSeconds(spent.Seconds()))
	return false, nil
}

// spend adds the time of a count of method m.
func (b *rangeBudget) spend(m nqueens.Method, d time.Duration) { b.spent[m] += d }

// allStopped reports whether every method of ms has stopped.
func (b *rangeBudget) allStopped(ms []nqueens.Method) bool {
	for _, m := range ms {
		if !b.stopped[m] {
			return false
		}
	}
	return true
}
