package nqueens

import (
	"context"
	"errors"
	"flag"
	"runtime/debug"
	"testing"
	"time"
)

// TestJoinAgrees checks MethodJoin against A000170 and against
// the backtracking kernel (N ≤ 13; N ≤ 16 with -long).
func TestJoinAgrees(t *testing.T) {
	total := loadOEIS(t, "a000170")
	unique := loadOEIS(t, "a002562")
	kernelMax := 13
	if *long {
		kernelMax = 16
	}
	ctx := context.Background()
	for n := 0; n <= max(14, kernelMax); n++ {
		res, err := Count(ctx, n, CountOptions{Method: MethodJoin})
		if err != nil {
			t.Fatalf("Count(%d, quadrant) error: %v", n, err)
		}
		if got, want := res.Solutions, want(t, total, n); got != want {
			t.Errorf("Count(%d, quadrant).Solutions = %v; want %v", n, got, want)
		}
		// The unique count, derived from the total by Burnside's lemma
		// (the empty board, n = 0, is one class).
		wantU := Uint128{Lo: 1}
		if n > 0 {
			wantU = want(t, unique, n)
		}
		if got := res.Unique; got != wantU || !res.UniqueCounted() || res.Method != MethodJoin {
			t.Errorf("Count(%d, quadrant) = %+v; want Unique %v (counted), Method quadrant", n, res, wantU)
		}
		if n <= kernelMax {
			k, err := Count(ctx, n, CountOptions{Method: MethodKernel})
			if err != nil {
				t.Fatal(err)
			}
			if k.Solutions != res.Solutions {
				t.Errorf("Count(%d): quadrant %v, bitboard %v", n, res.Solutions, k.Solutions)
			}
		}
	}
}

func TestJoinErrors(t *testing.T) {
	ctx := context.Background()
	if _, err := Count(ctx, MaxJoinN+1, CountOptions{Method: MethodJoin}); !errors.Is(err, ErrSize) {
		t.Errorf("Count(MaxJoinN+1, quadrant) error = %v; want ErrSize", err)
	}
	if _, err := Count(ctx, 16, CountOptions{Method: MethodJoin, MaxMemory: 1 << 10}); !errors.Is(err, ErrMemory) {
		t.Errorf("Count(16, quadrant, 1 KiB) error = %v; want ErrMemory", err)
	}
	if _, err := Solutions(context.Background(), 8, SolveOptions{Method: MethodJoin}); !errors.Is(err, ErrMethod) {
		t.Errorf("Solutions(context.Background(), 8, quadrant) error = %v; want ErrMethod", err)
	}
	if m, err := ParseMethod("Quadrant"); m != MethodJoin || err != nil {
		t.Errorf("ParseMethod(Quadrant) = %q, %v", m, err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := Count(cctx, 14, CountOptions{Method: MethodJoin}); !errors.Is(err, context.Canceled) {
		t.Errorf("Count(cancelled, quadrant) error = %v; want context.Canceled", err)
	}
}

func TestJoinProgress(t *testing.T) {
	var last Progress
	calls := 0
	res, err := Count(context.Background(), 13, CountOptions{Method: MethodJoin, Progress: func(p Progress) {
		calls++
		if p.UnitsDone < last.UnitsDone || p.CostDone < last.CostDone {
			t.Errorf("progress went back: %+v after %+v", p, last)
		}
		last = p
	}})
	if err != nil {
		t.Fatal(err)
	}
	if calls == 0 || last.UnitsDone != last.UnitsTotal || last.Fraction() != 1 || last.Solutions != res.Solutions {
		t.Errorf("last progress %+v after %d calls; want all %d units done, solutions %v", last, calls, res.Units, res.Solutions)
	}
	if res.Units != last.UnitsTotal || res.Units < 2 {
		t.Errorf("Result.Units = %d; want %d (> 1)", res.Units, last.UnitsTotal)
	}
}

// TestJoinShardUnique: a shard holds part of the total, so its unique
// count is not derived.
func TestJoinShardUnique(t *testing.T) {
	res, err := Count(context.Background(), 12, CountOptions{Method: MethodJoin, Shard: Shard{Index: 0, Count: 2}})
	if err != nil {
		t.Fatal(err)
	}
	if res.UniqueCounted() || res.Unique != (Uint128{}) {
		t.Errorf("shard 0/2 of 12: UniqueCounted %v, Unique %v; want false, 0", res.UniqueCounted(), res.Unique)
	}
}

var kernelCross = flag.Bool("kernelcross", false, "cross-check the quadrant join (total and derived unique) against the backtracking kernel for N = 17..19 (about 5 minutes on 2 cores)")

// TestJoinKernelCross is the long-test mode of the issue: the join's
// total, and the unique count derived from it, against the kernel's for
// N = 17..19 (run with -args -kernelcross).
func TestJoinKernelCross(t *testing.T) {
	if !*kernelCross {
		t.Skip("needs -kernelcross (minutes)")
	}
	ctx := context.Background()
	for n := 17; n <= 19; n++ {
		q, err := Count(ctx, n, CountOptions{Method: MethodJoin})
		if err != nil {
			t.Fatal(err)
		}
		k, err := Count(ctx, n, CountOptions{Method: MethodKernel})
		if err != nil {
			t.Fatal(err)
		}
		if q.Solutions != k.Solutions || q.Unique != k.Unique {
			t.Errorf("n=%d: quadrant %v / %v, kernel %v / %v", n, q.Solutions, q.Unique, k.Solutions, k.Unique)
		}
		t.Logf("n=%d: %v solutions, %v unique: quadrant %v, kernel %v", n, q.Solutions, q.Unique, q.Elapsed.Round(time.Millisecond), k.Elapsed.Round(time.Millisecond))
	}
}

// TestCountSoftMemoryLimit checks that CountOptions.SoftMemoryLimit
// lowers the runtime's soft memory limit while a Quadrant count runs
// and restores it after, and that without it the limit stays.
func TestCountSoftMemoryLimit(t *testing.T) {
	orig := debug.SetMemoryLimit(-1)
	if orig < 1<<40 {
		t.Skipf("a soft memory limit of %d bytes is in force (GOMEMLIMIT)", orig)
	}
	for _, soft := range []bool{false, true} {
		lowest := orig
		res, err := Count(context.Background(), 14, CountOptions{Method: MethodJoin, SoftMemoryLimit: soft,
			Progress: func(Progress) { lowest = min(lowest, debug.SetMemoryLimit(-1)) }})
		if err != nil {
			t.Fatal(err)
		}
		if res.Solutions.Lo != 365596 {
			t.Errorf("SoftMemoryLimit %v: Q(14) = %d, want 365596", soft, res.Solutions.Lo)
		}
		if got := lowest < orig; got != soft {
			t.Errorf("SoftMemoryLimit %v: limit lowered during the count = %v (lowest %d), want %v", soft, got, lowest, soft)
		}
		if got := debug.SetMemoryLimit(-1); got != orig {
			t.Errorf("SoftMemoryLimit %v: limit after the count %d, want %d", soft, got, orig)
		}
	}
}
