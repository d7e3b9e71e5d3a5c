package nqueens

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/nqueens/nqueens/internal/memlimit"
	"github.com/nqueens/nqueens/internal/run"
)

// withMemory makes availableMemory report avail (known) for the test.
func withMemory(t *testing.T, avail uint64, known bool) {
	t.Helper()
	old := availableMemory
	availableMemory = func() memlimit.Room { return memlimit.Room{Bytes: avail, Known: known, By: memlimit.BySystem} }
	t.Cleanup(func() { availableMemory = old })
}

// chooseMethod is the method Plan picks for a count of n with opts
// (choose, without the rest of the plan; TestPlan checks that Plan
// keeps it).
func chooseMethod(t *testing.T, n int, opts CountOptions) Method {
	t.Helper()
	if opts.Method != MethodAuto {
		return opts.Method
	}
	w, err := run.Workers(opts.Workers)
	if err != nil {
		t.Fatal(err)
	}
	m, _, err := choose(context.Background(), n, opts, w, false)
	if err != nil {
		t.Fatalf("choose(%d, %+v): %v", n, opts, err)
	}
	return m
}

func TestPlanChooses(t *testing.T) {
	withMemory(t, 64<<30, true)
	dir := t.TempDir()
	kernelCkpt := filepath.Join(dir, "k.ckpt")
	// A kernel checkpoint of n = 18 (its header: the count is cancelled
	// before its first unit): MethodAuto resumes it with the kernel.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Count(ctx, 18, CountOptions{Method: MethodKernel, Checkpoint: kernelCkpt}); err == nil {
		t.Fatal("a cancelled count returned no error")
	}
	if _, m, err := checkpointMethod(kernelCkpt); err != nil || m != MethodKernel {
		t.Fatalf("checkpointMethod = %s, %v; want %s", m, err, MethodKernel)
	}
	for _, tc := range []struct {
		name string
		n    int
		opts CountOptions
		want Method
	}{
		{"below joinFrom", joinFrom - 1, CountOptions{}, MethodKernel},
		{"n = 0", 0, CountOptions{}, MethodKernel},
		{"joinFrom", joinFrom, CountOptions{}, MethodJoin},
		{"19", 19, CountOptions{}, MethodJoin},
		{"20", 20, CountOptions{Workers: 1}, MethodJoin},
		{"above the join", MaxJoinN + 1, CountOptions{}, MethodKernel},
		{"MaxMemory too small", 20, CountOptions{MaxMemory: 1 << 20}, MethodKernel},
		{"MaxMemory fits", 18, CountOptions{MaxMemory: 1 << 30}, MethodJoin},
		{"explicit kernel", 20, CountOptions{Method: MethodKernel}, MethodKernel},
		{"explicit arrays", 20, CountOptions{Method: MethodArrays}, MethodArrays},
		{"explicit join", 8, CountOptions{Method: MethodJoin}, MethodJoin},
		{"shard", 20, CountOptions{Shard: Shard{Index: 1, Count: 4}}, MethodKernel},
		{"shard total only", 20, CountOptions{Shard: Shard{Index: 1, Count: 4}, TotalOnly: true}, MethodJoin},
		{"shard total only, small n", 17, CountOptions{Shard: Shard{Index: 1, Count: 4}, TotalOnly: true}, MethodKernel},
		{"kernel checkpoint", 18, CountOptions{Checkpoint: kernelCkpt}, MethodKernel},
		{"checkpoint of another n", 19, CountOptions{Checkpoint: kernelCkpt}, MethodJoin},
		{"missing checkpoint", 18, CountOptions{Checkpoint: filepath.Join(dir, "none")}, MethodJoin},
	} {
		if got := chooseMethod(t, tc.n, tc.opts); got != tc.want {
			t.Errorf("%s: chooseMethod(%d, %+v) = %s; want %s", tc.name, tc.n, tc.opts, got, tc.want)
		}
	}
}

func TestPlanChoosesMemory(t *testing.T) {
	// Without MaxMemory, half the available memory bounds the join.
	withMemory(t, 2<<20, true)
	if got := chooseMethod(t, 20, CountOptions{}); got != MethodKernel {
		t.Errorf("2 MiB available: chooseMethod(t, 20) = %s; want %s", got, MethodKernel)
	}
	withMemory(t, 0, false) // unknown: 8 GiB
	if got := chooseMethod(t, 20, CountOptions{}); got != MethodJoin {
		t.Errorf("unknown memory: chooseMethod(t, 20) = %s; want %s", got, MethodJoin)
	}
}

