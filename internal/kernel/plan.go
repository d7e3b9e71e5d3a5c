package kernel

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
)

// MaxN is the largest board the kernel counts: a row is a uint64.
const MaxN = 64

// Version names the decomposition. It changes whenever the unit list
// for some N changes, so records written for another version are refused.
const Version = "rows2-mirror-v1"

// A Unit is an independent piece of a count: the queens of the first
// rows, fixed. Its solutions are counted with a weight (2 when the
// mirror image of every solution in it lies in another, uncounted unit;
// 1 otherwise).
type Unit struct {
	ID     int     // position in Plan.Units, stable for a given N and Version
	Prefix []int8  // columns of the first rows
	Weight uint64  // how many solutions each solution found stands for
	Cost   float64 // expected relative cost; larger first
}

// A Plan is the list of units that together count every solution of an
// N×N board once.
type Plan struct {
	N     int
	Units []Unit
}

// NewPlan returns the decomposition for n. It fails for n outside 0..MaxN.
func NewPlan(n int) (*Plan, error) {
	if n < 0 || n > MaxN {
		return nil, fmt.Errorf("n = %d is outside 0..%d", n, MaxN)
	}
	p := &Plan{N: n}
	if n <= 1 {
		// One unit, the whole (tiny) board.
		p.Units = []Unit{{ID: 0, Weight: 1, Cost: 1}}
		return p, nil
	}
	half := n / 2
	for c0 := 0; c0 < (n+1)/2; c0++ {
		w := uint64(2)
		if n%2 == 1 && c0 == half {
			w = 1
		}
		for c1 := 0; c1 < n; c1++ {
			if d := c1 - c0; d >= -1 && d <= 1 {
				continue
			}
			p.Units = append(p.Units, Unit{ID: len(p.Units), Prefix: []int8{int8(c0), int8(c1)}, Weight: w, Cost: 1})
		}
	}
	return p, nil
}

// Digest returns a short hex digest of the plan's settings and unit list,
// so that records of different plans are never mixed.
func (p *Plan) Digest() string {
	h := sha256.New()
	fmt.Fprintf(h, "%s n=%d units=%d\n", Version, p.N, len(p.Units))
	for _, u := range p.Units {
		fmt.Fprintf(h, "%d %v %d\n", u.ID, u.Prefix, u.Weight)
	}
	return hex.EncodeToString(h.Sum(nil)[:12])
}
