package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/nqueens/nqueens"
	"github.com/nqueens/nqueens/cmd/nqueens/internal/plot"
)

var compareCmd = &command{
	name:    "compare",
	run:     runCompare,
	args:    "A-B [flags]",
	summary: "count a range with the methods side by side, within a budget, and chart it",
	help: `Counts N = A..B with each method in turn (the tutorials' bitboard, arrays,
matrix and permutation by default), so that the methods advance together,
and prints a row per N and method as it finishes: its solutions, unique
solutions, nodes, time and the growth of the time over the method's
previous row. Before each row it estimates the row's time on this machine
(nqueens.CountPlan.Estimate, a twentieth of the budget at most) and stops a method
before a row that would take its total past -budget (10s by default),
saying so on stderr; the other methods go on.

-method counts one method alone (auto, kernel, join, bitboard,
arrays, board or permutation), as count does, within the budget. -plot draws the rows
as log-scale lines of solutions, nodes and time per N, one line per
method, redrawn as each row finishes (.svg or .png, by the extension).

Examples:
  nqueens compare 4-15                        the four tutorials' methods, 10s each
  nqueens compare 4-15 -budget 3s -plot growth.svg
  nqueens compare 1-18 -method auto -budget 1m -plot growth.png
  nqueens compare 8-14 -format json           one JSON object per row`,
}

// defaultBudget is compare's -budget when none is given.
const defaultBudget = 10 * time.Second

// compareFlags are compare's flags.
type compareFlags struct {
	format, method, plot, maxMem string
	budget                       time.Duration
	totalOnly, verbose           bool
	workers                      int
}

func (f *compareFlags) define(fs *flagSet) {
	fs.formatVar(&f.format, "text", "output `FORMAT`: text or json (one object per row)")
	fs.StringVar(&f.method, "method", "all", "method `NAME`: all (the tutorials' four), auto, kernel, join, bitboard, arrays, matrix or permutation")
	fs.DurationVar(&f.budget, "budget", defaultBudget, "stop each method before its total time passes `D`")
	fs.StringVar(&f.plot, "plot", "", "draw the rows as log-scale lines in `FILE` (.svg or .png)")
	fs.BoolVar(&f.totalOnly, "total-only", false, "count the total alone (-method auto, kernel or join)")
	fs.BoolVar(&f.verbose, "v", false, "also print each row's estimate on stderr")
	fs.IntVar(&f.workers, "workers", 0, "count on `W` goroutines (0 = one per core)")
	fs.StringVar(&f.maxMem, "max-memory", "", "memory bound `SIZE`, e.g. 512M or 4G")
}

// methods checks the flags and returns the methods to compare (the
// zero Method for auto) and the options every count shares.
func (f *compareFlags) methods(fs *flagSet) ([]nqueens.Method, nqueens.CountOptions, error) {
	opts := nqueens.CountOptions{Workers: f.workers, TotalOnly: f.totalOnly, SoftMemoryLimit: true}
	if err := checkFormat(f.format, "text", "json"); err != nil {
		return nil, opts, err
	}
	methods := nqueens.SearchMethods
	switch m := strings.ToLower(f.method); m {
	case "all":
		if f.totalOnly {
			return nil, opts, usagef("-total-only goes with -method auto, kernel or join")
		}
	case "auto":
		methods = []nqueens.Method{""}
	default:
		pm, err := parseMethod(m)
		if err != nil {
			return nil, opts, err
		}
		if f.totalOnly && pm != nqueens.MethodJoin && pm != nqueens.MethodKernel {
			return nil, opts, usagef("-total-only goes with -method auto, kernel or join")
		}
		methods = []nqueens.Method{pm}
	}
	if f.budget <= 0 {
		return nil, opts, usagef("-budget %v: must be positive", f.budget)
	}
	if flagsSet(fs)["plot"] {
		if f.plot == "" {
			return nil, opts, usagef("-plot: empty file name")
		}
		if _, err := plot.FormatOf(f.plot); err != nil {
			return nil, opts, usagef("-plot %v", err)
		}
		if err := checkWritable("-plot", f.plot); err != nil {
			return nil, opts, err
		}
	}
	var err error
	if f.maxMem != "" {
		if opts.MaxMemory, err = parseBytes(f.maxMem); err != nil {
			return nil, opts, usagef("-max-memory: %v", err)
		}
	}
	return methods, opts, nil
}

