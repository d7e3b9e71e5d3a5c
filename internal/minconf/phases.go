package minconf

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"time"

	"github.com/nqueens/nqueens/internal/validate"
)

// PhaseOptions are the knobs of Phases. The zero value is the search
// as Solve runs it.
type PhaseOptions struct {
	// MaxBlockShift and ColBandShift replace log2 of the greedy phase's
	// largest block height and of its band's share of a block (see
	// blockShift); 0 keeps the package's (20 and 2).
	MaxBlockShift, ColBandShift uint
	// NoTouch turns off the reads ahead of each band (touch).
	NoTouch bool
	// NoValidate skips the validation (its time is then 0).
	NoValidate bool
}

// PhaseTimes are the times of the phases of one search, in CPU time of
// the thread that ran them (Linux; wall-clock time elsewhere), and what
// the search did.
type PhaseTimes struct {
	Shuffle, Greedy, Repair, Validate time.Duration
	Stats                             Stats
}

// Phases runs one search for n queens (4 ≤ n ≤ MaxN) from seed 1 as
// Solve does, on one locked thread, and times its phases: the shuffle
// (with the reset of the diagonals), the greedy placement, the repair
// and the validation (package validate). A repair that ends in a local
// minimum (Solve would restart; at small n only) is an error, as is an
// invalid placement. It sets the package's knobs for its duration and
// puts them back before it returns: it is for the measurement program
// cmd/phases, never to be run alongside another search.
func Phases(ctx context.Context, n int, o PhaseOptions) (PhaseTimes, error) {
	var pt PhaseTimes
	if n < 4 || n > MaxN {
		return pt, fmt.Errorf("minconf: n = %d is outside 4..%d", n, MaxN)
	}
	if err := checkMemory(n); err != nil {
		return pt, err
	}
	saved := [...]uint{maxBlockShift, colBandShift}
	savedTouch := noTouch
	defer func() { maxBlockShift, colBandShift, noTouch = saved[0], saved[1], savedTouch }()
	if o.MaxBlockShift != 0 {
		maxBlockShift = o.MaxBlockShift
	}
	if o.ColBandShift != 0 {
		colBandShift = o.ColBandShift
	}
	noTouch = o.NoTouch
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
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
	sus, err := greedy(ctx, perm, &g, &sc, &pt.Stats)
	if err != nil {
		return pt, err
	}
	t2 := cpuNow()
	ok, err := repair(ctx, perm, &g, sus, rng, &pt.Stats)
	if err != nil {
		return pt, err
	}
	if !ok {
		return pt, fmt.Errorf("minconf: n = %d: the repair ended in a local minimum (Solve would restart)", n)
	}
	t3 := cpuNow()
	if !o.NoValidate {
		if err := validate.Columns(perm); err != nil {
			return pt, fmt.Errorf("minconf: n = %d: the search returned an invalid placement: %w", n, err)
		}
	}
	t4 := cpuNow()
	pt.Shuffle, pt.Greedy, pt.Repair, pt.Validate = t1.Sub(t0), t2.Sub(t1), t3.Sub(t2), t4.Sub(t3)
	return pt, nil
}
