package nqueens

import (
	"math/big"
	"math/bits"
	"strconv"

	"github.com/nqueens/nqueens/internal/run"
)

// A Uint128 is an unsigned 128-bit integer, the type of totals.
type Uint128 struct {
	Hi, Lo uint64
}

// Add returns x + y and whether the sum overflowed 128 bits.
func (x Uint128) Add(y Uint128) (sum Uint128, overflow bool) {
	lo, c := bits.Add64(x.Lo, y.Lo, 0)
	hi, c := bits.Add64(x.Hi, y.Hi, c)
	return Uint128{hi, lo}, c != 0
}

// addMul64 returns x + a·b and whether the result overflowed 128 bits.
func (x Uint128) addMul64(a, b uint64) (Uint128, bool) {
	hi, lo := bits.Mul64(a, b)
	return x.Add(Uint128{hi, lo})
}

// Uint64 returns x as a uint64 and whether it fits (x.Hi == 0).
func (x Uint128) Uint64() (uint64, bool) { return x.Lo, x.Hi == 0 }

// Big returns x as a new big.Int.
func (x Uint128) Big() *big.Int {
	b := new(big.Int).SetUint64(x.Hi)
	b.Lsh(b, 64)
	return b.Or(b, new(big.Int).SetUint64(x.Lo))
}

// String returns x in decimal.
func (x Uint128) String() string {
	if x.Hi == 0 {
		return strconv.FormatUint(x.Lo, 10)
	}
	return x.Big().String()
}

// MarshalJSON writes x as a JSON number, exactly, however large.
func (x Uint128) MarshalJSON() ([]byte, error) { return []byte(x.String()), nil }

// UnmarshalJSON reads a JSON number (or a string of digits) up to 2^128-1.
func (x *Uint128) UnmarshalJSON(b []byte) error {
	s := string(b)
	if len(s) >= 2 && s[0] == '"' {
		s = s[1 : len(s)-1]
	}
	v, _ := new(big.Int).SetString(s, 10)
	u, ok := run.FromBig(v)
	if !ok {
		return &strconv.NumError{Func: "Uint128", Num: s, Err: strconv.ErrRange}
	}
	*x = Uint128(u)
	return nil
}

// Add64 returns x + v and whether the sum overflowed 128 bits.
func (x Uint128) Add64(v uint64) (Uint128, bool) {
	lo, c := bits.Add64(x.Lo, v, 0)
	hi, c := bits.Add64(x.Hi, 0, c)
	return Uint128{hi, lo}, c != 0
}
