package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"sort"
	"time"

	"github.com/nqueens/nqueens"
	"github.com/nqueens/nqueens/internal/bytesize"
)

var planCmd = &command{
	name:    "plan",
	run:     runPlan,
	args:    "N [flags]",
	summary: "what a sharded count of N would cost, without counting",
	help: `Prints what 'nqueens count N -shard I/M' would cost for each of M
shards, without counting: its work units (as the count assigns them),
its planned memory, and its estimated CPU time, from a short calibration
on this machine (about -time, 1 s by default; the header states the sample size
and the spread, unknown for one sample). Then the totals: CPU hours in
all, and the wall time of all shards here, one after another, each on
the workers it plans (at most the cores; a join shard may plan fewer
within its memory bound, which the line says). Past N = 25 the join
prepares for seconds to minutes (a counting walk of the quadrant, the
units' prices), which a line on standard error announces; a signal
stops it within a second.

The kernel's estimate times a sample of the plan's units (N ≤ 18) or
probes into them; a shard's CPU time is the sum of its units'. The
quadrant join is timed at N itself: pieces of its units (one row split
each) are drawn by a cost proxy, their half lists built by streaming (no
quadrant table) and joined, timed by the thread's CPU clock; a shard's
CPU time is its units' proxies times the seconds per proxy sampled in
their layer; where a shard builds no projected tables (the default,
see count -h), it streams its row sets and the pieces' walks are timed
with them (measured at N = 20: a shard streaming every unit takes 1.4
times the CPU of the whole count). From N = 24 a piece takes up to a
second or two, so a calibration of 1 s holds a few pieces: give -time
1m or more past N = 25 for a spread worth quoting. Memory of a join shard is what its count plans, within 2G by default
(see count -h): every shard of the join from one counting walk of its
quadrant, about a second at N = 22 and a few at N = 24. For the join a
line says how many workers the shards plan, whether they build projected
tables or stream their rows, and the whole count's planned peak;
-format json has each shard's figures in bytes.

-shards M takes at most the plan's units (R × units with -replicas R);
more is refused. -max-memory bounds each shard: 2G for the join and 16G
for the kernel by default.

-method is auto (what count -shard picks without -total-only: the kernel),
kernel, or join. Above 16 shards the table is summed up as min, median
and max per shard; -v prints it whole.

-device gpu prices the kernel's count on the NVIDIA GPUs present: units
drawn at random are counted on the first GPU, through the count's own
device path, for about -time (and until one is finished), and their GPU
seconds per unit of cost price every unit. The table gives each shard's
GPU time, the totals GPU-hours (the device's wall time times the number
of GPUs) and the wall time on the GPUs present; a line names the GPU
timed, its memory and the driver. No driver or no GPU: one line, exit 2.
-device auto (the default) prices on the device count -device auto
would pick (see count -h), cpu on the CPU.

Examples:
  nqueens plan 20 -shards 16               16 shards of the kernel
  nqueens plan 27 -method join -shards 4000 -time 2m
  nqueens plan 22 -method join -shards 16
  nqueens plan 27 -shards 1000 -replicas 2
  nqueens plan 20 -shards 64 -format json  one JSON object, every shard
  nqueens plan 27 -device gpu -shards 1000 -time 1m   in GPU-hours`,
}

// planTableMax is the number of shards up to which plan prints every
// shard without -v.
const planTableMax = 16

// A shardPlan is one shard's line of a plan.
type shardPlan struct {
	Shard      string  `json:"shard"`
	Units      int     `json:"units"`
	CPUSeconds float64 `json:"cpu_seconds"`
	GPUSeconds float64 `json:"gpu_seconds,omitempty"` // -device gpu: one GPU's seconds (cpu_seconds 0)
	Memory     uint64  `json:"memory"`
	// The join's plan: the goroutines the shard counts with, and
	// whether it builds projected tables (else it streams its rows).
	Workers   int  `json:"workers,omitempty"`
	Projected bool `json:"projected_tables,omitempty"`
}

