package minconf

import (
	"context"
	"testing"
)

// TestPhasesRestores runs Phases with every knob turned and checks that
// the package globals it sets are back afterwards, so that it cannot
// change the searches that follow it; and that it refuses a board
// outside 4..MaxN.
func TestPhasesRestores(t *testing.T) {
	before := [...]uint{maxBlockShift, colBandShift}
	beforeTouch := noTouch
	o := PhaseOptions{MaxBlockShift: maxBlockShift + 1, ColBandShift: colBandShift + 1, NoTouch: true}
	pt, err := Phases(context.Background(), 1000, o)
	if err != nil || pt.Stats.Tries < 1000 {
		t.Errorf("Phases(1000, %+v) = %+v, %v; want at least 1000 tries, nil", o, pt, err)
	}
	if got := [...]uint{maxBlockShift, colBandShift}; got != before || noTouch != beforeTouch {
		t.Errorf("after Phases: maxBlockShift, colBandShift = %v, noTouch = %v; want %v, %v", got, noTouch, before, beforeTouch)
	}
	for _, n := range []int{3, MaxN + 1} {
		if _, err := Phases(context.Background(), n, PhaseOptions{}); err == nil {
			t.Errorf("Phases(%d) error = nil; want one (n outside 4..%d)", n, MaxN)
		}
	}
}
