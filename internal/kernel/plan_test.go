package kernel

import (
	"flag"
	"fmt"
	"math/bits"
	"os"
	"strings"
	"testing"

	"github.com/nqueens/nqueens/internal/oeis"
)

var update = flag.Bool("update", false, "rewrite testdata/digests.golden")

// goldenMaxN is the largest N whose plan digest is kept in
// testdata/digests.golden.
const goldenMaxN = 20

// TestPlanDigestGolden pins the unit list of every N ≤ goldenMaxN: a
// change of a unit's id, border, weight or order changes the digest,
// and then Version must change too (records of the old plan would be
// misread). Regenerate with go test -run Golden -update.
func TestPlanDigestGolden(t *testing.T) {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s: n units digest\n", Version)
	for n := 0; n <= goldenMaxN; n++ {
		p, err := NewPlan(n)
		if err != nil {
			t.Fatalf("NewPlan(%d) error: %v", n, err)
		}
		fmt.Fprintf(&b, "%d %d %s\n", n, len(p.Units), p.Digest())
	}
	const file = "testdata/digests.golden"
	if *update {
		if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != string(want) {
		t.Errorf("plan digests changed (bump Version and run with -update):\n got:\n%s\nwant:\n%s", got, want)
	}
}

func TestPlanDeterministic(t *testing.T) {
	for _, n := range []int{8, 13, 16} {
		p1, _ := NewPlan(n)
		p2, _ := NewPlan(n)
		if p1.Digest() != p2.Digest() {
			t.Errorf("NewPlan(%d) digests differ between calls: %s, %s", n, p1.Digest(), p2.Digest())
		}
	}
}

func TestPlanUnits(t *testing.T) {
	for n := 0; n <= 18; n++ {
		p, err := NewPlan(n)
		if err != nil {
			t.Fatalf("NewPlan(%d) error: %v", n, err)
		}
		seen := map[Border]bool{}
		for i, u := range p.Units {
			if u.ID != i {
				t.Fatalf("n=%d: Units[%d].ID = %d; want %d", n, i, u.ID, i)
			}
			if i > 0 && u.Cost > p.Units[i-1].Cost {
				t.Errorf("n=%d: unit %d costs %g > unit %d's %g; want falling costs", n, i, u.Cost, i-1, p.Units[i-1].Cost)
			}
			if h := uint64(bits.OnesCount8(u.Stab)); u.Stab&1 == 0 || u.Weight*h != 8 {
				t.Errorf("n=%d unit %d: stab %08b weight %d; want the identity and weight·|stab| = 8", n, i, u.Stab, u.Weight)
			}
			if n <= 1 {
				continue
			}
			if !u.Border.valid(n) {
				t.Errorf("n=%d unit %d: border %+v is not valid", n, i, u.Border)
			}
			for s := range 8 {
				img := u.Border.image(n, s)
				if seen[img] && img != u.Border {
					t.Errorf("n=%d unit %d: border %+v is an image of another unit's", n, i, u.Border)
				}
				if (img == u.Border) != (u.Stab&(1<<s) != 0) {
					t.Errorf("n=%d unit %d: symmetry %d maps %+v to %+v, but stab = %08b", n, i, s, u.Border, img, u.Stab)
				}
			}
			for s := range 8 {
				seen[u.Border.image(n, s)] = true
			}
		}
		if n >= 14 && len(p.Units) < 500 {
			t.Errorf("NewPlan(%d) has %d units; want ≥ 500 for two workers to balance", n, len(p.Units))
		}
	}
}

func TestNewPlanErrors(t *testing.T) {
	for _, n := range []int{-1, MaxN + 1} {
		if _, err := NewPlan(n); err == nil {
			t.Errorf("NewPlan(%d) error = nil; want an error", n)
		}
	}
	if _, err := NewPlan(24); err != nil {
		t.Errorf("NewPlan(24) error: %v", err)
	}
}

// loadOEIS reads sequence name from the repository's testdata, the
// values that fit in a uint64.
func loadOEIS(t testing.TB, name string) map[int]uint64 {
	t.Helper()
	return oeis.Uint64s(oeis.MustLoad(t, name))
}

// TestNewPlanWorkers: the plan is the same on any number of goroutines.
func TestNewPlanWorkers(t *testing.T) {
	want, err := NewPlan(14)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []int{-1, 0, 1, 3, 100} {
		got, err := NewPlanWorkers(14, w)
		if err != nil {
			t.Fatal(err)
		}
		if got.Digest() != want.Digest() {
			t.Errorf("NewPlanWorkers(14, %d) digest %s; want %s", w, got.Digest(), want.Digest())
		}
	}
}
