// Package tally holds the values a count produces, in one definition
// that the engines (internal/kernel, internal/quadrant, internal/gpu),
// the shard records (internal/shard), the orchestration (internal/run)
// and the root package share, so that none converts them at its edge:
// Uint128, a 128-bit total, and UnitResult, what counting one work unit
// found. It imports nothing of the module.
//
// The root package's Uint128 is a defined type of this one whose
// methods call these (all but AddMul64), and its UnitResult is this one.
package tally

import (
	"math/big"
	"math/bits"
	"strconv"
)

// A Uint128 is an unsigned 128-bit integer, Hi·2^64 + Lo: the type of
// totals. The zero value is 0.
type Uint128 struct {
	Hi, Lo uint64
}

// Add returns x + y and whether the sum overflowed 128 bits (then sum is
// x + y − 2^128).
func (x Uint128) Add(y Uint128) (sum Uint128, overflow bool) {
	lo, c := bits.Add64(x.Lo, y.Lo, 0)
	hi, c := bits.Add64(x.Hi, y.Hi, c)
	return Uint128{hi, lo}, c != 0
}

// Add64 returns x + v and whether the sum overflowed 128 bits (then sum
// is x + v − 2^128).
func (x Uint128) Add64(v uint64) (sum Uint128, overflow bool) {
	return x.Add(Uint128{Lo: v})
}

// AddMul64 returns x + a·b and whether the result overflowed 128 bits
// (then it is x + a·b − 2^128). a·b itself always fits: it is at most
// (2^64−1)², less than 2^128.
func (x Uint128) AddMul64(a, b uint64) (sum Uint128, overflow bool) {
	hi, lo := bits.Mul64(a, b)
	return x.Add(Uint128{hi, lo})
}

// Uint64 returns x as a uint64 and whether it fits (x.Hi == 0); when it
// does not, the value is x.Lo, x modulo 2^64.
func (x Uint128) Uint64() (uint64, bool) { return x.Lo, x.Hi == 0 }

// Big returns x as a new big.Int.
func (x Uint128) Big() *big.Int {
	b := new(big.Int).SetUint64(x.Hi)
	b.Lsh(b, 64)
	return b.Or(b, new(big.Int).SetUint64(x.Lo))
}

// FromBig returns b as a Uint128 and whether it fits: false, and 0, for
// nil, a negative b or one of more than 128 bits.
func FromBig(b *big.Int) (Uint128, bool) {
	if b == nil || b.Sign() < 0 || b.BitLen() > 128 {
		return Uint128{}, false
	}
	var lo, hi big.Int
	lo.SetUint64(^uint64(0))
	lo.And(&lo, b)
	hi.Rsh(b, 64)
	return Uint128{Hi: hi.Uint64(), Lo: lo.Uint64()}, true
}

// e19 is 10^19, the largest power of ten below 2^64.
const e19 = 10_000_000_000_000_000_000

// String returns x in decimal, without leading zeros ("0" for 0).
func (x Uint128) String() string {
	if x.Hi == 0 {
		return strconv.FormatUint(x.Lo, 10)
	}
	// x = (q1·2^64 + q0)·10^19 + r0, and q1·2^64 + q0 = q·10^19 + r;
	// q1 ≤ 1 and q ≤ 3 since x < 2^128 < 4·10^38.
	q1, r1 := bits.Div64(0, x.Hi, e19)
	q0, r0 := bits.Div64(r1, x.Lo, e19)
	b := make([]byte, 0, 39)
	if q1 == 0 {
		b = strconv.AppendUint(b, q0, 10) // q0 ≥ 1: x ≥ 2^64 > 10^19
	} else {
		q, r := bits.Div64(q1, q0, e19)
		b = strconv.AppendUint(b, q, 10)
		b = append19(b, r)
	}
	return string(append19(b, r0))
}

// append19 appends v < 10^19 in 19 digits, with leading zeros.
func append19(b []byte, v uint64) []byte {
	var d [19]byte
	for i := len(d) - 1; i >= 0; i-- {
		d[i] = byte('0' + v%10)
		v /= 10
	}
	return append(b, d[:]...)
}

// MarshalJSON writes x as a JSON number, exactly, however large.
func (x Uint128) MarshalJSON() ([]byte, error) { return []byte(x.String()), nil }

// UnmarshalJSON reads a JSON number, or a JSON string of its digits, up
// to 2^128−1 (what math/big's SetString reads in base 10). Anything else
// is an error, a *strconv.NumError for Func "Uint128" with Err
// strconv.ErrRange, and leaves x as it was.
func (x *Uint128) UnmarshalJSON(b []byte) error {
	s := string(b)
	if len(s) >= 2 && s[0] == '"' {
		s = s[1 : len(s)-1]
	}
	v, _ := new(big.Int).SetString(s, 10)
	u, ok := FromBig(v)
	if !ok {
		return &strconv.NumError{Func: "Uint128", Num: s, Err: strconv.ErrRange}
	}
	*x = u
	return nil
}

// A UnitResult is what counting one work unit found: its ID in its
// plan; Total, its share of the number of solutions (A000170), already
// weighted by its symmetries; Unique, its share of the solutions up to
// symmetry (A002562); and Nodes, the queens its search placed. Summed
// over the units of a plan, Total and Unique give the two counts. The
// join counts totals only: its Unique and Nodes are 0.
//
// The JSON names are those of a unit in a shard record (internal/shard),
// unique and nodes left out when 0.
type UnitResult struct {
	ID     int    `json:"id"`
	Total  uint64 `json:"total"`
	Unique uint64 `json:"unique,omitempty"`
	Nodes  uint64 `json:"nodes,omitempty"`
}
