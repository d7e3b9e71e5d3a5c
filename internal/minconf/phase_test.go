package minconf

import (
	"context"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/nqueens/nqueens/internal/validate"
)

// TestPhases times the phases of one search (seed 1) in CPU time of the
// thread at N = $MINCONF_PHASES; skipped when the variable is unset:
//
//	MINCONF_PHASES=100000000 go test -run Phases -v ./internal/minconf
//
// For experiments: MB and CB set maxBlockShift and colBandShift, NOTOUCH=1
// turns touch off, MINCONF_NOVALIDATE=1 skips the validation.
func TestPhases(t *testing.T) {
	n, err := strconv.Atoi(os.Getenv("MINCONF_PHASES"))
	if err != nil {
		t.Skip("MINCONF_PHASES not set")
	}
	if v, err := strconv.Atoi(os.Getenv("MB")); err == nil {
		maxBlockShift = uint(v)
	}
	if v, err := strconv.Atoi(os.Getenv("CB")); err == nil {
		colBandShift = uint(v)
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	noTouch = os.Getenv("NOTOUCH") != ""
	var st Stats
	rng := rand.New(rand.NewPCG(1, 0x6e717565656e73))
	perm := make([]int32, n)
	g, free := newDiagonals(n)
	defer free()
	t0 := cpuNow()
	shuffle(perm, rng)
	g.reset()
	t1 := cpuNow()
	sc, freeScratch := newScratch(n)
	defer freeScratch()
	sus, err := greedy(context.Background(), perm, &g, &sc, &st)
	if err != nil {
		t.Fatal(err)
	}
	t2 := cpuNow()
	ok, err := repair(context.Background(), perm, &g, sus, rng, &st)
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	t3 := cpuNow()
	if os.Getenv("MINCONF_NOVALIDATE") != "" {
		perm = perm[:0]
	}
	if err := validate.Columns(perm); err != nil {
		t.Fatal(err)
	}
	t4 := cpuNow()
	t.Logf("n=%d shuffle %v greedy %v repair %v validate %v; %+v tries/q %.3f", n, t1.Sub(t0), t2.Sub(t1), t3.Sub(t2), t4.Sub(t3), st, float64(st.Tries)/float64(n))
}

// cpuNow returns the CPU time of the calling thread (locked by TestPhases)
// as a time.Time, so that the phases are timed in CPU seconds.
func cpuNow() time.Time {
	var ru syscall.Rusage
	_ = syscall.Getrusage(1, &ru) // RUSAGE_THREAD
	return time.Unix(0, ru.Utime.Nano()+ru.Stime.Nano())
}