type planJSON struct {
	N            int            `json:"n"`
	Method       nqueens.Method `json:"method"`
	Units        int            `json:"units"`
	Shards       int            `json:"shards"`
	Replicas     int            `json:"replicas"`
	Samples      int            `json:"samples"`
	Probes       bool           `json:"probes,omitempty"`
	Spread       *float64       `json:"spread,omitempty"` // nil: extrapolated
	From         int            `json:"from"`
	Calibration  float64        `json:"calibration_seconds"`
	EvenSplit    bool           `json:"even_split,omitempty"`      // CPU shared evenly, not by units
	Estimated    bool           `json:"units_estimated,omitempty"` // units estimated (the kernel above N = 32)
	CPUSeconds   float64        `json:"cpu_seconds"`
	CPUHours     float64        `json:"cpu_hours"`
	Device       nqueens.Device `json:"device,omitempty"`      // "gpu": priced on the GPUs present
	GPUs         int            `json:"gpus,omitempty"`        // -device gpu: the GPUs present
	GPUSeconds   float64        `json:"gpu_seconds,omitempty"` // -device gpu: GPU-seconds (cpu_seconds 0)
	GPUHours     float64        `json:"gpu_hours,omitempty"`
	Cores        int            `json:"cores"`
	WallSeconds  float64        `json:"wall_seconds"`
	PlanDuration float64        `json:"plan_seconds"`
	WholeMemory  uint64         `json:"whole_memory,omitempty"` // the join: the planned peak of the whole count
	PerShard     []shardPlan    `json:"per_shard"`
	// memoryBound: the join's shards plan fewer workers than the
	// cores (and -workers) for their memory, which the text says.
	memoryBound bool
}

