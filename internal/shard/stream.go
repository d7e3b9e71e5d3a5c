package shard

import (
	"fmt"
	"strconv"

	"github.com/nqueens/nqueens/internal/quote"
)

// A stream is what ReadAll knows of the records of one input so far, so
// that what it holds is bounded by what its first record says: an input
// holds the records of one count (the first record's method, n,
// decomposition, plan, M and R), each shard at most once, and so at most
// M records holding at most R × U units in all (U the plan's units).
// A second copy of a shard, or a record of another count, is refused as
// soon as its header is read, before its units: a stream of repeated
// records costs one record, not memory without end.
type stream struct {
	first *Record     // the header of the first record (its Units nil)
	seen  map[int]int // shard index → the number of the record holding it
	units int         // the units_done of the records so far
}

// add checks the header of record k (one-based; its units not read
// yet) against the records before it, given the most units its plan
// has (MaxUnits when the plan is not known), and counts it.
func (s *stream) add(r *Record, k, planUnits int) error {
	if s.first == nil {
		h := *r
		h.Units = nil
		s.first, s.seen = &h, map[int]int{}
	}
	f := s.first
	if r.Method != f.Method || r.N != f.N || r.Version != f.Version || r.Plan != f.Plan || r.Shards != f.Shards || r.Copies() != f.Copies() {
		return fmt.Errorf("%w: %s, but record 1 is %s: the records of one input are of one count",
			ErrRecord, countOf(r), countOf(f))
	}
	if prev, ok := s.seen[r.Shard]; ok {
		return fmt.Errorf("%w: %s again: record %d is %s too; an input holds each shard once", ErrRecord, r.Name(), prev, r.Name())
	}
	// Header checks (headerFirst) keep both factors at most 2^21: the
	// product fits 64 bits (not always int, on 32-bit machines).
	if limit := int64(f.Copies()) * int64(planUnits); int64(r.UnitsDone) > limit-int64(s.units) {
		return fmt.Errorf("%w: %s: units_done = %d, and the records before it hold %d units: more than the %d of a whole count (%s of the plan's %d units)",
			ErrRecord, r.Name(), r.UnitsDone, s.units, limit, copiesOf(f.Copies()), planUnits)
	}
	s.seen[r.Shard] = k
	s.units += r.UnitsDone
	return nil
}

// countOf names the count of record r for messages: "n = 12, method
// kernel, 3 shards, plan border4-d4-v2 84ea…".
func countOf(r *Record) string {
	s := "n = " + strconv.Itoa(r.N) + ", method " + r.MethodName() + ", " + strconv.Itoa(r.Shards) + " shards"
	if r.Copies() > 1 {
		s += ", " + strconv.Itoa(r.Copies()) + " replicas"
	}
	return s + ", " + nameOf(r.Version) + " plan " + nameOf(r.Plan)
}

// nameOf returns s for a message: as it is if it is a name (isName),
// else quoted and cut (quote.Token).
func nameOf(s string) string {
	if isName(s) {
		return s
	}
	return quote.Token(s)
}

// copiesOf says "1 copy" or "R copies".
func copiesOf(r int) string {
	if r == 1 {
		return "1 copy"
	}
	return strconv.Itoa(r) + " copies"
}
