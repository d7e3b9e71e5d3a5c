package completion

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
)

// The generators build the three instance families of Gent, Jefferson and
// Nightingale (JAIR 2017) from a seed, with a PCG generator from
// math/rand/v2: the same arguments give the same board. They return an
// error wrapping ErrSize for n outside 1..MaxN and an error for a negative
// or impossible count.

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x636f6d706c657465)) } // "complete"

func checkGen(n, k int, what string, most int) error {
	if n < 1 || n > MaxN {
		return fmt.Errorf("%w: n = %d is outside 1..%d", ErrSize, n, MaxN)
	}
	if k < 0 || k > most {
		return fmt.Errorf("%d %s: want 0..%d on a %d×%d board", k, what, most, n, n)
	}
	return nil
}

// Preplaced returns an n×n board with k queens, each placed on a square
// chosen uniformly among those no earlier queen attacks. If the board
// fills up before k queens are placed (possible for k near n), it starts
// over, up to 1000 times, then returns an error. Whether the queens can be
// completed is left to the solver: that is the question the family asks.
func Preplaced(n, k int, seed uint64) (*Board, error) {
	if err := checkGen(n, k, "queens", n); err != nil {
		return nil, err
	}
	rng := newRand(seed)
	full := fullMask(n)
	for range 1000 {
		b := &Board{N: n}
		var attacked [MaxN]uint64
		for len(b.Queens) < k {
			// Pick the j-th free square in row-major order.
			total := 0
			for r := range n {
				total += bits.OnesCount64(full &^ attacked[r])
			}
			if total == 0 {
				break
			}
			j := rng.IntN(total)
			for r := range n {
				free := full &^ attacked[r]
				if c := bits.OnesCount64(free); j >= c {
					j -= c
					continue
				}
				for ; j > 0; j-- {
					free &= free - 1
				}
				c := bits.TrailingZeros64(free)
				b.Queens = append(b.Queens, Square{r, c})
				for rr := range n {
					d := rr - r
					attacked[rr] |= 1<<uint(c) | 1<<uint(c+d) | 1<<uint(c-d)
				}
				attacked[r] = ^uint64(0)
				break
			}
		}
		if len(b.Queens) == k {
			return b, nil
		}
	}
	return nil, fmt.Errorf("could not place %d non-attacking queens on a %d×%d board in 1000 attempts", k, n, n)
}

// fullMask returns the mask of columns 0..n-1.
func fullMask(n int) uint64 {
	if n >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(n) - 1
}

// BlockedSquares returns an n×n board with k distinct squares blocked,
// chosen uniformly at random, and no queens.
func BlockedSquares(n, k int, seed uint64) (*Board, error) {
	if err := checkGen(n, k, "blocked squares", n*n); err != nil {
		return nil, err
	}
	rng := newRand(seed)
	b := &Board{N: n}
	// Partial Fisher–Yates over the n² squares.
	sq := make([]int, n*n)
	for i := range sq {
		sq[i] = i
	}
	for i := range k {
		j := i + rng.IntN(len(sq)-i)
		sq[i], sq[j] = sq[j], sq[i]
		b.Block(sq[i]/n, sq[i]%n)
	}
	return b, nil
}

// ExcludedDiagonals returns an n×n board with k whole diagonals blocked,
// the family with a phase transition near n = 20–22, k = 18–21. The 2(2n-1)
// diagonals of both directions are taken in random order; each is blocked
// unless that would leave some row or column with 4 or fewer open
// squares, in which case it is skipped. If the diagonals run out first,
// ExcludedDiagonals returns an error saying how many it could block.
func ExcludedDiagonals(n, k int, seed uint64) (*Board, error) {
	if err := checkGen(n, k, "diagonals", 2*(2*n-1)); err != nil {
		return nil, err
	}
	rng := newRand(seed)
	b := &Board{N: n}
	m := 2 * (2*n - 1)
	order := rng.Perm(m)
	done := 0
	for _, x := range order {
		if done == k {
			break
		}
		// x < 2n-1: down diagonal r-c = x-(n-1); else up diagonal r+c = x-(2n-1).
		var squares [MaxN]uint64
		for r := range n {
			var c int
			if x < 2*n-1 {
				c = r - (x - (n - 1))
			} else {
				c = x - (2*n - 1) - r
			}
			if c >= 0 && c < n {
				squares[r] = 1 << uint(c)
			}
		}
		ok := true
		var colBlocked [MaxN]int
		for r := range n {
			if n-bits.OnesCount64(b.Blocked[r]|squares[r]) <= 4 {
				ok = false
				break
			}
			for m := b.Blocked[r] | squares[r]; m != 0; m &= m - 1 {
				colBlocked[bits.TrailingZeros64(m)]++
			}
		}
		for c := 0; ok && c < n; c++ {
			if n-colBlocked[c] <= 4 {
				ok = false
			}
		}
		if !ok {
			continue
		}
		for r := range n {
			b.Blocked[r] |= squares[r]
		}
		done++
	}
	if done < k {
		return nil, fmt.Errorf("could block only %d of %d diagonals on a %d×%d board", done, k, n, n)
	}
	return b, nil
}