func runPlan(ctx context.Context, e *env, args []string) error {
	t0 := time.Now()
	fs := newFlags(e)
	method := fs.String("method", "auto", "method `NAME`: auto, kernel or join")
	shards := fs.Int("shards", 1, "plan `M` shards")
	replicas := fs.Int("replicas", 1, "count each unit in `R` different shards (1..M)")
	workers := fs.Int("workers", 0, "each shard counts on `W` goroutines (0 = one per core)")
	maxMem := fs.String("max-memory", "", "memory bound `SIZE` of a shard, e.g. 512M or 4G")
	format := fs.formatFlag("text", "output `FORMAT`: text or json (one object, every shard included)")
	verbose := fs.Bool("v", false, "print every shard, also above 16")
	calib := fs.Duration("time", time.Second, "calibrate for about `D`, e.g. 1m: more samples, a smaller spread")
	devName := fs.String("device", "auto", "price the count on `DEVICE`: auto (as count picks), cpu or gpu (GPU-hours)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	n, err := oneN(pos, nqueens.MaxN)
	if err != nil {
		return err
	}
	if err := checkFormat(*format, "text", "json"); err != nil {
		return err
	}
	m, err := planMethod(*method)
	if err != nil {
		return err
	}
	dev, err := planDevice(*devName, m, n)
	if err != nil {
		return err
	}
	if n < 4 {
		return usagef("N = %d has no work units to plan (N ≥ 4)", n)
	}
	if *shards < 1 {
		return usagef("-shards = %d: M must be at least 1", *shards)
	}
	sh, err := nqueens.Shard{Count: *shards}.WithReplicas(*replicas)
	if err != nil {
		return usagef("-replicas: %v", err)
	}
	if *calib <= 0 {
		return usagef("-time %v: want a positive duration, e.g. 1m", *calib)
	}
	var limit uint64
	if *maxMem != "" {
		if limit, err = parseBytes(*maxMem); err != nil {
			return usagef("-max-memory: %v", err)
		}
	}

	note := preparing(n, m)
	if note != "" {
		fmt.Fprintf(e.stderr, "nqueens plan: %s\n", note)
	}
	t1 := time.Now()
	// The whole count's plan (past MaxJoinN, where the join
	// counts by shards only, the plan of all units as one shard),
	// and from it every shard's.
	opts := nqueens.CountOptions{Method: m, Workers: *workers, MaxMemory: limit, Device: dev}
	if m == nqueens.MethodJoin && n > nqueens.MaxJoinN {
		opts.Shard = nqueens.Shard{Count: 1}
	}
	cp, plans, err := planUnits(ctx, n, opts, sh)
	if err != nil {
		return shardsError(err)
	}
	if note != "" {
		fmt.Fprintf(e.stderr, "nqueens plan: shards planned in %s; calibrating (the units priced again, then pieces for about %v)\n", humanSeconds(time.Since(t1).Seconds()), *calib)
	}
	ep := cp
	if m == nqueens.MethodJoin && opts.Shard == (nqueens.Shard{}) && slices.ContainsFunc(plans, func(p nqueens.CountPlan) bool { return !p.Projected }) {
		// A shard without projected tables streams its row sets,
		// and their walks are part of its CPU time, which Estimate
		// counts for a shard (here all units as one shard, which
		// streams as well). Where some shards build tables and
		// others stream (near a -max-memory), the walks are counted
		// for all: an overestimate of those with tables.
		opts.Shard = nqueens.Shard{Count: 1}
		if ep, err = nqueens.Plan(ctx, n, opts); err != nil {
			return shardsError(err)
		}
	}
	est, err := ep.Estimate(ctx, *calib)
	if err != nil {
		return countError(err)
	}
	if plans == nil && m == nqueens.MethodKernel {
		// The kernel above N = 32: its shards share the units the
		// estimate estimated.
		if plans, err = cp.Shards(ctx, sh); err != nil {
			return shardsError(err)
		}
	}
	per, units, even, estimated := planShards(m, sh, est, plans)
	r := max(sh.Replicas, 1)
	var cpu float64
	for _, s := range per {
		cpu += s.CPUSeconds
	}
	cores, wall := planWall(per, plans, est, runtime.NumCPU())
	if est.Device == nqueens.DeviceGPU {
		cores, wall = est.Workers, est.PlanSeconds+cpu/float64(max(est.Workers, 1))
	}
	j := planJSON{N: n, Method: est.Method, Units: units, Shards: sh.Count, Replicas: r,
		Samples: est.Samples, Probes: est.Probes, From: est.From, Calibration: est.Calibration.Seconds(),
		EvenSplit: even, CPUSeconds: cpu, CPUHours: cpu / 3600, Cores: cores,
		WallSeconds: wall, PerShard: per,
		Estimated: estimated}
	j.Spread = planSpread(est.Spread, est.Samples)
	if est.Device == nqueens.DeviceGPU {
		gpuPlan(&j)
	}
	if m == nqueens.MethodJoin {
		j.WholeMemory = plans[0].Whole
		want := runtime.NumCPU()
		if *workers > 0 {
			want = min(want, *workers)
		}
		j.memoryBound = cores < want && slices.ContainsFunc(plans, func(p nqueens.CountPlan) bool { return p.Units > cores })
	}
	j.PlanDuration = time.Since(t0).Seconds()
	if *format == "json" {
		b, err := json.Marshal(j)
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "%s\n", b)
		return nil
	}
	printPlan(e.stdout, j, est, *verbose || sh.Count <= planTableMax)
	return nil
}

// planSpread is the plan's spread: none (nil) where it is unknown, an
// extrapolation (NaN) or a single sample, for the text ("spread
// unknown") and the JSON alike.
func planSpread(s float64, samples int) *float64 {
	if !math.IsNaN(s) && samples > 1 {
		return &s
	}
	return nil
}

