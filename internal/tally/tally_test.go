package tally

import (
	"encoding/json"
	"errors"
	"math/big"
	"math/rand/v2"
	"strconv"
	"testing"
)

const max64 = ^uint64(0)

var (
	two64  = new(big.Int).Lsh(big.NewInt(1), 64)
	two128 = new(big.Int).Lsh(big.NewInt(1), 128)
)

// edges are the values next to every carry: 0, 1, 2^64−1, 2^64, 2^128−1
// and their neighbours, and 10^19 (where String splits) ± 1.
var edges = []Uint128{
	{0, 0}, {0, 1}, {0, 2}, {0, max64 - 1}, {0, max64}, {1, 0}, {1, 1}, {1, max64},
	{2, 0}, {max64 - 1, max64}, {max64, 0}, {max64, 1}, {max64, max64 - 1}, {max64, max64},
	{0, e19 - 1}, {0, e19}, {0, e19 + 1}, {1 << 63, 0}, {0, 1 << 63},
}

// mod128 returns b mod 2^128 as a Uint128 and whether b was 2^128 or more.
func mod128(t *testing.T, b *big.Int) (Uint128, bool) {
	t.Helper()
	over := b.Cmp(two128) >= 0
	m := new(big.Int).Mod(b, two128)
	u, ok := FromBig(m)
	if !ok {
		t.Fatalf("FromBig(%v) does not fit", m)
	}
	return u, over
}

// values returns the edges and n random values of random widths.
func values(n int) []Uint128 {
	r := rand.New(rand.NewPCG(1, 2))
	out := append([]Uint128(nil), edges...)
	for range n {
		x := Uint128{r.Uint64(), r.Uint64()}
		switch r.IntN(4) {
		case 0:
			x.Hi = 0
		case 1:
			x.Hi >>= r.IntN(64)
		case 2:
			x.Hi = max64
		}
		out = append(out, x)
	}
	return out
}

func TestAdd(t *testing.T) {
	vs := values(60)
	for _, x := range vs {
		for _, y := range vs {
			want, wo := mod128(t, new(big.Int).Add(x.Big(), y.Big()))
			if got, o := x.Add(y); got != want || o != wo {
				t.Errorf("%v.Add(%v) = %v, %v; want %v, %v", x, y, got, o, want, wo)
			}
			if got, o := x.Add64(y.Lo); y.Hi == 0 && (got != want || o != wo) {
				t.Errorf("%v.Add64(%d) = %v, %v; want %v, %v", x, y.Lo, got, o, want, wo)
			}
		}
	}
}

func TestAddCarries(t *testing.T) {
	for _, tc := range []struct {
		x    Uint128
		v    uint64
		want Uint128
		o    bool
	}{
		{Uint128{0, max64}, 1, Uint128{1, 0}, false},
		{Uint128{0, max64}, max64, Uint128{1, max64 - 1}, false},
		{Uint128{max64 - 1, max64}, 1, Uint128{max64, 0}, false},
		{Uint128{max64, max64}, 1, Uint128{0, 0}, true},
		{Uint128{max64, max64}, max64, Uint128{0, max64 - 1}, true},
		{Uint128{max64, 0}, max64, Uint128{max64, max64}, false},
		{Uint128{}, 0, Uint128{}, false},
	} {
		if got, o := tc.x.Add64(tc.v); got != tc.want || o != tc.o {
			t.Errorf("%v.Add64(%d) = %v, %v; want %v, %v", tc.x, tc.v, got, o, tc.want, tc.o)
		}
		if got, o := tc.x.Add(Uint128{Lo: tc.v}); got != tc.want || o != tc.o {
			t.Errorf("%v.Add(%d) = %v, %v; want %v, %v", tc.x, tc.v, got, o, tc.want, tc.o)
		}
	}
	// The carry out of Hi alone: 2^127 + 2^127 = 2^128.
	if got, o := (Uint128{1 << 63, 0}).Add(Uint128{1 << 63, 0}); got != (Uint128{}) || !o {
		t.Errorf("2^127 + 2^127 = %v, %v; want 0, true", got, o)
	}
}

func TestAddMul64(t *testing.T) {
	vs := values(40)
	fs := []uint64{0, 1, 2, 3, 1 << 32, max64 - 1, max64, 0x9e3779b97f4a7c15}
	for _, x := range vs {
		for _, a := range fs {
			for _, b := range fs {
				p := new(big.Int).Mul(new(big.Int).SetUint64(a), new(big.Int).SetUint64(b))
				want, wo := mod128(t, p.Add(p, x.Big()))
				if got, o := x.AddMul64(a, b); got != want || o != wo {
					t.Errorf("%v.AddMul64(%d, %d) = %v, %v; want %v, %v", x, a, b, got, o, want, wo)
				}
			}
		}
	}
	// (2^64−1)² + (2^64−1) = 2^128 − 2^64 fits; 2^64 more overflows.
	x, o := Uint128{0, max64}.AddMul64(max64, max64)
	if o || x != (Uint128{max64, 0}) {
		t.Errorf("(2^64−1)² + 2^64−1 = %v, %v; want {%d 0}, false", x, o, max64)
	}
	if got, o := x.AddMul64(1<<32, 1<<32); !o || got != (Uint128{}) {
		t.Errorf("2^128−2^64 + 2^64 = %v, %v; want 0, true", got, o)
	}
}

