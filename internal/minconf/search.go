package minconf

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/nqueens/nqueens/internal/validate"
)

// MaxN is the largest board Solve accepts: 10^9 queens take about 5.1 GB
// (see the package comment), and N = 2^31-1 would need 11 GB.
const MaxN = 1_000_000_000

// ErrNoSolution is returned for board sizes without a solution: 2 and 3.
var ErrNoSolution = errors.New("no solution")

// ErrMemory is returned when the search would need more memory than the
// process can get (see MemoryNeeded).
var ErrMemory = errors.New("not enough memory")

// MemoryNeeded returns an estimate of the peak bytes Solve allocates for
// an n×n board: 4 bytes of permutation per queen, with either 0.5 of
// diagonal bits and up to 0.5 of the greedy phase's scratch, or 0.63 of
// validation and up to 0.25 of its scratch, plus 1 MB for the small
// structures. The runtime's own memory is not in it: it is there before
// Solve starts.
func MemoryNeeded(n int) uint64 { return uint64(n)*52/10 + 1<<20 }

// arenaBytes is the granule in which the Go heap reserves new address
// space on 64-bit Linux (heapArenaBytes in the runtime): an allocation the
// heap's spare space cannot hold grows VmSize by a multiple of it.
const arenaBytes = 64 << 20

// A MemoryError says that the search for an N×N board needs Need bytes
// and only Avail are available. Limit names what bounds Avail; Grow, if
// not 0, is the address space the Go heap would have to add to hold Need
// (whole arenas), which is what did not fit in Avail. It matches
// ErrMemory under errors.Is.
type MemoryError struct {
	N                 int
	Need, Avail, Grow uint64
	Limit             string
}

func (e *MemoryError) Error() string {
	limit := e.Limit
	if limit == "" {
		limit = "the memory available"
	}
	if e.Grow != 0 {
		return fmt.Sprintf("n = %d needs about %s of memory, for which the Go heap would reserve %s more address space (whole %d MB arenas); %s leaves %s",
			e.N, mb(e.Need), mb(e.Grow), arenaBytes>>20, limit, mb(e.Avail))
	}
	return fmt.Sprintf("n = %d needs about %s of memory, %s leaves %s", e.N, mb(e.Need), limit, mb(e.Avail))
}

func (e *MemoryError) Is(target error) bool { return target == ErrMemory }

// checkMemory returns a *MemoryError if MemoryNeeded(n) does not fit
// what available reports, so that a board too large fails with an error
// rather than with the runtime's fatal "out of memory". Under an address-
// space limit, what the heap's spare space cannot take needs new heap
// arenas: the room must hold it rounded up to arenaBytes. That is
// cautious (the current arena's unreserved tail is not counted, since the
// runtime does not report it), but comparing the bare need with the room
// let boards through that then died in the runtime.
func checkMemory(n int) error {
	need := MemoryNeeded(n)
	room, spare, phys := available()
	grow := addressSpaceGrowth(need, spare)
	// Where both bounds refuse, the error names the one that leaves less.
	asShort := room != ^uint64(0) && grow > room
	if phys.Known && need > phys.Bytes && (!asShort || phys.Bytes <= room) {
		return &MemoryError{N: n, Need: need, Avail: phys.Bytes, Limit: phys.By}
	}
	if asShort {
		return &MemoryError{N: n, Need: need, Avail: room, Grow: grow, Limit: "the address-space limit (ulimit -v)"}
	}
	return nil
}

// addressSpaceGrowth returns how much the address space grows to
// allocate need bytes when the heap has spare bytes reserved and unused:
// nothing if they suffice, else the rest rounded up to whole arenas.
func addressSpaceGrowth(need, spare uint64) uint64 {
	if need <= spare {
		return 0
	}
	return (need - spare + arenaBytes - 1) / arenaBytes * arenaBytes
}

func mb(b uint64) string {
	switch {
	case b >= 10<<30:
		return fmt.Sprintf("%d GB", b>>30)
	case b >= 10<<20:
		return fmt.Sprintf("%d MB", b>>20)
	}
	return fmt.Sprintf("%.1f MB", float64(b)/(1<<20))
}

// Stats says what a search did.
type Stats struct {
	// Tries is the number of candidate columns tested in the greedy phase.
	Tries uint64
	// Leftover is the number of rows the greedy phase could not place
	// without conflict, summed over restarts.
	Leftover int
	// Swaps is the number of repair swaps tried; Kept of them were kept.
	Swaps, Kept uint64
	// Restarts counts searches abandoned in a local minimum.
	Restarts int
}

