package gpu

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nqueens/nqueens/internal/kernel"
	"github.com/nqueens/nqueens/internal/square"
	"github.com/nqueens/nqueens/internal/tally"
)

// fakeDevice is the emulator (emulate.go), whose fields the tests set.
type fakeDevice = emulator

// countFake runs Count on a fake device and returns the results by unit.
func countFake(t *testing.T, d *fakeDevice, p *kernel.Plan, todo []int, opt Options) (map[int]tally.UnitResult, []int, error) {
	t.Helper()
	got := map[int]tally.UnitResult{}
	var order []int
	err := Count(context.Background(), d, p, todo, opt, func(i int, r tally.UnitResult) {
		if _, dup := got[i]; dup {
			t.Errorf("unit %d reported twice", i)
		}
		got[i] = r
		order = append(order, i)
	})
	return got, order, err
}

// TestCountFake counts every unit of n = 4..12 through Count on the
// fake device, with a memory bound and launch sizes that make many
// batches and launches, and compares each unit with the CPU kernel.
func TestCountFake(t *testing.T) {
	for n := 4; n <= 12; n++ {
		p, _ := kernel.NewPlan(n)
		want := cpuResults(t, p)
		todo := make([]int, len(p.Units))
		for i := range todo {
			todo[i] = len(todo) - 1 - i // reverse order: order of report follows todo
		}
		d := new(fakeDevice)
		budget := (memPlan{maxUnits: len(todo), maxTasks: 1500}).bytes()
		got, order, err := countFake(t, d, p, todo, Options{MaxMemory: budget, Depth: 4, Blocks: 1, LaunchTime: time.Nanosecond})
		if err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		if !slices.Equal(order, todo) {
			t.Errorf("n=%d: units reported in the order %v; want %v", n, order, todo)
		}
		for i, w := range want {
			if got[i] != w {
				t.Errorf("n=%d: unit %d = %+v; want %+v", n, i, got[i], w)
			}
		}
		if d.peak > budget {
			t.Errorf("n=%d: %d bytes allocated; the bound was %d", n, d.peak, budget)
		}
		if d.allocated != 0 {
			t.Errorf("n=%d: %d bytes still allocated after Count", n, d.allocated)
		}
	}
}

// TestCountRefusesBadResults checks that a device that returns a wrong
// count, or none, for one task gets its unit refused (ErrImplausible),
// the units before it reported and none after. The unit is one whose
// border the half turn maps onto itself: a solution more or less
// breaks its Burnside sum (a unit of weight 8 takes any count c).
func TestCountRefusesBadResults(t *testing.T) {
	p, _ := kernel.NewPlan(10)
	bad := -1
	for i, u := range p.Units {
		if u.Stab == 1|1<<square.Rot180 && u.Weight == 4 {
			bad = i
			break
		}
	}
	if bad < 0 {
		t.Fatal("n = 10 has no unit with the half turn alone")
	}
	todo := []int{bad - 1, bad, bad + 1}
	for _, tc := range []struct {
		name    string
		corrupt func(c *count) bool
	}{
		{"a solution more", func(c *count) bool { c.sols++; c.nodes++; return true }},
		{"no result written", func(c *count) bool { return false }},
		{"more solutions than nodes", func(c *count) bool { c.sols = c.nodes + 1; return true }},
		// Even, so Burnside's sum divides; beyond the unit's Bound.
		{"a million solutions more", func(c *count) bool { c.sols += 1 << 20; c.nodes += 1 << 20; return true }},
	} {
		var b batch
		b.add(p, todo[0], 2)
		first := uint32(len(b.tasks)) // unit bad's first task
		d := &fakeDevice{corrupt: func(i uint32, c *count) bool {
			if i == first {
				return tc.corrupt(c)
			}
			return true
		}}
		got, order, err := countFake(t, d, p, todo, Options{Depth: 2})
		if !errors.Is(err, kernel.ErrImplausible) {
			t.Errorf("%s: Count = %v; want ErrImplausible", tc.name, err)
		}
		if len(got) != 1 || order[0] != todo[0] {
			t.Errorf("%s: units %v reported; want %d alone (the bad one is the second)", tc.name, order, todo[0])
		}
	}
}

