package minconf

import "math/rand/v2"

// bijection is a seeded pseudorandom permutation of [0, n): index returns
// π(k). It is a handful of invertible steps on b-bit numbers (2^b ≥ n):
// add a key, multiply by an odd key, xor with the value shifted right.
// Values ≥ n are fed through again ("cycle walking"), which keeps the map
// a bijection of [0, n); since 2^b < 2n, fewer than two passes are needed
// on average.
type bijection struct {
	n     uint64
	mask  uint64
	shift uint
	add   [rounds]uint64
	mul   [rounds]uint64
}

// rounds is the number of add-multiply-xorshift rounds. π need not be
// cryptographic, only free of the regularities (arithmetic runs) that
// would bias the greedy phase; TestShuffleSpread checks its spread and
// BenchmarkShuffle its cost.
const rounds = 4

func newBijection(n int, rng *rand.Rand) bijection {
	b := uint(1)
	for 1<<b < n {
		b++
	}
	p := bijection{n: uint64(n), mask: 1<<b - 1, shift: max(1, b/2)}
	for r := range rounds {
		p.add[r] = rng.Uint64() & p.mask
		p.mul[r] = (rng.Uint64() | 1) & p.mask
	}
	return p
}

func (p *bijection) index(k uint64) uint64 {
	x := k
	for {
		for r := range rounds {
			x = (x + p.add[r]) & p.mask
			x = (x * p.mul[r]) & p.mask
			x ^= x >> p.shift
		}
		if x < p.n {
			return x
		}
	}
}

// shuffle fills perm with π(0), π(1), ….
func shuffle(perm []int32, rng *rand.Rand) {
	p := newBijection(len(perm), rng)
	for k := range perm {
		perm[k] = int32(p.index(uint64(k)))
	}
}
