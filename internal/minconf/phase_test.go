package minconf

import (
	"context"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"testing"

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
	// The knobs below are package globals: put them back for the tests
	// that run after this one in the same process.
	saved := [...]uint{maxBlockShift, colBandShift}
	savedTouch := noTouch
	t.Cleanup(func() { maxBlockShift, colBandShift, noTouch = saved[0], saved[1], savedTouch })
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

// TestPhasesRestores runs TestPhases with every knob turned and checks
// that the package globals it sets are back afterwards, so that it cannot
// change the tests that follow it.
func TestPhasesRestores(t *testing.T) {
	before := [...]uint{maxBlockShift, colBandShift}
	beforeTouch := noTouch
	t.Setenv("MINCONF_PHASES", "1000")
	t.Setenv("MB", strconv.Itoa(int(maxBlockShift)+1))
	t.Setenv("CB", strconv.Itoa(int(colBandShift)+1))
	t.Setenv("NOTOUCH", "1")
	t.Run("phases", TestPhases)
	if got := [...]uint{maxBlockShift, colBandShift}; got != before || noTouch != beforeTouch {
		t.Errorf("after TestPhases: maxBlockShift, colBandShift = %v, noTouch = %v; want %v, %v", got, noTouch, before, beforeTouch)
	}
}
