package nqueens

import (
	"encoding/json"
	"errors"
	"strconv"
	"testing"

	"github.com/nqueens/nqueens/internal/tally"
)

// TestUint128Methods checks that each method of Uint128 gives what the
// engines' type's does (internal/tally tests the arithmetic itself).
func TestUint128Methods(t *testing.T) {
	max64 := ^uint64(0)
	xs := []Uint128{{}, {0, 1}, {0, max64}, {1, 0}, {1, 2}, {max64, 0}, {max64, max64}, {0x4b3b4ca85a86c47a, 0x098a224000000000}}
	for _, x := range xs {
		tx := tally.Uint128(x)
		for _, y := range xs {
			s, o := x.Add(y)
			ts, to := tx.Add(tally.Uint128(y))
			if s != Uint128(ts) || o != to {
				t.Errorf("%v.Add(%v) = %v, %v; want %v, %v", x, y, s, o, ts, to)
			}
			s, o = x.Add64(y.Lo)
			ts, to = tx.Add64(y.Lo)
			if s != Uint128(ts) || o != to {
				t.Errorf("%v.Add64(%d) = %v, %v; want %v, %v", x, y.Lo, s, o, ts, to)
			}
		}
		if v, ok := x.Uint64(); v != x.Lo || ok != (x.Hi == 0) {
			t.Errorf("%v.Uint64() = %d, %v; want %d, %v", x, v, ok, x.Lo, x.Hi == 0)
		}
		if got, want := x.String(), tx.Big().String(); got != want || x.Big().String() != want {
			t.Errorf("%#v.String() = %s, Big %v; want %s", x, got, x.Big(), want)
		}
		// As the command writes and reads it: a value and a pointer field.
		type rec struct {
			A Uint128  `json:"a"`
			B *Uint128 `json:"b,omitempty"`
		}
		b, err := json.Marshal(rec{x, &x})
		if want := `{"a":` + x.String() + `,"b":` + x.String() + `}`; err != nil || string(b) != want {
			t.Fatalf("json.Marshal(%v) = %s, %v; want %s", x, b, err, want)
		}
		var r rec
		if err := json.Unmarshal(b, &r); err != nil || r.A != x || r.B == nil || *r.B != x {
			t.Errorf("json.Unmarshal(%s) = %v, %v; want %v twice", b, r, err, x)
		}
	}
	x := Uint128{7, 7}
	err := x.UnmarshalJSON([]byte("340282366920938463463374607431768211456"))
	if !errors.Is(err, strconv.ErrRange) || x != (Uint128{7, 7}) {
		t.Errorf("UnmarshalJSON(2^128) = %v, x = %v; want a range error, x unchanged", err, x)
	}
}

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
	}
	if s := (Uint128{1, 0}).String(); s != "18446744073709551616" {
		t.Errorf("2^64 prints as %s", s)
	}
}