// TestCountCancel checks that a count cancelled as a launch ends starts
// no other launch, with the units finished before it reported.
func TestCountCancel(t *testing.T) {
	p, _ := kernel.NewPlan(11)
	todo := make([]int, len(p.Units))
	for i := range todo {
		todo[i] = i
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	d := &fakeDevice{onDone: func(n int) {
		if n == 3 {
			cancel()
		}
	}}
	reported := 0
	err := Count(ctx, d, p, todo, Options{Depth: 4, Blocks: 1, LaunchTime: time.Nanosecond}, func(int, tally.UnitResult) { reported++ })
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Count = %v; want context.Canceled", err)
	}
	if d.launches != 3 {
		t.Errorf("%d launches; want 3 (the one that ended as the count was cancelled is the last)", d.launches)
	}
	if reported == 0 || reported == len(todo) {
		t.Errorf("%d of %d units reported; want some, not all", reported, len(todo))
	}
	if d.allocated != 0 {
		t.Errorf("%d bytes still allocated after a cancelled Count", d.allocated)
	}
}

// TestCountDeviceError checks that a failed launch ends the count with
// the device's error.
func TestCountDeviceError(t *testing.T) {
	p, _ := kernel.NewPlan(9)
	d := &fakeDevice{onLaunch: func(int) error { return errors.New("CUDA cuLaunchKernel: CUDA_ERROR_LAUNCH_FAILED") }}
	_, _, err := countFake(t, d, p, []int{0, 1, 2}, Options{})
	if err == nil || !strings.Contains(err.Error(), "LAUNCH_FAILED") {
		t.Errorf("Count = %v; want the launch's error", err)
	}
}

// TestCountMemoryPlan checks that Count refuses, before allocating, a
// memory bound that leaves too little room, and a unit whose sub-tasks
// do not fit.
func TestCountMemoryPlan(t *testing.T) {
	p, _ := kernel.NewPlan(14)
	d := new(fakeDevice)
	_, _, err := countFake(t, d, p, []int{0}, Options{MaxMemory: 4096})
	if err == nil || d.peak != 0 {
		t.Errorf("MaxMemory 4096: Count = %v after allocating %d bytes; want an error before any", err, d.peak)
	}
	var b batch
	b.add(p, 0, 6)
	budget := (memPlan{maxUnits: 1, maxTasks: len(b.tasks) - 1}).bytes()
	if len(b.tasks) <= 1024 {
		t.Fatalf("unit 0 of n = 14 at depth 6 has only %d tasks", len(b.tasks))
	}
	_, _, err = countFake(t, new(fakeDevice), p, []int{0}, Options{MaxMemory: budget, Depth: 6})
	// The default bound: never more than half the device's free memory.
	d = new(fakeDevice)
	if _, _, err := countFake(t, d, p, []int{0, 1}, Options{MaxMemory: 1 << 40}); err != nil {
		t.Fatal(err)
	}
	if free := d.Info().FreeMemory; d.peak > free/2 {
		t.Errorf("%d bytes allocated on a device with %d free; want at most half", d.peak, free)
	}
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("unit 0 has more than %d sub-tasks", len(b.tasks)-1)) {
		t.Errorf("a unit of %d tasks in room for %d: Count = %v; want an error naming them", len(b.tasks), len(b.tasks)-1, err)
	}
}

// TestCountStaleResults checks that a device that writes no results in
// a later batch gets its units refused, not credited with the results
// that an earlier batch left in the buffer: the second batch holds the
// same units as the first, whose results would pass every check.
func TestCountStaleResults(t *testing.T) {
	p, _ := kernel.NewPlan(14)
	var b batch
	b.add(p, 0, 5)
	b.add(p, 1, 5)
	// Room for units 0 and 1 in one batch, not for a third.
	budget := (memPlan{maxUnits: 4, maxTasks: len(b.tasks)}).bytes()
	d := new(fakeDevice)
	d.corrupt = func(uint32, *count) bool { return d.launches == 1 }
	var order []int
	err := Count(context.Background(), d, p, []int{0, 1, 0, 1}, Options{MaxMemory: budget, Depth: 5, Blocks: 64},
		func(i int, _ tally.UnitResult) { order = append(order, i) })
	if !errors.Is(err, kernel.ErrImplausible) || len(order) != 2 {
		t.Errorf("Count = %v with units %v reported; want ErrImplausible after 0 and 1", err, order)
	}
}

