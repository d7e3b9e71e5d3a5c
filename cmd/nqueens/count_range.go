package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/nqueens/nqueens"
)

// countRange counts lo..hi (lo < hi) with opts, one N after another,
// printing each row as it finishes. The largest N decides whether the
// range may start (the estimate gate); -v or -max-memory check each N.
func countRange(ctx context.Context, e *env, lo, hi int, opts nqueens.CountOptions, f *countFlags) error {
	gate := f.gate(e)
	if f.auto {
		opts.Method = autoMethod(hi, opts)
	}
	quiet := gate
	quiet.verbose = false
	if _, err := quiet.check(ctx, hi, opts); err != nil {
		return err
	}
	method := opts.Method
	t := newRangeTable(e.stdout, f.json, false, f.totalOnly)
	for n := lo; n <= hi; n++ {
		if f.auto {
			opts.Method = autoMethod(n, opts)
		}
		if f.verbose || opts.MaxMemory != 0 {
			if _, err := gate.check(ctx, n, opts); err != nil {
				return err
			}
		}
		res, err := countRow(ctx, n, opts)
		if err != nil {
			return err
		}
		t.row(n, method, res)
	}
	return nil
}

// countRow counts one row of a range.
func countRow(ctx context.Context, n int, opts nqueens.CountOptions) (nqueens.Result, error) {
	res, err := nqueens.Count(ctx, n, opts)
	if errors.Is(err, nqueens.ErrMemory) {
		return res, usagef("-max-memory: %v", err)
	}
	if errors.Is(err, nqueens.ErrDevice) {
		return res, usagef("-%v", err)
	}
	return res, err
}

// A rangeTable prints the rows of a range as they finish: a table with
// the growth of each row's time over the previous row's of the same
// method, or one JSON object per row. The header comes with the first
// row, so that a range refused at its first count (a bad option the
// library finds) prints nothing on standard output.
type rangeTable struct {
	w                        io.Writer
	json, methods, totalOnly bool // methods: a column naming each row's method
	started                  bool // the header is written
	prev                     map[nqueens.Method]time.Duration
}

// newRangeTable returns the table; its header is written with its first row.
func newRangeTable(w io.Writer, json, methods, totalOnly bool) *rangeTable {
	return &rangeTable{w: w, json: json, methods: methods, totalOnly: totalOnly, prev: map[nqueens.Method]time.Duration{}}
}

// header writes the text table's header once.
func (t *rangeTable) header() {
	if t.json || t.started {
		return
	}
	t.started = true
	fmt.Fprintf(t.w, "%3s %20s %20s %16s %10s %7s", "N", "solutions", "unique", "nodes", "seconds", "growth")
	if t.methods {
		fmt.Fprintf(t.w, " %s", "method")
	}
	fmt.Fprintln(t.w)
}

// row prints the row of n counted by res for the method asked, m (auto
// is one method, whichever it picks: its growth runs on across the
// switch).
func (t *rangeTable) row(n int, m nqueens.Method, res nqueens.Result) {
	t.header()
	if t.json {
		b, _ := json.Marshal(newCountJSON(n, res, t.totalOnly))
		fmt.Fprintf(t.w, "%s\n", b)
		return
	}
	growth := "-"
	if prev := t.prev[m]; prev >= time.Millisecond {
		growth = fmt.Sprintf("%.1f×", float64(res.Elapsed)/float64(prev))
	}
	t.prev[m] = res.Elapsed
	uniq, nodes := group(res.Unique.String()), groupU(res.Nodes)
	if !showUnique(res, t.totalOnly) {
		uniq = "-"
	}
	if res.Method == nqueens.MethodJoin {
		nodes = "-"
	}
	fmt.Fprintf(t.w, "%3d %20s %20s %16s %10.3f %7s", n, group(res.Solutions.String()), uniq, nodes, res.Elapsed.Seconds(), growth)
	if t.methods {
		fmt.Fprintf(t.w, " %s", res.Method)
	}
	fmt.Fprintln(t.w)
}
