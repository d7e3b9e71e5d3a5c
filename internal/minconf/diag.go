package minconf

// diagonals counts the queens on each diagonal of both directions. Bit d
// of down (up) is set when down (up) diagonal d holds at least one queen;
// over lists the diagonals holding two or more, with the count minus one.
// Down diagonal of (r, c) is r-c+n-1, up diagonal r+c.
type diagonals struct {
	n    int
	down []uint64
	up   []uint64
	over []overflow
	// coll is the number of collisions: the sum of extra over over.
	coll int
}

// overflow records that diagonal key (bit 32 set for up diagonals) holds
// extra+1 queens.
type overflow struct {
	key   uint64
	extra int
}

const upBit = 1 << 32

// newDiagonals returns the counters for an n×n board and a function that
// frees their memory.
func newDiagonals(n int) (diagonals, func()) {
	w := (2*n - 1 + 63) / 64
	all, free := words(2 * w)
	return diagonals{n: n, down: all[:w:w], up: all[w:]}, free
}

func (g *diagonals) reset() {
	clear(g.down)
	clear(g.up)
	g.over = g.over[:0]
	g.coll = 0
}

func (g *diagonals) find(key uint64) int {
	for i := range g.over {
		if g.over[i].key == key {
			return i
		}
	}
	return -1
}

// count returns the number of queens on down diagonal a (up diagonal a
// when key has upBit).
func (g *diagonals) count(bits []uint64, a int, key uint64) int {
	if bits[a>>6]>>(a&63)&1 == 0 {
		return 0
	}
	if i := g.find(key); i >= 0 {
		return 1 + g.over[i].extra
	}
	return 1
}

func (g *diagonals) inc(bits []uint64, a int, key uint64) {
	w, m := a>>6, uint64(1)<<(a&63)
	if bits[w]&m == 0 {
		bits[w] |= m
		return
	}
	g.coll++
	if i := g.find(key); i >= 0 {
		g.over[i].extra++
		return
	}
	g.over = append(g.over, overflow{key, 1})
}

func (g *diagonals) dec(bits []uint64, a int, key uint64) {
	if i := g.find(key); i >= 0 {
		g.coll--
		if g.over[i].extra--; g.over[i].extra == 0 {
			last := len(g.over) - 1
			g.over[i] = g.over[last]
			g.over = g.over[:last]
		}
		return
	}
	bits[a>>6] &^= 1 << (a & 63)
}

// add and remove put a queen on (r, c) or take it off, keeping coll.
func (g *diagonals) add(r, c int) {
	a, b := r-c+g.n-1, r+c
	g.inc(g.down, a, uint64(a))
	g.inc(g.up, b, uint64(b)|upBit)
}

func (g *diagonals) remove(r, c int) {
	a, b := r-c+g.n-1, r+c
	g.dec(g.down, a, uint64(a))
	g.dec(g.up, b, uint64(b)|upBit)
}

// attacked reports whether the queen on (r, c) shares a diagonal with
// another queen.
func (g *diagonals) attacked(r, c int) bool {
	a, b := r-c+g.n-1, r+c
	return g.count(g.down, a, uint64(a)) > 1 || g.count(g.up, b, uint64(b)|upBit) > 1
}
