package nqueens

import "testing"

func TestUint128Carry(t *testing.T) {
	max64 := ^uint64(0)
	for _, tc := range []struct {
		x       Uint128
		v       uint64
		want    Uint128
		overflw bool
	}{
		{Uint128{0, max64}, 1, Uint128{1, 0}, false},
		{Uint128{0, max64}, max64, Uint128{1, max64 - 1}, false},
		{Uint128{max64 - 1, max64}, 1, Uint128{max64, 0}, false},
		{Uint128{max64, max64}, 1, Uint128{0, 0}, true},
		{Uint128{max64, 0}, max64, Uint128{max64, max64}, false},
	} {
		if got, o := tc.x.Add64(tc.v); got != tc.want || o != tc.overflw {
			t.Errorf("%v.Add64(%d) = %v, %v; want %v, %v", tc.x, tc.v, got, o, tc.want, tc.overflw)
		}
		if got, o := tc.x.Add(Uint128{0, tc.v}); got != tc.want || o != tc.overflw {
			t.Errorf("%v.Add(%d) = %v, %v; want %v, %v", tc.x, tc.v, got, o, tc.want, tc.overflw)
		}
		if got, o := tc.x.addMul64(tc.v, 1); got != tc.want || o != tc.overflw {
			t.Errorf("%v.addMul64(%d, 1) = %v, %v; want %v, %v", tc.x, tc.v, got, o, tc.want, tc.overflw)
		}
	}
	// (2^64-1)^2 + (2^64-1) = 2^128 - 2^64: fits; once more overflows.
	x, o := Uint128{0, max64}.addMul64(max64, max64)
	if o || x != (Uint128{max64, 0}) {
		t.Errorf("addMul64 (2^64-1)^2 = %v, %v; want {%d 0}, false", x, o, max64)
	}
	if _, o := x.addMul64(1<<32, 1<<32); !o {
		t.Errorf("2^128-2^64 + 2^64: no overflow reported")
	}
	if s := (Uint128{1, 0}).String(); s != "18446744073709551616" {
		t.Errorf("2^64 prints as %s", s)
	}
}
