package kernel

import (
	"fmt"
	"math/bits"

	"github.com/nqueens/nqueens/internal/symcount"
	"github.com/nqueens/nqueens/internal/tally"
)

// A SearchSetup is a unit translated for a search outside this package
// (internal/gpu): the same rows, masks and shifts that CountUnit's
// searches use, and which of their node rules applies.
//
// Rows are numbered by level: level j is the free row with j free rows
// left, itself included, so the search starts at level M and ends at
// level 1. For 1 ≤ j ≤ M, Mask[j] is the squares of level j's row
// attacked along a diagonal by a border queen, and Shift[j] the
// distance in board rows from level j's row to level j−1's (0 for
// j = 1). The first row's free squares are ^(Col | ^Full | Mask[M]).
type SearchSetup struct {
	N     int
	M     int    // free rows
	Full  uint64 // the n low bits
	Col   uint64 // the columns of the border queens
	Mask  [MaxN + 1]uint64
	Shift [MaxN + 1]uint8
	// LookAhead is whether the unit's search places a queen of a level
	// j ≥ 4 only when the row two levels down keeps a free square (the
	// wave and the depth-first search do; searchSym, for units with
	// fewer than nestTop−1 free rows, does not). Every search counts a
	// node per free square of each row it enters (the first row, and
	// every row below a queen it places) and prunes a queen whose next
	// row has no free square.
	LookAhead bool
}

// MaxSearchN is the largest n whose units SearchSetup and Compose serve:
// above it CountUnit counts the units that a rotation maps onto
// themselves with searchSym, which is not described by SearchSetup, and
// symcount.Fixed does not reach.
const MaxSearchN = waveMaxN

// SearchSetup returns unit id of p translated for a search outside this
// package. It fails for an id outside the plan and for n outside
// 2..MaxSearchN.
func (p *Plan) SearchSetup(id int) (SearchSetup, error) {
	var out SearchSetup
	if p.N < 2 || p.N > MaxSearchN {
		return out, fmt.Errorf("n = %d is outside 2..%d", p.N, MaxSearchN)
	}
	if id < 0 || id >= len(p.Units) {
		return out, fmt.Errorf("unit %d is not among the plan's %d units", id, len(p.Units))
	}
	var s setup
	s.init(p.N, p.Units[id].Border)
	out.N, out.M, out.Full, out.Col = p.N, s.m, s.full, s.col
	for k := range s.m {
		j := s.m - k
		out.Mask[j] = s.mask[k]
		out.Shift[j] = s.shift[k]
	}
	// As CountUnit chooses: the wave (with the look-ahead) for every
	// unit with at least nestTop−1 free rows when n ≤ waveMaxN.
	out.LookAhead = s.m >= nestTop-1
	return out, nil
}

// Compose returns the result of unit id of p whose search (as described
// by SearchSetup) found sols solutions and nodes nodes: what CountUnit
// returns for it. For the units whose border a rotation maps onto
// itself it runs symcount.Fixed for the unique count (about the square
// root of the unit's nodes), as CountUnit does. It fails where
// SearchSetup does, and with an error wrapping ErrImplausible where
// Burnside's sum does not divide (a wrong sols).
func (p *Plan) Compose(id int, sols, nodes uint64) (tally.UnitResult, error) {
	if p.N < 2 || p.N > MaxSearchN {
		return tally.UnitResult{}, fmt.Errorf("n = %d is outside 2..%d", p.N, MaxSearchN)
	}
	if id < 0 || id >= len(p.Units) {
		return tally.UnitResult{}, fmt.Errorf("unit %d is not among the plan's %d units", id, len(p.Units))
	}
	u := &p.Units[id]
	sq, k := u.Border.squares(p.N)
	orbits := sols
	if u.Stab&(1<<symRot90|1<<symRot180) != 0 {
		fix180, fix90 := symcount.Fixed(p.N, sq[:k], u.Stab&(1<<symRot90) != 0)
		if u.Stab&(1<<symRot180) != 0 {
			orbits += fix180
		}
		if u.Stab&(1<<symRot90) != 0 {
			orbits += 2 * fix90
		}
	}
	h := uint64(bits.OnesCount8(u.Stab))
	if orbits%h != 0 {
		return tally.UnitResult{}, fmt.Errorf("%w: unit %d: %d solutions and the symmetric ones, %d, do not divide by the %d symmetries of the border", ErrImplausible, id, sols, orbits, h)
	}
	return tally.UnitResult{ID: id, Total: sols * u.Weight, Unique: orbits / h, Nodes: nodes + uint64(k)}, nil
}