func runCompare(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e)
	var f compareFlags
	f.define(fs)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one range A-B, got %d arguments", len(pos))
	}
	lo, hi, err := parseRange(pos[0], nqueens.MaxN)
	if err != nil {
		return err
	}
	if lo == hi {
		return usagef("want a range A-B, not one N: 'nqueens count %d' counts one", lo)
	}
	methods, opts, err := f.methods(fs)
	if err != nil {
		return err
	}
	// The budget decides where each method stops; the gate checks an
	// explicit -max-memory and prints -v's estimates.
	gate := estimateGate{force: true, verbose: f.verbose, limitSet: f.maxMem != "", stderr: e.stderr}
	t := newRangeTable(e.stdout, f.format == "json", len(methods) > 1, f.totalOnly)
	chart := newGrowthChart(f.plot, lo, hi, f.method, flagsSet(fs)["budget"], f.budget, f.totalOnly)
	rb := newRangeBudget(f.budget)
	// Each N with every method in turn, so that the methods advance
	// together (on the chart too).
	for i := 0; i < (hi-lo+1)*len(methods) && !rb.allStopped(methods); i++ {
		n, m := lo+i/len(methods), methods[i%len(methods)]
		opts.Method = m // auto: the plan chooses
		p, err := nqueens.Plan(ctx, n, opts)
		if err != nil {
			return countError(err)
		}
		if f.verbose || opts.MaxMemory != 0 {
			if _, err := gate.check(ctx, p, opts.MaxMemory); err != nil {
				return err
			}
		}
		if ok, err := rb.admit(ctx, e, m, p); !ok {
			if err != nil {
				return err
			}
			continue
		}
		res, err := p.Count(ctx)
		if err != nil {
			return countError(err)
		}
		rb.spend(m, res.Elapsed)
		if err := chart.add(n, res, f.totalOnly); err != nil {
			return err
		}
		t.row(n, m, res)
	}
	return nil
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
func newGrowthChart(path string, lo, hi int, method string, budgetSet bool, budget time.Duration, totalOnly bool) *growthChart {
	if path == "" {
		return nil
	}
	title := fmt.Sprintf("nqueens compare %d-%d", lo, hi)
	if m := strings.ToLower(method); m != "all" {
		title += " -method " + m
	}
	if budgetSet {
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
	if res.Method == nqueens.MethodJoin {
		r.Nodes = 0
	}
	return r
}

// A rangeBudget stops each method of a range before a row whose
// estimated time (nqueens.CountPlan.Estimate) would take the method's total past
// budget.
type rangeBudget struct {
	budget  time.Duration
	spent   map[nqueens.Method]time.Duration
	stopped map[nqueens.Method]bool
}

func newRangeBudget(budget time.Duration) *rangeBudget {
	return &rangeBudget{budget: budget, spent: map[nqueens.Method]time.Duration{}, stopped: map[nqueens.Method]bool{}}
}

// admit reports whether the planned count p fits the budget of the
// method asked, m (auto is one method, whichever it picks). When it
// does not, the method stops (a note on stderr says why) and admit
// reports false from then on.
func (b *rangeBudget) admit(ctx context.Context, e *env, m nqueens.Method, p *nqueens.CountPlan) (bool, error) {
	if b.stopped[m] {
		return false, nil
	}
	// The estimate's calibration costs at most a twentieth of the
	// budget, and far less for a short count.
	est, err := p.Estimate(ctx, min(max(b.budget/20, quickBudget), time.Second))
	if err != nil {
		return false, countError(err)
	}
	spent := b.spent[m]
	if spent.Seconds()+est.WallSeconds <= b.budget.Seconds() {
		return true, nil
	}
	b.stopped[m] = true
	name := string(m)
	if m == "" {
		name = "auto"
	}
	fmt.Fprintf(e.stderr, "nqueens compare: %s stops before N = %d, estimated at %s, past its -budget of %v (%s spent)\n",
		name, p.N, humanSeconds(est.WallSeconds), b.budget, humanSeconds(spent.Seconds()))
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