// scanLimit bounds the greedy scan for one row. While more than a few
// hundred columns are left a scan finds a fit within a handful of tries
// (the mean is under 3, see Stats.Tries), so the limit only matters at the
// end, where it stops a row from scanning a pool with no fit in it.
const scanLimit = 1 << 12

// stallLimit is the number of failed repair swaps in a row after which the
// search restarts. Large boards never come near it; boards below ~20 can
// end in a local minimum with no improving swap.
const stallLimit = 1 << 14

// checkEvery is the number of repair swaps between looks at ctx (the
// greedy phase looks once a block, at most 2^20 rows).
const checkEvery = 1 << 16

// Solve returns a solution for an n×n board as zero-based columns, one per
// row, found by the search described in the package comment from a PCG
// generator seeded with seed. The same n and seed give the same solution.
//
// Solve returns [0] for n = 1, an error wrapping ErrNoSolution for n = 2
// and 3, and an error for n ≤ 0 or n > MaxN. It returns ctx.Err() soon
// after ctx is cancelled. The solution is checked with package validate
// before it is returned.
func Solve(ctx context.Context, n int, seed uint64) ([]int32, Stats, error) {
	var st Stats
	switch {
	case n <= 0 || n > MaxN:
		return nil, st, fmt.Errorf("minconf: n = %d is outside 1..%d", n, MaxN)
	case n == 2 || n == 3:
		return nil, st, fmt.Errorf("minconf: n = %d: %w", n, ErrNoSolution)
	}
	if err := checkMemory(n); err != nil {
		return nil, st, err
	}
	rng := rand.New(rand.NewPCG(seed, 0x6e717565656e73)) // "nqueens"
	perm := make([]int32, n)
	if err := search(ctx, perm, rng, &st); err != nil {
		return nil, st, err
	}
	if err := validate.Columns(perm); err != nil {
		return nil, st, fmt.Errorf("minconf: n = %d, seed %d: search returned an invalid placement: %w", n, seed, err)
	}
	return perm, st, nil
}

// search runs phases 1–3 (see the package comment) until the repair
// succeeds, leaving a solution in perm. The diagonal bitsets and the
// greedy phase's scratch are freed before it returns, so that validation
// does not add to the peak.
func search(ctx context.Context, perm []int32, rng *rand.Rand, st *Stats) error {
	n := len(perm)
	g, free := newDiagonals(n)
	defer free()
	sc, freeScratch := newScratch(n)
	defer freeScratch()
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		shuffle(perm, rng)
		g.reset()
		sus, err := greedy(ctx, perm, &g, &sc, st)
		if err != nil {
			return err
		}
		ok, err := repair(ctx, perm, &g, sus, rng, st)
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		st.Restarts++
	}
}

// repair swaps columns between an attacked suspect row and random rows
// until no queen is attacked. It reports false if stallLimit swaps in a
// row failed to lower the collisions.
func repair(ctx context.Context, perm []int32, g *diagonals, sus []int32, rng *rand.Rand, st *Stats) (bool, error) {
	n := len(perm)
	stall := 0
	for g.coll > 0 {
		if len(sus) == 0 {
			// Every collision involves a suspect (see the package
			// comment); reaching here is a bug.
			return false, errors.New("minconf: collisions left but no suspect row")
		}
		// Take the last suspect; drop it once it is not attacked.
		i := int(sus[len(sus)-1])
		if !g.attacked(i, int(perm[i])) {
			sus = sus[:len(sus)-1]
			continue
		}
		j := rng.IntN(n)
		if j == i {
			continue
		}
		st.Swaps++
		if st.Swaps&(checkEvery-1) == 0 {
			if err := ctx.Err(); err != nil {
				return false, err
			}
		}
		before := g.coll
		qi, qj := int(perm[i]), int(perm[j])
		g.remove(i, qi)
		g.remove(j, qj)
		g.add(i, qj)
		g.add(j, qi)
		if g.coll < before {
			perm[i], perm[j] = int32(qj), int32(qi)
			st.Kept++
			stall = 0
			sus = append(sus, int32(j))
			continue
		}
		g.remove(i, qj)
		g.remove(j, qi)
		g.add(i, qi)
		g.add(j, qj)
		if stall++; stall >= stallLimit {
			return false, nil
		}
	}
	return true, nil
}
