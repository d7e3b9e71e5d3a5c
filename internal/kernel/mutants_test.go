package kernel

import (
	"context"
	"testing"
	"time"

	"github.com/nqueens/nqueens/internal/tally"
)

// TestUnitOfOffBoard: a border with one queen on column or row −1 or n
// is refused, even where the other three would make it a valid border
// (the check of the corners alone does not refuse it).
func TestUnitOfOffBoard(t *testing.T) {
	const n = 9
	base := Border{Top: 4, Bottom: 3, Left: 2, Right: 5}
	if !base.valid(n) {
		t.Fatalf("%+v is not a valid border of n = %d; the test needs one", base, n)
	}
	if _, ok := UnitOf(n, base); !ok {
		t.Fatalf("UnitOf(%d, %+v) refused a valid border", n, base)
	}
	for _, tc := range []struct {
		name string
		b    Border
	}{
		{"top = n", Border{Top: n, Bottom: 3, Left: 2, Right: 5}},
		{"bottom = n", Border{Top: 4, Bottom: n, Left: 2, Right: 5}},
		{"left = n", Border{Top: 4, Bottom: 3, Left: n, Right: 5}},
		{"right = n", Border{Top: 4, Bottom: 3, Left: 2, Right: n}},
		{"top = -1", Border{Top: -1, Bottom: 3, Left: 2, Right: 5}},
		{"right = -1", Border{Top: 4, Bottom: 3, Left: 2, Right: -1}},
	} {
		if u, ok := UnitOf(n, tc.b); ok {
			t.Errorf("%s: UnitOf(%d, %+v) = %+v, ok; want refused (a queen off the board)", tc.name, n, tc.b, u)
		}
	}
}

// TestRunStoppedUnitUnreported: a unit the cancel stops is not
// reported to done (its result is partial: reported, it would be
// recorded as counted, with a wrong total).
func TestRunStoppedUnitUnreported(t *testing.T) {
	p, err := NewPlan(21)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	time.AfterFunc(50*time.Millisecond, cancel)
	var got []tally.UnitResult
	// Unit 0 of N = 21 takes minutes: the cancel stops it.
	err = Run(ctx, p, []int{0}, 1, func(i int, r tally.UnitResult) {
		got = append(got, r)
	})
	if err == nil {
		t.Fatalf("Run returned nil; want the cancel's error")
	}
	if len(got) != 0 {
		t.Errorf("Run reported the stopped unit 0 as done with %+v; want no report", got)
	}
}