func TestUint64(t *testing.T) {
	for _, x := range edges {
		v, ok := x.Uint64()
		if v != x.Lo || ok != (x.Hi == 0) {
			t.Errorf("%v.Uint64() = %d, %v; want %d, %v", x, v, ok, x.Lo, x.Hi == 0)
		}
	}
}

func TestStringBig(t *testing.T) {
	for _, x := range values(2000) {
		b := x.Big()
		if b.Sign() < 0 || b.BitLen() > 128 || new(big.Int).Rsh(b, 64).Uint64() != x.Hi || new(big.Int).Mod(b, two64).Uint64() != x.Lo {
			t.Fatalf("%#v.Big() = %v", x, b)
		}
		if s, want := x.String(), b.String(); s != want {
			t.Errorf("%#v.String() = %s; want %s", x, s, want)
		}
		if got, ok := FromBig(b); !ok || got != x {
			t.Errorf("FromBig(%v) = %v, %v; want %v, true", b, got, ok, x)
		}
	}
	for _, tc := range []struct {
		x    Uint128
		want string
	}{
		{Uint128{}, "0"},
		{Uint128{0, 42}, "42"},
		{Uint128{0, max64}, "18446744073709551615"},
		{Uint128{1, 0}, "18446744073709551616"},
		{Uint128{0x8000000000000000, 0}, "170141183460469231731687303715884105728"},
		{Uint128{max64, max64}, "340282366920938463463374607431768211455"},
		// 10^19·10^19 = 10^38, and 10^19·(2^64+1): zeros inside each half.
		{Uint128{0x4b3b4ca85a86c47a, 0x098a224000000000}, "100000000000000000000000000000000000000"},
		{Uint128{0x8ac7230489e80000, 0x8ac7230489e80000}, "184467440737095516170000000000000000000"},
	} {
		if s := tc.x.String(); s != tc.want {
			t.Errorf("%#v.String() = %s; want %s", tc.x, s, tc.want)
		}
	}
}

func TestFromBigRange(t *testing.T) {
	for _, tc := range []struct {
		b    *big.Int
		want Uint128
		ok   bool
	}{
		{nil, Uint128{}, false},
		{big.NewInt(-1), Uint128{}, false},
		{big.NewInt(0), Uint128{}, true},
		{new(big.Int).Sub(two128, big.NewInt(1)), Uint128{max64, max64}, true},
		{two128, Uint128{}, false},
		{two64, Uint128{1, 0}, true},
	} {
		if got, ok := FromBig(tc.b); got != tc.want || ok != tc.ok {
			t.Errorf("FromBig(%v) = %v, %v; want %v, %v", tc.b, got, ok, tc.want, tc.ok)
		}
	}
}

func TestJSON(t *testing.T) {
	for _, x := range values(200) {
		b, err := json.Marshal(x)
		if err != nil || string(b) != x.String() {
			t.Fatalf("json.Marshal(%v) = %s, %v; want %s", x, b, err, x.String())
		}
		var y Uint128
		if err := json.Unmarshal(b, &y); err != nil || y != x {
			t.Errorf("json.Unmarshal(%s) = %v, %v; want %v", b, y, err, x)
		}
		if err := json.Unmarshal([]byte(strconv.Quote(x.String())), &y); err != nil || y != x {
			t.Errorf("json.Unmarshal(%q) = %v, %v; want %v", x.String(), y, err, x)
		}
	}
	for _, in := range []string{"340282366920938463463374607431768211456", "-1", "1.5", `"x"`, `""`} {
		x := Uint128{7, 7}
		err := x.UnmarshalJSON([]byte(in))
		var ne *strconv.NumError
		if !errors.As(err, &ne) || ne.Func != "Uint128" || !errors.Is(err, strconv.ErrRange) || x != (Uint128{7, 7}) {
			t.Errorf("UnmarshalJSON(%s) = %v, x = %v; want a range error, x unchanged", in, err, x)
		}
	}
}

func TestUnitResultJSON(t *testing.T) {
	for _, tc := range []struct {
		u    UnitResult
		want string
	}{
		{UnitResult{ID: 3, Total: 16, Unique: 2, Nodes: 7}, `{"id":3,"total":16,"unique":2,"nodes":7}`},
		{UnitResult{ID: 1, Total: 40}, `{"id":1,"total":40}`},
	} {
		b, err := json.Marshal(tc.u)
		if err != nil || string(b) != tc.want {
			t.Errorf("json.Marshal(%+v) = %s, %v; want %s", tc.u, b, err, tc.want)
		}
	}
}
