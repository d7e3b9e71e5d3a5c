package nqueens

import (
	"math/big"

	"github.com/nqueens/nqueens/internal/tally"
)

// A Uint128 is an unsigned 128-bit integer, the type of totals: the
// value Hi·2^64 + Lo of its fields Hi and Lo, as in Uint128{Hi: 1} for
// 2^64. The zero value is 0.
type Uint128 tally.Uint128 // struct{ Hi, Lo uint64 }, with the engines' arithmetic

// Add returns x + y and whether the sum overflowed 128 bits (then sum is
// x + y − 2^128).
func (x Uint128) Add(y Uint128) (sum Uint128, overflow bool) {
	s, o := tally.Uint128(x).Add(tally.Uint128(y))
	return Uint128(s), o
}

// Add64 returns x + v and whether the sum overflowed 128 bits (then sum
// is x + v − 2^128).
func (x Uint128) Add64(v uint64) (sum Uint128, overflow bool) {
	s, o := tally.Uint128(x).Add64(v)
	return Uint128(s), o
}

// Uint64 returns x as a uint64 and whether it fits (x.Hi == 0); when it
// does not, the value is x.Lo, x modulo 2^64.
func (x Uint128) Uint64() (uint64, bool) { return tally.Uint128(x).Uint64() }

// Big returns x as a new big.Int.
func (x Uint128) Big() *big.Int { return tally.Uint128(x).Big() }

// String returns x in decimal, without leading zeros ("0" for 0).
func (x Uint128) String() string { return tally.Uint128(x).String() }

// MarshalJSON writes x as a JSON number, exactly, however large.
func (x Uint128) MarshalJSON() ([]byte, error) { return tally.Uint128(x).MarshalJSON() }

// UnmarshalJSON reads a JSON number, or a JSON string of its digits, up
// to 2^128−1. Anything else is an error, a *strconv.NumError for Func
// "Uint128" with Err strconv.ErrRange, and leaves x as it was.
func (x *Uint128) UnmarshalJSON(b []byte) error { return (*tally.Uint128)(x).UnmarshalJSON(b) }
