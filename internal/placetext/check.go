package placetext

// Check returns nil if p (zero-based columns) is a full solution, an
// *Attack for the attacking pair whose second row is smallest (a shared
// column before a diagonal, a diagonal before an anti-diagonal), or an
// error wrapping ErrSyntax for a column off the board. O(N) time and
// memory.
func Check(p []int) error {
	n := len(p)
	// Who holds each column and diagonal: row+1, 0 for free.
	col := make([]int, n)
	diag := make([]int, 2*n) // r - c + n - 1: "\" diagonals
	anti := make([]int, 2*n) // r + c: "/" diagonals
	for r, c := range p {
		if c < 0 || c >= n {
			return wrap(bad("row %d: column %d is off %s", r+1, c+1, BoardName(n)), 0)
		}
		if o := col[c]; o != 0 {
			return &Attack{o - 1, p[o-1], r, c, "same column"}
		}
		if o := diag[r-c+n-1]; o != 0 {
			return &Attack{o - 1, p[o-1], r, c, "same diagonal"}
		}
		if o := anti[r+c]; o != 0 {
			return &Attack{o - 1, p[o-1], r, c, "same anti-diagonal"}
		}
		col[c], diag[r-c+n-1], anti[r+c] = r+1, r+1, r+1
	}
	return nil
}

// incremental finds the first attacked row as the queens come, in bit
// sets that grow with the rows and columns seen. It gives up (and leaves
// the check to the end) at a column far beyond the rows read, which would
// make its sets large before the board is known.
type incremental struct {
	off            bool
	rows, maxCol   int
	marked         int    // rows whose bits are set: the first ones
	cols, up       bitset // column c; anti-diagonal r+c
	downPos, downN bitset // diagonal r-c ≥ 0; -(r-c)-1 for r-c < 0
	bad, bound     int    // first attacked row (-1 none yet), and the most columns its rows need
}

func (s *incremental) add(c int) {
	r := s.rows
	s.rows++
	s.maxCol = max(s.maxCol, c)
	if s.off || s.bad >= 0 {
		return
	}
	if c > 2*r+1024 {
		s.off = true
		return
	}
	s.marked++
	d := r - c
	hit := s.cols.set(c)
	if d >= 0 {
		hit = s.downPos.set(d) || hit
	} else {
		hit = s.downN.set(-d-1) || hit
	}
	hit = s.up.set(r+c) || hit
	if hit {
		// Certain once the board has more than maxCol columns: every
		// row up to r is then on it.
		s.bad, s.bound = r, s.maxCol
	}
}

// reset empties s for the next placement, keeping its blocks: it
// clears the bits of the rows marked, whose columns are the first of
// cols, so that the next placement reuses the blocks.
func (s *incremental) reset(cols *chunked) {
	for r := range min(s.marked, cols.n) {
		c := int(cols.at(r))
		s.cols.clear(c)
		if d := r - c; d >= 0 {
			s.downPos.clear(d)
		} else {
			s.downN.clear(-d - 1)
		}
		s.up.clear(r + c)
	}
	*s = incremental{cols: s.cols, up: s.up, downPos: s.downPos, downN: s.downN, bad: -1}
}

// certain reports whether the attack found is one on every board that
// holds the rows read.
func (s *incremental) certain() bool { return s.bad >= 0 && s.rows > s.bound }

// bitset is a set of small non-negative ints, in blocks of 2^20 bits so
// that it grows without append's doubling of the whole.
type bitset [][]uint64

const bitBlock = 20 // log2 of the bits in a block

// set adds i and reports whether it was there. The first block grows by
// doubling up to its 2^20 bits, so that a small placement takes little.
func (b *bitset) set(i int) bool {
	k, w := i>>bitBlock, i&(1<<bitBlock-1)>>6
	for k >= len(*b) {
		*b = append(*b, nil)
	}
	if blk := (*b)[k]; w >= len(blk) {
		size := 1 << (bitBlock - 6)
		if k == 0 { // the first block grows by doubling
			size = min(max(2*len(blk), w+1, 8), size)
		}
		grown := make([]uint64, size)
		copy(grown, blk)
		(*b)[k] = grown
	}
	word := &(*b)[k][w]
	m := uint64(1) << (i & 63)
	had := *word&m != 0
	*word |= m
	return had
}

// clear removes i.
func (b bitset) clear(i int) {
	if k, w := i>>bitBlock, i&(1<<bitBlock-1)>>6; k < len(b) && w < len(b[k]) {
		b[k][w] &^= 1 << (i & 63)
	}
}

// chunked stores columns in blocks of 2^20, so that it grows without the
// copying (and the doubled peak) of append: 4 bytes per queen plus one
// block. The first block grows by doubling to its 2^20 columns, so that
// a small placement takes little.
type chunked struct {
	blocks [][]int32
	n      int
}

const chunkBits = 20

func (c *chunked) add(v int32) {
	k, i := c.n>>chunkBits, c.n&(1<<chunkBits-1)
	if k == len(c.blocks) {
		c.blocks = append(c.blocks, nil)
	}
	if blk := c.blocks[k]; i == len(blk) { // the first block grows by doubling
		size := 1 << chunkBits
		if k == 0 {
			size = min(max(2*len(blk), 64), size)
		}
		grown := make([]int32, size)
		copy(grown, blk)
		c.blocks[k] = grown
	}
	c.blocks[k][i] = v
	c.n++
}

func (c *chunked) at(i int) int32 { return c.blocks[i>>chunkBits][i&(1<<chunkBits-1)] }

// attackAt names the earlier queen that the queen in row b attacks, in the
// order Check reports: column, diagonal, anti-diagonal.
func attackAt(cols *chunked, b int) error {
	cb := int(cols.at(b))
	for _, how := range []string{"same column", "same diagonal", "same anti-diagonal"} {
		for a := range b {
			ca := int(cols.at(a))
			if how == "same column" && ca == cb ||
				how == "same diagonal" && a-ca == b-cb ||
				how == "same anti-diagonal" && a+ca == b+cb {
				return &Attack{a, ca, b, cb, how}
			}
		}
	}
	return bad("row %d: the checker saw an attack that no earlier queen makes", b+1) // unreachable
}
