package gpu_test

import (
	"context"
	"flag"
	"os"
	"testing"
	"time"

	"github.com/nqueens/nqueens/internal/gpu"
	"github.com/nqueens/nqueens/internal/gpu/cuda"
	"github.com/nqueens/nqueens/internal/kernel"
	"github.com/nqueens/nqueens/internal/tally"
)

var (
	deviceMaxN = flag.Int("gpu.maxn", 15, "TestDevice counts every unit of n = 4..maxn on the GPU")
	deviceN    = flag.String("gpu.count", "", "TestDeviceCount counts these n (comma-separated, e.g. 16,17,18) on the GPU and logs the times")
	deviceDep  = flag.Int("gpu.depth", 0, "rows placed on the host (0: gpu.DefaultDepth)")
)

// openDevice opens CUDA device 0 or skips the test saying what is
// missing. It never fails for lack of a GPU, under CI=true too: CI has
// none.
func openDevice(t *testing.T) gpu.Device {
	t.Helper()
	start := time.Now()
	dev, err := cuda.Open(0)
	open := time.Since(start)
	if err != nil {
		t.Skipf("no GPU to test on: %v", err)
	}
	t.Cleanup(func() {
		if err := dev.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	i := dev.Info()
	t.Logf("device: %s, %d MiB (%d MiB free), %d multiprocessors, compute capability %s, CUDA driver %s; opened (driver, context, PTX compiled) in %.3f s",
		i.Name, i.Memory>>20, i.FreeMemory>>20, i.Multiprocessors, i.Capability, i.Driver, open.Seconds())
	return dev
}

// TestDevice counts every unit of n = 4..15 (-gpu.maxn) on the GPU and
// compares each unit's total, unique count and nodes with the CPU
// kernel's. It skips where no GPU can be opened, naming what is
// missing.
func TestDevice(t *testing.T) {
	dev := openDevice(t)
	var w kernel.Worker
	for n := 4; n <= *deviceMaxN; n++ {
		p, err := kernel.NewPlan(n)
		if err != nil {
			t.Fatal(err)
		}
		todo := make([]int, len(p.Units))
		for i := range todo {
			todo[i] = i
		}
		got := make([]tally.UnitResult, len(p.Units))
		seen := 0
		err = gpu.Count(context.Background(), dev, p, todo, gpu.Options{Depth: *deviceDep}, func(i int, r tally.UnitResult) {
			got[i] = r
			seen++
		})
		if err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		if seen != len(todo) {
			t.Fatalf("n=%d: %d of %d units reported", n, seen, len(todo))
		}
		for i := range p.Units {
			want, _ := w.CountUnit(p, &p.Units[i])
			if got[i] != want {
				t.Fatalf("n=%d: unit %d = %+v on the GPU; want %+v", n, i, got[i], want)
			}
		}
		t.Logf("n=%d: %d units equal to the CPU kernel's", n, len(p.Units))
	}
}

// TestDeviceCount counts the boards of -gpu.count on the GPU, checks
// them against A000170 and A002562, and logs each count's time (the
// plan, the host's expansion and the device's count; the device is
// opened and the PTX loaded before the clock starts, in the time
// openDevice logs: Yao & Li's "calc time" includes their CUDA context's
// creation, so add it for like with like) and its nodes per second.
func TestDeviceCount(t *testing.T) {
	if *deviceN == "" {
		t.Skip("no -gpu.count given")
	}
	dev := openDevice(t)
	for _, f := range splitInts(t, *deviceN) {
		start := time.Now()
		p, err := kernel.NewPlan(f)
		if err != nil {
			t.Fatal(err)
		}
		todo := make([]int, len(p.Units))
		for i := range todo {
			todo[i] = i
		}
		var total, unique, nodes uint64
		err = gpu.Count(context.Background(), dev, p, todo, gpu.Options{Depth: *deviceDep}, func(i int, r tally.UnitResult) {
			total += r.Total
			unique += r.Unique
			nodes += r.Nodes
		})
		d := time.Since(start)
		if err != nil {
			t.Fatalf("n=%d: %v", f, err)
		}
		wt, wu := oeis[f][0], oeis[f][1]
		if wt != 0 && (total != wt || unique != wu) {
			t.Errorf("n=%d: total %d, unique %d; want %d, %d", f, total, unique, wt, wu)
		}
		t.Logf("GPU n=%d total=%d unique=%d nodes=%d seconds=%.3f nodes/s=%.3g depth=%d", f, total, unique, nodes, d.Seconds(), float64(nodes)/d.Seconds(), depthOf(f))
		os.Stdout.Sync()
	}
}

func depthOf(n int) int {
	if *deviceDep > 0 {
		return *deviceDep
	}
	return gpu.DefaultDepth(n)
}

// oeis holds A000170 and A002562 for n = 16..23.
var oeis = map[int][2]uint64{
	16: {14772512, 1846955},
	17: {95815104, 11977939},
	18: {666090624, 83263591},
	19: {4968057848, 621012754},
	20: {39029188884, 4878666808},
	21: {314666222712, 39333324973},
	22: {2691008701644, 336376244042},
	23: {24233937684440, 3029242658210},
}

func splitInts(t *testing.T, s string) []int {
	t.Helper()
	var out []int
	n := 0
	digits := false
	for _, c := range s + "," {
		switch {
		case c >= '0' && c <= '9':
			n = 10*n + int(c-'0')
			digits = true
		case c == ',' && digits:
			out = append(out, n)
			n, digits = 0, false
		default:
			t.Fatalf("-gpu.count %q: want numbers separated by commas", s)
		}
	}
	return out
}