// TestTaskLevel checks the level the host hands units over at: never
// above the device's stack, never below 3, never above the unit's
// first row.
func TestTaskLevel(t *testing.T) {
	for _, tc := range []struct{ m, depth, want int }{
		{30, 0, maxTaskLevel}, {30, 2, maxTaskLevel}, {30, 20, 10}, {12, 2, 10},
		{12, 20, 3}, {5, 0, 5}, {2, 0, 2}, {2, 5, 2}, {maxTaskLevel + 1, 0, maxTaskLevel},
	} {
		if got := taskLevel(tc.m, tc.depth); got != tc.want {
			t.Errorf("taskLevel(%d, %d) = %d; want %d", tc.m, tc.depth, got, tc.want)
		}
	}
}

// TestCountDevices counts every unit of n = 11 on three fake devices at
// once and compares each unit with the CPU kernel; then one device
// fails, and the count returns its error.
func TestCountDevices(t *testing.T) {
	p, _ := kernel.NewPlan(11)
	want := cpuResults(t, p)
	todo := make([]int, len(p.Units))
	for i := range todo {
		todo[i] = i
	}
	devs := []Device{new(fakeDevice), new(fakeDevice), new(fakeDevice)}
	got := map[int]tally.UnitResult{}
	err := CountDevices(context.Background(), devs, p, todo, Options{Depth: 3, Blocks: 1, LaunchTime: time.Nanosecond}, func(i int, r tally.UnitResult) {
		if _, dup := got[i]; dup {
			t.Errorf("unit %d reported twice", i)
		}
		got[i] = r
	})
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range want {
		if got[i] != w {
			t.Errorf("unit %d = %+v; want %+v", i, got[i], w)
		}
	}
	used := 0
	for _, d := range devs {
		if d.(*fakeDevice).launches > 0 {
			used++
		}
	}
	t.Logf("%d of %d devices launched", used, len(devs))
	// The good device's first launch waits (10 s at most) for the bad
	// one's, and a batch holds at most 1,100 sub-tasks, so that the good device
	// cannot take every unit before the failing one launches (it did,
	// under -race and under load).
	badLaunched := make(chan struct{})
	var once sync.Once
	bad := &fakeDevice{onLaunch: func(int) error {
		once.Do(func() { close(badLaunched) })
		return errors.New("CUDA cuLaunchKernel: CUDA_ERROR_LAUNCH_FAILED")
	}}
	good := &fakeDevice{onLaunch: func(launch int) error {
		if launch == 1 {
			select {
			case <-badLaunched:
			case <-time.After(10 * time.Second):
			}
		}
		return nil
	}}
	devs = []Device{good, bad}
	small := (memPlan{maxUnits: len(todo), maxTasks: 1100}).bytes()
	err = CountDevices(context.Background(), devs, p, todo, Options{Depth: 3, Blocks: 1, LaunchTime: time.Nanosecond, MaxMemory: small}, func(int, tally.UnitResult) {})
	if err == nil || !strings.Contains(err.Error(), "LAUNCH_FAILED") {
		t.Errorf("CountDevices with a failing device = %v; want its error", err)
	}
	if err := CountDevices(context.Background(), nil, p, todo, Options{}, nil); err == nil {
		t.Error("CountDevices with no device: no error")
	}
}

// TestCountStopInLaunch cancels a count during a long launch (sub-tasks
// of 2 ms, launches of at least 2,048 of them: 4 s): Count returns
// context.Canceled within a second of the cancel, and reports no unit
// of the stopped launch.
func TestCountStopInLaunch(t *testing.T) {
	p, _ := kernel.NewPlan(10)
	todo := make([]int, len(p.Units))
	for i := range todo {
		todo[i] = i
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var cancelled time.Time
	d := &fakeDevice{taskTime: 2 * time.Millisecond, onLaunch: func(int) error {
		time.AfterFunc(100*time.Millisecond, func() { cancelled = time.Now(); cancel() })
		return nil
	}}
	reported := 0
	err := Count(ctx, d, p, todo, Options{Depth: 4, Blocks: 16, LaunchTime: time.Hour}, func(int, tally.UnitResult) { reported++ })
	stopped := time.Since(cancelled)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Count = %v; want context.Canceled", err)
	}
	if stopped > time.Second {
		t.Errorf("Count returned %v after the cancel; want within a second", stopped)
	}
	if reported != 0 || d.launches != 1 {
		t.Errorf("%d units reported, %d launches; want none of the stopped launch, 1", reported, d.launches)
	}
}