// preparing returns the line that tells what a count or plan of n with
// method m does before it can print anything, or "" where that is
// short: past MaxJoinN the join walks the quadrant's placements to
// count them by bucket (h = n/2: seconds at N = 26, minutes at N = 28)
// and prices every unit. A signal stops it within a second.
func preparing(n int, m nqueens.Method) string {
	if m != nqueens.MethodJoin || n <= nqueens.MaxJoinN || n > nqueens.MaxJoinShardN {
		return "" // none to prepare, or the library refuses n
	}
	return fmt.Sprintf("preparing: a counting walk of the quadrant's placements (h = %d) and the units' prices, seconds at N = 26, minutes at N = 28…", n/2)
}

// planWall returns the cores the shards run on here, one after another,
// and their wall time: the estimate's preparation, then each shard's
// CPU time over its planned workers (shards: the join's memory plan
// may give a shard fewer workers than the cores, as at N = 25 and 28
// within 2 GiB), at most ncpu. Without the shards' plans (the kernel
// above N = 32) the estimate's workers.
func planWall(per []shardPlan, shards []nqueens.CountPlan, est nqueens.CountEstimate, ncpu int) (cores int, wall float64) {
	wall = est.PlanSeconds
	if len(shards) != len(per) {
		cores = max(1, min(est.Workers, ncpu))
		for _, s := range per {
			wall += s.CPUSeconds / float64(cores)
		}
		return cores, wall
	}
	for i, s := range per {
		c := max(1, min(shards[i].Workers, ncpu))
		cores = max(cores, c)
		wall += s.CPUSeconds / float64(c)
	}
	return cores, wall
}

// planMethod reads -method of plan: auto is what count -shard picks
// without -total-only, the kernel.
func planMethod(s string) (nqueens.Method, error) {
	m, err := parseMethod(s)
	if err != nil {
		return "", err
	}
	if m == nqueens.MethodAuto {
		m = nqueens.MethodKernel
	}
	if m != nqueens.MethodKernel && m != nqueens.MethodJoin {
		return "", usagef("-method %s: shards need auto, kernel or join", m)
	}
	return m, nil
}

// shardsError makes a shard count the plan cannot take (more shards
// than R × its units: nqueens.ErrShard) bad usage of -shards.
func shardsError(err error) error {
	if errors.Is(err, nqueens.ErrShard) {
		return usagef("-shards %v", err)
	}
	return countError(err)
}

// planUnits plans the count of n with opts (nqueens.Plan) and returns
// that plan and the plan of every shard of the split sh
// (CountPlan.Shards), or a usage error naming the first join shard over
// its limit. The shards' plans are nil for the kernel above N = 32,
// whose units are not listed.
func planUnits(ctx context.Context, n int, opts nqueens.CountOptions, sh nqueens.Shard) (*nqueens.CountPlan, []nqueens.CountPlan, error) {
	cp, err := nqueens.Plan(ctx, n, opts)
	if err != nil {
		return nil, nil, err
	}
	shards, err := cp.Shards(ctx, sh)
	if err != nil {
		if opts.Method == nqueens.MethodKernel && errors.Is(err, nqueens.ErrSize) {
			return cp, nil, nil
		}
		return nil, nil, err
	}
	if opts.Method != nqueens.MethodJoin {
		return cp, shards, nil
	}
	for _, p := range shards {
		if !p.Fits {
			of := fmt.Sprintf("shard %s of n = %d", p.Shard, n)
			if sh.Count == 1 {
				of = fmt.Sprintf("n = %d", n)
			}
			return nil, nil, joinRefusal(of, p)
		}
	}
	return cp, shards, nil
}

