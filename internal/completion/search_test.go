package completion

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nqueens/nqueens/internal/oeis"
)

// a000170 reads A000170 from the repository's testdata.
func a000170(t *testing.T) map[int]uint64 {
	t.Helper()
	m, err := oeis.Load("a000170")
	if err != nil {
		t.Fatal(err)
	}
	return oeis.Uint64s(m)
}

func TestCountEmpty(t *testing.T) {
	want := a000170(t)
	for n := 1; n <= 10; n++ {
		got, st, err := Count(context.Background(), &Board{N: n})
		if err != nil || got != want[n] {
			t.Errorf("Count(empty %d×%d) = %d, %v; want %d", n, n, got, err, want[n])
		}
		if n >= 4 && st.Nodes == 0 {
			t.Errorf("Count(empty %d×%d) reports no nodes", n, n)
		}
	}
}

// solutionsBrute lists every solution of n by testing all n! permutations.
func solutionsBrute(n int) [][]int {
	var out [][]int
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	var rec func(k int)
	rec = func(k int) {
		if k == n {
			for i := range n {
				for j := i + 1; j < n; j++ {
					if p[j]-p[i] == j-i || p[i]-p[j] == j-i {
						return
					}
				}
			}
			out = append(out, slices.Clone(p))
			return
		}
		for i := k; i < n; i++ {
			p[k], p[i] = p[i], p[k]
			rec(k + 1)
			p[k], p[i] = p[i], p[k]
		}
	}
	rec(0)
	return out
}

// countBrute counts the solutions that contain b's queens and avoid its
// blocked squares: by definition, the completions of b.
func countBrute(b *Board, sols [][]int) uint64 {
	var k uint64
next:
	for _, s := range sols {
		for _, q := range b.Queens {
			if s[q.Row] != q.Col {
				continue next
			}
		}
		for r, c := range s {
			if b.IsBlocked(r, c) {
				continue next
			}
		}
		k++
	}
	return k
}

// checkAll compares Count, All and First with the brute force on b.
func checkAll(t *testing.T, b *Board, sols [][]int) {
	t.Helper()
	ctx := context.Background()
	want := countBrute(b, sols)
	got, _, err := Count(ctx, b)
	if err != nil || got != want {
		t.Fatalf("Count(\n%s) = %d, %v; want %d", b, got, err, want)
	}
	var seen [][]int
	if _, err := All(ctx, b, func(cols []int) bool {
		seen = append(seen, slices.Clone(cols))
		return true
	}); err != nil {
		t.Fatal(err)
	}
	if uint64(len(seen)) != want {
		t.Fatalf("All(\n%s) yielded %d; want %d", b, len(seen), want)
	}
	for _, s := range seen {
		if !slices.ContainsFunc(sols, func(x []int) bool { return slices.Equal(x, s) }) {
			t.Fatalf("All(\n%s) yielded %v, not a solution", b, s)
		}
		for _, q := range b.Queens {
			if s[q.Row] != q.Col {
				t.Fatalf("All(\n%s) yielded %v without queen %v", b, s, q)
			}
		}
		for r, c := range s {
			if b.IsBlocked(r, c) {
				t.Fatalf("All(\n%s) yielded %v using blocked %d:%d", b, s, r+1, c+1)
			}
		}
	}
	slices.SortFunc(seen, slices.Compare)
	if len(slices.CompactFunc(seen, slices.Equal)) != len(seen) {
		t.Fatalf("All(\n%s) yielded duplicates", b)
	}
	first, _, err := First(ctx, b)
	if err != nil || (first == nil) != (want == 0) {
		t.Fatalf("First(\n%s) = %v, %v; want %d completions", b, first, err, want)
	}
}

// TestPartialsOfSolutions checks every subset of the queens of every
// solution for n ≤ 7, and of a sample for n = 8, against brute force.
func TestPartialsOfSolutions(t *testing.T) {
	for n := 1; n <= 8; n++ {
		sols := solutionsBrute(n)
		for si, s := range sols {
			if n == 8 && si%8 != 0 {
				continue
			}
			for mask := range 1 << n {
				b := &Board{N: n}
				for r := range n {
					if mask>>r&1 != 0 {
						b.Queens = append(b.Queens, Square{r, s[r]})
					}
				}
				checkAll(t, b, sols)
			}
		}
	}
}

// TestRandomBlockings mixes random partial placements (from solutions) and
// random blocked squares for n ≤ 8.
func TestRandomBlockings(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 1; n <= 8; n++ {
		sols := solutionsBrute(n)
		for range 300 {
			b := &Board{N: n}
			if len(sols) > 0 && rng.IntN(2) == 0 {
				s := sols[rng.IntN(len(sols))]
				for r := range n {
					if rng.IntN(4) == 0 {
						b.Queens = append(b.Queens, Square{r, s[r]})
					}
				}
			}
			p := rng.Float64() * 0.3
			for r := range n {
				for c := range n {
					if rng.Float64() < p && !slices.Contains(b.Queens, Square{r, c}) {
						b.Block(r, c)
					}
				}
			}
			checkAll(t, b, sols)
		}
	}
}

func TestErrors(t *testing.T) {
	ctx := context.Background()
	b := &Board{N: 5, Queens: []Square{{0, 0}, {2, 2}}}
	if _, _, err := Count(ctx, b); !errors.Is(err, ErrAttack) {
		t.Errorf("Count with attacking queens = %v; want ErrAttack", err)
	}
	if _, err := All(ctx, b, func([]int) bool { return true }); !errors.Is(err, ErrAttack) {
		t.Errorf("All with attacking queens = %v; want ErrAttack", err)
	}
	if _, _, err := First(ctx, &Board{N: 70}); !errors.Is(err, ErrSize) {
		t.Errorf("First(70×70) = %v; want ErrSize", err)
	}
	// A given queen that fills its row leaves the rest to complete.
	full := &Board{N: 4, Queens: []Square{{0, 1}, {1, 3}, {2, 0}, {3, 2}}}
	if k, _, err := Count(ctx, full); k != 1 || err != nil {
		t.Errorf("Count(full board) = %d, %v; want 1", k, err)
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Count(ctx, &Board{N: 20}); !errors.Is(err, context.Canceled) {
		t.Errorf("Count with a cancelled context = %v; want context.Canceled", err)
	}
}

func TestStopEarly(t *testing.T) {
	k := 0
	if _, err := All(context.Background(), &Board{N: 8}, func([]int) bool { k++; return k < 5 }); err != nil || k != 5 {
		t.Errorf("All stopped after %d, %v; want 5", k, err)
	}
}
