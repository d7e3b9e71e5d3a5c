package completion

import (
	"context"
	"errors"
	"math/bits"
	"math/rand/v2"
	"time"
)

// A Prober estimates the size of Count's search of one board by random
// descents of its tree (Knuth, "Estimating the efficiency of backtrack
// programs", Math. Comp. 29, 1975). It is not safe for concurrent use.
type Prober struct {
	s  *solver
	ok bool // false: the root has an empty line, the search places nothing
}

// NewProber checks b and returns a Prober of its completion count.
func NewProber(b *Board) (*Prober, error) {
	s, ok, err := newSolver(context.Background(), b)
	if err != nil {
		return nil, err
	}
	s.counts = true
	return &Prober{s: s, ok: ok}, nil
}

// Probe makes one random descent of the tree Count searches and returns
// its estimates of Count's Stats.Nodes and of the number of completions.
// At each level the descent meets the line Count branches on; all of its
// squares are nodes of Count (each is placed, dead or not), and Probe
// moves on to one of the squares that leave every open line a square
// (the children Count searches), drawn uniformly. Each level's nodes are
// weighted by the product of the numbers of such children above it, so
// the expected value of both figures over descents is the exact figure.
// A line of one row and one column left counts as one node and its free
// squares as completions, as Count does.
func (p *Prober) Probe(rnd *rand.Rand) (nodes, completions float64) {
	if !p.ok {
		return 0, 0
	}
	s := p.s
	w := 1.0
	var kids [MaxN][2]int // the squares (r, c) that place builds a level for
	for d := 0; ; d++ {
		cur := &s.lv[d]
		if cur.nr == 0 {
			return nodes, w
		}
		best, isRow, bi := cur.best, cur.isRow, cur.bi
		if best == 0 {
			return nodes, 0
		}
		if cur.nr == 1 {
			return nodes + w, w * float64(best)
		}
		nodes += w * float64(best)
		var m uint64
		if isRow {
			m = cur.rm[bi]
		} else {
			for i := range cur.nr {
				m |= (cur.rm[i] >> uint(bi) & 1) << uint(i)
			}
		}
		k := 0
		for m != 0 {
			x := bits.TrailingZeros64(m)
			m &= m - 1
			r, c := int(cur.ri[bi]), x
			if !isRow {
				r, c = int(cur.ri[x]), bi
			}
			if s.place(d, r, c) {
				kids[k] = [2]int{r, c}
				k++
			}
		}
		if k == 0 {
			return nodes, 0
		}
		w *= float64(k)
		pick := kids[rnd.IntN(k)]
		s.place(d, pick[0], pick[1]) // rebuild level d+1 for the square drawn
	}
}

// errTrial is the cause of a trial's context when its time is up.
var errTrial = errors.New("trial time is up")

// CountWithin runs Count on b for at most d: done reports whether the
// search finished (then count is the number of completions); if it did
// not, count is 0 and st holds the nodes searched, so that the speed of
// the search on this board can be measured by the search itself. err is
// an error of Check, or ctx.Err() when ctx is done.
func CountWithin(ctx context.Context, b *Board, d time.Duration) (count uint64, st Stats, done bool, err error) {
	tctx, cancel := context.WithTimeoutCause(ctx, d, errTrial)
	defer cancel()
	count, st, err = Count(tctx, b)
	if err != nil && ctx.Err() == nil && errors.Is(context.Cause(tctx), errTrial) {
		return 0, st, false, nil
	}
	if err != nil {
		return 0, st, false, err
	}
	return count, st, true, nil
}
