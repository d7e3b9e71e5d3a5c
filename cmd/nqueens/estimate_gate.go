package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"strings"
	"time"

	"github.com/nqueens/nqueens"
	"github.com/nqueens/nqueens/internal/bytesize"
)

// refuseAbove is the estimated wall time above which count refuses to
// start without -force (stated in the help).
const refuseAbove = time.Hour

// quickBudget bounds the calibration of the estimate that only decides
// whether a count may start (without -v): a count far from refuseAbove
// needs no better (one near it gets the full calibration). Measured on
// the shared 2-core machine, whole process, medians of interleaved runs
// of the binary before the estimate and after (load 3–4): count 12
// 6.9 / 6.8 ms and 9.7 / 9.2 ms (30 pairs each), count 16 +5 ms and
// +11 ms (10–16 pairs; noise ±10 ms), count 17 within the noise.
const quickBudget = 2 * time.Millisecond

// An estimateGate estimates a count before it starts: it refuses one
// estimated above refuseAbove unless force, one whose memory exceeds an
// explicit -max-memory, and with verbose prints the estimate on stderr.
type estimateGate struct {
	force, verbose, limitSet bool
	stderr                   io.Writer
}

// check estimates the planned count p (CountPlan.Estimate) and decides
// whether it may start; maxMemory is -max-memory's bound (0: none).
func (g estimateGate) check(ctx context.Context, p *nqueens.CountPlan, maxMemory uint64) (nqueens.CountEstimate, error) {
	if g.force && !g.verbose && !g.limitSet {
		return nqueens.CountEstimate{}, nil // nothing to decide or print
	}
	// Without -v a quick estimate decides, unless it comes near the
	// threshold or rests on little (see quickIsEnough): then the full
	// calibration does (for such counts, seconds or more, it costs a
	// few percent).
	budget := time.Duration(0)
	if !g.verbose {
		budget = quickBudget
	}
	est, err := p.Estimate(ctx, budget)
	if err == nil && !g.verbose && !g.force && !quickIsEnough(est) {
		est, err = p.Estimate(ctx, 0)
	}
	if err != nil {
		return est, countError(err)
	}
	if g.verbose {
		fmt.Fprintln(g.stderr, describeEstimate(est))
	}
	if g.limitSet && est.Method != nqueens.MethodJoin && est.Memory > maxMemory {
		return est, usagef("-max-memory: %v: n = %d needs %s with method %s, the limit is %s",
			nqueens.ErrMemory, p.N, bytesize.Need(est.Memory), est.Method, bytesize.Limit(maxMemory))
	}
	if !g.force && est.WallSeconds > refuseAbove.Seconds() {
		where := nouns(min(est.Workers, runtime.NumCPU()), "core")
		if est.Device == nqueens.DeviceGPU {
			where = nouns(est.Workers, "GPU")
		}
		return est, usagef("N = %d: about %s on %s here (estimated, method %s); -force to start anyway",
			p.N, humanSeconds(est.WallSeconds), where, est.Method)
	}
	return est, nil
}

// countError makes the errors of a count's plan, estimate or count
// that are the user's to fix bad usage of the flag that set them (exit
// 2); others pass.
func countError(err error) error {
	switch {
	case errors.Is(err, nqueens.ErrCheckpoint):
		return usagef("-checkpoint: %v", err)
	case errors.Is(err, nqueens.ErrMemory):
		return usagef("-max-memory: %v", err)
	case errors.Is(err, nqueens.ErrShard):
		return usagef("-shard %v", err)
	case errors.Is(err, nqueens.ErrDevice):
		return usagef("-%v", err)
	}
	return err
}

// quickIsEnough reports whether a quick estimate (quickBudget) may
// decide that a count starts: it must be far from refuseAbove (below a
// quarter of it) and rest on something. Not enough: an extrapolation
// from a smaller N, a single sample, or the kernel's probes, whose few
// first samples may all be empty (an estimate near 0). The join's
// pieces (the join, Probes set: thinned row splits drawn by cost) are
// never empty, and its quick estimates err high: measured at N = 18 to
// 23 they were 1.05 to 5.5 times the time counted or fully calibrated,
// never less. Trusting them saves the full calibration's twentieth of
// the count.
func quickIsEnough(e nqueens.CountEstimate) bool {
	if e.WallSeconds > refuseAbove.Seconds()/4 || e.From != e.N || e.Samples < 2 {
		return false
	}
	return !e.Probes || e.Method == nqueens.MethodJoin
}

// describeEstimate is the -v line of an estimate.
func describeEstimate(e nqueens.CountEstimate) string {
	var b strings.Builder
	fmt.Fprintf(&b, "estimated %s", humanSeconds(e.WallSeconds))
	if !math.IsNaN(e.Spread) && e.From == e.N && e.Samples > 1 {
		fmt.Fprintf(&b, " (±%.0f%%)", 100*e.Spread)
	}
	if e.Device == nqueens.DeviceGPU {
		fmt.Fprintf(&b, " on %s, %s of GPU time", gpusOf(e), humanSeconds(e.CPUSeconds))
	} else {
		fmt.Fprintf(&b, " on %s, %s of CPU", nouns(e.Workers, "worker"), humanSeconds(e.CPUSeconds))
	}
	if e.Memory >= 1<<20 {
		fmt.Fprintf(&b, ", %s of memory", bytesize.Need(e.Memory))
	}
	switch {
	case e.Method != nqueens.MethodKernel && e.Method != nqueens.MethodJoin:
		if e.From == e.N {
			fmt.Fprintf(&b, ", measured by counting N = 5..%d", e.N)
		} else {
			fmt.Fprintf(&b, ", extrapolated from counting N = 5..%d", e.From)
		}
	case e.From != e.N:
		fmt.Fprintf(&b, ", extrapolated from %s at N = %d", nouns(e.Samples, "sampled unit"), e.From)
	case e.Probes:
		fmt.Fprintf(&b, ", from %s into sampled units", nouns(e.Samples, "probe"))
	default:
		fmt.Fprintf(&b, ", from %s", nouns(e.Samples, "sampled unit"))
	}
	fmt.Fprintf(&b, " in %s", humanSeconds(e.Calibration.Seconds()))
	return b.String()
}
