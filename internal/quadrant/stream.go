package quadrant

import "math/bits"

// Stream mode. When a layer's projected tables do not fit, a ForUnits
// plan keeps no table at all (SetProjected(false)): each worker lists,
// for the unit and the row split at hand, the placements of the four row
// sets it reads, by a walk of those rows only (walkRows), projected as a
// table would hold them. The nw and ne row sets are those of the unit
// and are listed once per unit; sw and se once per split. Listing a row
// set costs about as much as reading its placements once, while the
// half-boards built from it read each many times, so streaming costs a
// fraction of the count's time (measured in the package doc) for a
// worker's memory: four row sets, a few MiB.

// walkRows appends to cols and ds, for every placement of non-attacking
// queens on an h×h board that uses exactly the rows rows and columns in
// colsOK only, its columns and packed diagonals (as walkQuarter), in the
// order of a depth-first walk that tries low columns first. It walks
// with a stack of its own, row to used row, without a call per
// placement: stream mode lists every row set it reads this way, once per
// unit or split (see streamTable).
func walkRows(h int, rows, colsOK uint32, cols []uint32, ds []uint64) ([]uint32, []uint64) {
	full := uint32(1)<<h - 1
	var rs [32]int // the used rows, ascending
	k := 0
	for r := rows & full; r != 0; r &= r - 1 {
		rs[k] = bits.TrailingZeros32(r)
		k++
	}
	if k == 0 {
		return append(cols, 0), append(ds, 0)
	}
	type level struct {
		free, cols, ld, rd uint32 // ld, rd: the diagonals that attack row rs[l]
		d                  uint64
	}
	var st [32]level
	st[0] = level{free: colsOK & full}
	for l := 0; l >= 0; {
		s := &st[l]
		if s.free == 0 {
			l--
			continue
		}
		b := s.free & -s.free
		s.free &^= b
		i, j := rs[l], bits.TrailingZeros32(b)
		d := s.d | uint64(1)<<(i-j+h-1) | uint64(1)<<(antiShift+i+j)
		c := s.cols | b
		if l == k-1 {
			cols, ds = append(cols, c), append(ds, d)
			continue
		}
		g := rs[l+1] - i
		ld, rd := ((s.ld|b)<<g)&full, (s.rd|b)>>g
		st[l+1] = level{free: colsOK &^ (c | ld | rd) & full, cols: c, ld: ld, rd: rd, d: d}
		l++
	}
	return cols, ds
}

// streamTable is a worker's table of one row set per quadrant (stream
// mode): a projTable whose slot 0 of quadrant q holds row set rows[q] of
// frame f[q].
type streamTable struct {
	t    projTable
	f    [4]*frame
	rows [4]uint32
	buf  [4][]uint64 // patterns, by columns once listed (t.pats)
	cols [4][]uint32 // and their columns
	next []uint32    // the sort's cursors
}

// set makes quadrant q of the table hold the local row set rows of frame
// f, listing it unless it does already.
func (s *streamTable) set(f *frame, q int, rows uint32) {
	h := f.h
	if s.t.slot[q] == nil {
		s.t.slot[q] = make([]int32, 1<<h)
		for i := range s.t.slot[q] {
			s.t.slot[q][i] = -1
		}
		s.t.start[q] = make([]uint32, 1<<h+1)
	} else if s.f[q] == f && s.rows[q] == rows {
		return
	} else {
		s.t.slot[q][s.rows[q]] = -1
	}
	s.f[q], s.rows[q] = f, rows
	s.t.slot[q][rows] = 0
	hm := uint64(1)<<h - 1
	buf, cols := s.buf[q][:0], s.cols[q][:0]
	start := s.t.start[q]
	clear(start)
	if rows&^uint32(f.rows>>f.r0[q]&hm) == 0 {
		drop, mark, markBit := f.foldBits(q)
		const low = 1<<antiShift - 1
		offM, offA := f.offM[q], f.offA[q]
		cols, buf = walkRows(h, rows, uint32(f.cols>>f.c0[q]&hm), cols, buf)
		// Project in place, keeping the placements the frame allows.
		blockM, blockA := f.blockM, f.blockA
		k := 0
		for i, d := range buf {
			m, a := (d&low)<<offM, (d>>antiShift)<<offA
			if m&blockM|a&blockA != 0 {
				continue
			}
			p := f.pattern(m, a)
			if p&drop != 0 {
				continue
			}
			if p&mark != 0 {
				p |= markBit
			}
			c := cols[i]
			buf[k], cols[k] = p, c
			start[c+1]++
			k++
		}
		buf, cols = buf[:k], cols[:k]
	}
	for c := 1; c < len(start); c++ {
		start[c] += start[c-1]
	}
	// Sort by columns in place (American flag sort: each pattern is
	// swapped to its bucket's cursor), so that a placement takes 12
	// bytes, not 20 with a sorted copy: the largest row set of h = 14
	// is tens of millions of placements, four of them per worker.
	next := s.next[:0]
	next = append(next, start[:len(start)-1]...)
	for c := range len(start) - 1 {
		end := start[c+1]
		for i := next[c]; i < end; i = next[c] {
			k := cols[i]
			if int(k) == c {
				next[c]++
				continue
			}
			j := next[k]
			next[k]++
			buf[i], buf[j] = buf[j], buf[i]
			cols[i], cols[j] = cols[j], cols[i]
		}
	}
	s.next = next
	s.buf[q], s.cols[q], s.t.pats[q] = buf, cols, buf
}

// streamBytes bounds the memory of one worker's streamTable for the
// row sets that keep marks: per quadrant the largest row set's
// placements (a pattern and its columns) and its offsets.
func streamBytes(b *bucketSums, keep []bool) uint64 {
	h := b.h
	sums := b.rowSums(uint32(1)<<h - 1)
	var most uint64
	for r, ok := range keep {
		if ok {
			most = max(most, sums[r])
		}
	}
	return 4*(most*(8+4)+(1<<h)*4*2+4) + (1<<h)*4
}