// TestCountAuto: the zero CountOptions counts with the join at n = 18
// and with the kernel when MaxMemory is too small for the join, and
// both match OEIS; Result.Method names what ran.
func TestCountAuto(t *testing.T) {
	if testing.Short() {
		t.Skip("counts n = 18 twice")
	}
	withMemory(t, 64<<30, true)
	total := loadOEIS(t, "a000170")
	unique := loadOEIS(t, "a002562")
	for _, tc := range []struct {
		n    int
		opts CountOptions
		want Method
	}{
		{8, CountOptions{}, MethodKernel},
		{18, CountOptions{}, MethodJoin},
		{18, CountOptions{MaxMemory: 1 << 20}, MethodKernel},
	} {
		res, err := Count(context.Background(), tc.n, tc.opts)
		if err != nil {
			t.Fatalf("Count(%d, %+v): %v", tc.n, tc.opts, err)
		}
		if res.Method != tc.want {
			t.Errorf("Count(%d, %+v).Method = %s; want %s", tc.n, tc.opts, res.Method, tc.want)
		}
		if got, want := res.Solutions, want(t, total, tc.n); got != want {
			t.Errorf("Count(%d, %+v).Solutions = %v; want %v", tc.n, tc.opts, got, want)
		}
		if got, want := res.Unique, want(t, unique, tc.n); !res.UniqueCounted() || got != want {
			t.Errorf("Count(%d, %+v).Unique = %v (counted %v); want %v", tc.n, tc.opts, got, res.UniqueCounted(), want)
		}
	}
}

func TestParseMethodAuto(t *testing.T) {
	for _, s := range []string{"", "auto", "AUTO"} {
		if m, err := ParseMethod(s); err != nil || m != MethodAuto {
			t.Errorf("ParseMethod(%q) = %q, %v; want MethodAuto", s, m, err)
		}
	}
	if got := MethodAuto.String(); got != "auto" {
		t.Errorf("MethodAuto.String() = %q; want auto", got)
	}
}

// TestAutoLimitRoom: without MaxMemory, MethodAuto's join must fit half
// the system's available memory, but within a memory cgroup's limit or
// GOMEMLIMIT, the job's own allotment, what a join count plans within
// of it (run.RoomBudget): at n = 20 (63.3 MiB at least) a room of
// 100 MiB takes the join under a cgroup limit, the kernel otherwise.
func TestAutoLimitRoom(t *testing.T) {
	for _, tc := range []struct {
		r    memlimit.Room
		want uint64
	}{
		{memlimit.Room{}, unknownMemory / 2},
		{memlimit.Room{Bytes: 100 << 20, Known: true, By: memlimit.BySystem}, 50 << 20},
		{memlimit.Room{Bytes: 100 << 20, Known: true, By: memlimit.ByCgroup}, run.RoomBudget(100 << 20)},
		{memlimit.Room{Bytes: 100 << 20, Known: true, By: memlimit.ByGo}, run.RoomBudget(100 << 20)},
	} {
		if got := autoLimit(tc.r); got != tc.want {
			t.Errorf("autoLimit(%+v) = %d; want %d", tc.r, got, tc.want)
		}
	}
	for by, want := range map[string]Method{memlimit.BySystem: MethodKernel, memlimit.ByCgroup: MethodJoin} {
		old := availableMemory
		availableMemory = func() memlimit.Room { return memlimit.Room{Bytes: 100 << 20, Known: true, By: by} }
		got := chooseMethod(t, 20, CountOptions{Workers: 1})
		availableMemory = old
		if got != want {
			t.Errorf("100 MiB left by %s: chooseMethod(t, 20) = %s; want %s", by, got, want)
		}
	}
}

// TestCountSoftLimitRoom: a join count with the soft memory limit reads
// the room before it lowers that limit to its plan; read after, the
// room would be the plan's own limit, and the count would refuse
// itself.
func TestCountSoftLimitRoom(t *testing.T) {
	res, err := Count(context.Background(), 14, CountOptions{Method: MethodJoin, Workers: 2, SoftMemoryLimit: true})
	if err != nil || res.Solutions.Lo != 365596 || res.Unique.Lo != 45752 {
		t.Errorf("Count(14, join, SoftMemoryLimit) = %v, %v; want 365596, 45752 unique", res.Solutions, err)
	}
}
