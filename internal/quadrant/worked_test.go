package quadrant

import (
	"math/bits"
	"slices"
	"testing"
)

// TestWorkedCase replays the N = 4 case of the package documentation.
func TestWorkedCase(t *testing.T) {
	q := newQuarter(2)
	f := frames(4)[0]
	if f.loM != 2 || f.widthM != 3 || f.loA != 2 || f.widthA != 3 {
		t.Fatalf("windows %d+%d, %d+%d; want 2+3, 2+3", f.loM, f.widthM, f.loA, f.widthA)
	}
	var s halfScratch
	want := map[uint64]struct {
		weight      uint64
		west, east  []uint64
		pairs, fold uint64
	}{
		0b0011: {2, nil, nil, 0, 0},
		0b0101: {2, []uint64{0b100100, 0b011010}, []uint64{0b001001, 0b110010}, 1, 1},
		0b0110: {1, []uint64{0b100010, 0b010001}, nil, 0, 0},
		0b1001: {1, nil, []uint64{0b001010, 0b010100}, 0, 0},
		0b1010: {0, nil, nil, 0, 0},
		0b1100: {0, nil, nil, 0, 0},
	}
	var total uint64
	for E := uint64(0); E < 16; E++ {
		if bits.OnesCount64(E) != 2 {
			continue
		}
		w := want[E]
		wt := f.splitWeight(E)
		if wt != w.weight {
			t.Errorf("E=%04b: weight %d; want %d", E, wt, w.weight)
		}
		if wt == 0 {
			continue
		}
		W := f.rows ^ E
		ws := f.appendHalf(q, &s, nil, false, W&3, W&^3)
		es := f.appendHalf(q, &s, nil, true, E&3, E&^3)
		if !slices.Equal(ws, w.west) || !slices.Equal(es, w.east) {
			t.Errorf("E=%04b: west %b east %b; want %b, %b", E, ws, es, w.west, w.east)
		}
		if p := countScalar(ws, es); p != w.pairs {
			t.Errorf("E=%04b: %d pairs; want %d", E, p, w.pairs)
		}
		ws, es = f.foldDiagonals(ws, es)
		p := countScalar(ws, es)
		if p != w.fold {
			t.Errorf("E=%04b: %d folded pairs; want %d", E, p, w.fold)
		}
		total += wt * p
	}
	if total != 2 {
		t.Errorf("Q(4) = %d; want 2", total)
	}
}
