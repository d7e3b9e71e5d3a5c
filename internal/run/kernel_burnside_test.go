package run

import (
	"context"
	"errors"
	"testing"

	"github.com/nqueens/nqueens/internal/kernel"
	"github.com/nqueens/nqueens/internal/square"
	"github.com/nqueens/nqueens/internal/tally"
)

// TestCheckBurnsideHalfTurn: an edit of a kernel count that keeps every
// unit's own rule (kernel's CheckResult) but not Burnside's lemma is
// caught by CheckBurnside. The edits are made to a unit whose border the
// half turn, and not the quarter turn, maps onto itself: total+weight
// (the sum moves by the weight, an odd multiple of 4 or not), unique+1
// and total+2·weight (the sum Q + S180 + 2·S90 − 8·U moves by a multiple
// of 8: only the exact lemma, not its residue mod 8, catches them). The
// root's tests make the same edits to a checkpoint and to shard records
// through Count and MergeShards. (An edit of total+8k with unique+k
// keeps every rule and the lemma: only a recount finds it.)
func TestCheckBurnsideHalfTurn(t *testing.T) {
	const n = 12
	ctx := context.Background()
	p, err := kernel.NewPlan(n)
	if err != nil {
		t.Fatal(err)
	}
	res := make([]tally.UnitResult, len(p.Units))
	if err := kernel.Run(ctx, p, allIDs(len(p.Units)), 2, func(i int, r tally.UnitResult) { res[i] = r }); err != nil {
		t.Fatal(err)
	}
	sums := func(id int, dt, du uint64) (q, u tally.Uint128) {
		for i, r := range res {
			t, un := r.Total, r.Unique
			if i == id {
				t, un = t+dt, un+du
			}
			q, _ = q.Add64(t)
			u, _ = u.Add64(un)
		}
		return q, u
	}
	if q, u := sums(-1, 0, 0); q.Lo != 14200 || u.Lo != 1787 {
		t.Fatalf("the kernel's units of n = %d sum to %v solutions, %v unique; want 14200, 1787", n, q, u)
	}
	if q, u := sums(-1, 0, 0); checkBurnside(ctx, n, q, u) != nil {
		t.Fatalf("checkBurnside(%d, %v, %v) = %v; want nil", n, q, u, checkBurnside(ctx, n, q, u))
	}
	const rot90, rot180 = 1 << square.Rot90, 1 << square.Rot180 // a kernel unit's Stab bits
	for _, c := range []struct {
		name   string
		k, du  uint64 // the edit: total + k·weight, unique + du
		mod8ok bool   // the edit keeps Q + S180 + 2·S90 ≡ 0 mod 8
	}{
		{"total+weight", 1, 0, false},
		{"unique+1", 0, 1, true},
		{"total+2·weight", 2, 0, true},
	} {
		id := -1
		for _, u := range p.Units {
			r := res[u.ID]
			if u.Stab&rot180 != 0 && u.Stab&rot90 == 0 && r.Unique > 0 &&
				p.CheckResult(u.ID, r.Total+c.k*u.Weight, r.Unique+c.du) == nil {
				id = u.ID
				break
			}
		}
		if id < 0 {
			t.Fatalf("%s: n = %d has no half-turn unit whose rule takes the edit", c.name, n)
		}
		dt := c.k * p.Units[id].Weight
		q, u := sums(id, dt, c.du)
		err := checkBurnside(ctx, n, q, u)
		var be *burnsideError
		if !errors.As(err, &be) {
			t.Errorf("%s of unit %d: checkBurnside(%d, %v, %v) = %v; want a *burnsideError", c.name, id, n, q, u, err)
		}
		if got := (q.Lo+symSum(t, ctx, n))%8 == 0; c.mod8ok && !got {
			t.Errorf("%s of unit %d: Q + S180 + 2·S90 = %d mod 8; want 0 (the edit the exact lemma alone catches)", c.name, id, (q.Lo+symSum(t, ctx, n))%8)
		}
	}
}

// symSum returns S180 + 2·S90 for n, the symmetric solutions that
// Burnside's lemma adds to Q.
func symSum(t *testing.T, ctx context.Context, n int) uint64 {
	t.Helper()
	s180, s90, err := symmetric(ctx, n)
	if err != nil {
		t.Fatal(err)
	}
	return s180 + 2*s90
}
