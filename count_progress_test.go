package nqueens

import (
	"context"
	"testing"
)

func TestProgress(t *testing.T) {
	var calls []Progress
	res, err := Count(context.Background(), 11, CountOptions{Workers: 2, Progress: func(p Progress) { calls = append(calls, p) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) != res.Units+1 {
		t.Fatalf("Progress called %d times; want %d (start + one per unit)", len(calls), res.Units+1)
	}
	for i, p := range calls {
		if p.UnitsDone != i || p.UnitsTotal != res.Units || p.N != 11 {
			t.Errorf("call %d: %d/%d units, n %d; want %d/%d, 11", i, p.UnitsDone, p.UnitsTotal, p.N, i, res.Units)
		}
	}
	last := calls[len(calls)-1]
	if last.Solutions != res.Solutions || last.Unique != res.Unique || last.Fraction() != 1 {
		t.Errorf("last progress %+v; want the result's totals %v/%v and fraction 1", last, res.Solutions, res.Unique)
	}
	if d, ok := last.Remaining(); !ok || d != 0 {
		t.Errorf("last progress Remaining() = %v, %v; want 0, true", d, ok)
	}
	// The classic methods report one unit.
	calls = nil
	if _, err := Count(context.Background(), 6, CountOptions{Method: MethodArrays, Progress: func(p Progress) { calls = append(calls, p) }}); err != nil || len(calls) != 2 || calls[1].UnitsDone != 1 {
		t.Errorf("Count(6, arrays) progress calls %+v, err %v; want 0/1 then 1/1", calls, err)
	}
}