// planShards returns each shard's units, CPU time and memory, the units
// of the whole count, and whether the CPU time was shared evenly (the
// units' times are not known: the join above N = 19, the kernel above
// N = 32), and whether the units are estimated (the kernel's plan above
// N = 32 is not listed). Each shard's memory is what its count plans
// (shards: CountPlan.Shards; for the kernel above N = 32, from the
// units its estimate estimated).
func planShards(m nqueens.Method, sh nqueens.Shard, est nqueens.CountEstimate, shards []nqueens.CountPlan) (per []shardPlan, units int, even, estimated bool) {
	r := max(sh.Replicas, 1)
	var ids [][]int
	for _, p := range shards {
		if p.IDs != nil {
			ids = append(ids, p.IDs)
		}
	}
	// ids is nil for the kernel above N = 32: its plan is not listed.
	estimated = ids == nil
	units = est.Units
	if ids != nil {
		units = 0
		for _, s := range ids {
			units += len(s)
		}
		units /= r
	}
	even = est.UnitSeconds == nil
	// What the units' times leave out of the CPU time (the join's
	// projected tables, a few percent, or where shards stream one
	// walk of the quadrant for its bucket sizes, which each shard
	// makes: counted once) is shared by units.
	var sum float64
	for _, x := range est.UnitSeconds {
		sum += x
	}
	rest := 0.0
	if !even && units > 0 {
		rest = max(est.CPUSeconds-sum, 0) / float64(units)
	}
	per = make([]shardPlan, sh.Count)
	for i := range per {
		s := &per[i]
		s.Shard = fmt.Sprintf("%d/%d", i, sh.Count)
		if ids != nil {
			s.Units = len(ids[i])
		} else {
			s.Units = int(math.Round(float64(units*r) / float64(sh.Count)))
		}
		switch {
		case m == nqueens.MethodJoin:
			s.Memory, s.Workers, s.Projected = shards[i].Memory, shards[i].Workers, shards[i].Projected
		case shards != nil:
			s.Memory = shards[i].Memory
		}
		if even {
			s.CPUSeconds = est.CPUSeconds * float64(r) / float64(sh.Count)
			continue
		}
		for _, id := range ids[i] {
			s.CPUSeconds += est.UnitSeconds[id]
		}
		s.CPUSeconds += rest * float64(len(ids[i]))
	}
	return per, units, even, estimated
}

// printPlan writes the plan as text: the header, the shards (every one,
// or min, median and max), the totals.
func printPlan(w io.Writer, j planJSON, est nqueens.CountEstimate, table bool) {
	about := ""
	if j.Estimated {
		about = "about "
	}
	fmt.Fprintf(w, "N = %d, method %s: %s%s units in %s, each unit in %s\n",
		j.N, j.Method, about, group(fmt.Sprint(j.Units)), nouns(j.Shards, "shard"), nouns(j.Replicas, "shard"))
	sample := groupNouns(j.Samples, "sampled unit")
	if j.Probes {
		sample = groupNouns(j.Samples, "probe") + " into sampled units"
	}
	spread := "spread unknown"
	if j.Spread != nil {
		spread = fmt.Sprintf("spread ±%.1f%%", 100**j.Spread)
	}
	if j.From != j.N {
		fmt.Fprintf(w, "calibration: %s at N = %d in %s, extrapolated to N = %d (good to about a factor of 2; %s)\n",
			sample, j.From, humanSeconds(j.Calibration), j.N, spread)
	} else {
		fmt.Fprintf(w, "calibration: %s in %s, %s\n", sample, humanSeconds(j.Calibration), spread)
	}
	if j.WholeMemory > 0 || j.Method == nqueens.MethodJoin && j.N > nqueens.MaxJoinN {
		fmt.Fprintln(w, joinMemory(j))
	}
	if j.Device == nqueens.DeviceGPU && len(est.GPUs) > 0 {
		fmt.Fprintf(w, "%s (timed; %s present)\n", gpuLine(est.GPUs[0]), nouns(j.GPUs, "GPU"))
	}
	cpuNote := ""
	if j.EvenSplit {
		cpuNote = " (shared evenly)"
	}
	est1, secs := "est. CPU", func(s shardPlan) float64 { return s.CPUSeconds }
	if j.Device == nqueens.DeviceGPU {
		est1, secs = "est. GPU", func(s shardPlan) float64 { return s.GPUSeconds }
	}
	if table {
		fmt.Fprintf(w, "%9s %10s %14s %12s\n", "shard", "units", est1, "memory")
		for _, s := range j.PerShard {
			fmt.Fprintf(w, "%9s %10s %14s %12s\n", s.Shard, group(fmt.Sprint(s.Units)), humanSeconds(secs(s)), bytesize.Need(s.Memory))
		}
	} else {
		units := make([]float64, len(j.PerShard))
		cpu := make([]float64, len(j.PerShard))
		mem := make([]float64, len(j.PerShard))
		for i, s := range j.PerShard {
			units[i], cpu[i], mem[i] = float64(s.Units), secs(s), float64(s.Memory)
		}
		fmt.Fprintf(w, "%9s %10s %14s %12s\n", "per shard", "units", est1, "memory")
		for k, name := range []string{"min", "median", "max"} {
			u, c, m := pick(units, k), pick(cpu, k), pick(mem, k)
			fmt.Fprintf(w, "%9s %10s %14s %12s\n", name, group(fmt.Sprintf("%.0f", u)), humanSeconds(c), bytesize.Need(uint64(m)))
		}
	}
	coresNote := ""
	if j.memoryBound {
		coresNote = fmt.Sprintf(" (a shard plans %s within its memory bound)", nouns(j.Cores, "worker"))
	}
	if j.Device == nqueens.DeviceGPU {
		fmt.Fprintf(w, "in all: %s of GPU time, %.3g GPU-hours; about %s on %s here\n",
			humanSeconds(j.GPUSeconds), j.GPUHours, humanSeconds(j.WallSeconds), nouns(j.GPUs, "GPU"))
		return
	}
	fmt.Fprintf(w, "in all: %s of CPU%s, %.3g CPU hours; about %s on %s here%s\n",
		humanSeconds(j.CPUSeconds), cpuNote, j.CPUHours, humanSeconds(j.WallSeconds), nouns(j.Cores, "core"), coresNote)
}

