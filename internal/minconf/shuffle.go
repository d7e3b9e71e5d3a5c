package minconf

import "math/rand/v2"

// bijection is a seeded pseudorandom permutation of [0, 2^b), 2^b the
// smallest power of two ≥ n: step is a handful of invertible steps on b-bit
// numbers: add a key, multiply by an odd key, xor with the value shifted
// right. shuffle keeps the values < n in the order step gives them, which
// is a bijection of [0, n); since 2^b < 2n, fewer than 2n values are made.
type bijection struct {
	n     uint64
	mask  uint64
	shift uint
	add   [rounds]uint64
	mul   [rounds]uint64
}

// rounds is the number of add-multiply-xorshift rounds. π need not be
// cryptographic, only free of the regularities (arithmetic runs) that
// would bias the greedy phase; TestShuffle checks that shuffle gives a
// permutation and spreads it, BenchmarkShuffle its cost.
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

// step is one pass of the rounds: a bijection of [0, 2^b).
func (p *bijection) step(x uint64) uint64 {
	for r := range rounds {
		x = (x + p.add[r]) & p.mask
		x = (x * p.mul[r]) & p.mask
		x ^= x >> p.shift
	}
	return x
}

// shuffle fills perm with the values < N of step(0), step(1), … in that
// order: a bijection of [0, N), as random as cycle walking but without
// its branch on x < N (taken or not at random, up to half the time):
// every value is stored and the output index advances by (x < N) without
// a branch.
// BenchmarkShuffle, N = 10^6: 16.1 ns a queen with cycle walking
// (π(k) = step(step(…k)) until < N, one branch per pass), 7.3–8.7 ns so.
func shuffle(perm []int32, rng *rand.Rand) {
	p := newBijection(len(perm), rng)
	n := uint64(len(perm))
	j := 0
	for k := uint64(0); j < len(perm); k++ {
		x := p.step(k)
		perm[j] = int32(x)
		j += int((x - n) >> 63) // 1 if x < n
	}
}