// pick returns the min (k = 0), median (1) or max (2) of xs, sorting it.
func pick(xs []float64, k int) float64 {
	sort.Float64s(xs)
	switch k {
	case 0:
		return xs[0]
	case 1:
		return xs[len(xs)/2]
	}
	return xs[len(xs)-1]
}

// joinRefusal is the usage error of a join's plan p over its limit:
// what (of: "n = N" or "shard I/M of n = N") needs, and the least
// -max-memory that passes (rounded up to whole MiB).
func joinRefusal(of string, p nqueens.CountPlan) error {
	return usagef("-max-memory: %v: %s needs %s with method join, the limit is %s (a limit of %dM passes)",
		nqueens.ErrMemory, of, bytesize.Need(p.Memory), bytesize.Limit(p.Limit), (p.Memory+1<<20-1)>>20)
}

// joinMemory is plan's line on the join's memory: the workers and tables
// of the shards (the first shard's, or a range and a count where they
// differ) and the whole count's planned peak.
func joinMemory(j planJSON) string {
	lo, hi, tables := j.PerShard[0].Workers, j.PerShard[0].Workers, 0
	for _, s := range j.PerShard {
		lo, hi = min(lo, s.Workers), max(hi, s.Workers)
		if s.Projected {
			tables++
		}
	}
	workers := nouns(lo, "worker")
	if lo != hi {
		workers = fmt.Sprintf("%d to %d workers", lo, hi)
	}
	var proj string
	switch tables {
	case 0:
		proj = "no projected tables (rows streamed)"
	case len(j.PerShard):
		proj = "projected tables"
	default:
		proj = fmt.Sprintf("projected tables in %d of %s", tables, nouns(len(j.PerShard), "shard"))
	}
	each := "each shard"
	if len(j.PerShard) == 1 {
		each = "the shard"
	}
	whole := bytesize.Need(j.WholeMemory)
	if j.WholeMemory == 0 {
		whole = fmt.Sprintf("none (shards only past N = %d)", nqueens.MaxJoinN)
	}
	return fmt.Sprintf("memory: %s plans %s, %s; the whole count: %s", each, workers, proj, whole)
}
