package kernel

// Plain counts the solutions of the n×n board with a plain iterative
// bitboard search, without symmetry or work units, and returns them
// with the nodes (queens placed) it visited. It is the baseline the
// benchmarks measure the kernel against, not a production path. Plain
// returns 1, 1 for n = 0 (the empty board) and 0, 0 for n outside
// 0..MaxN.
func Plain(n int) (sols, nodes uint64) {
	if n < 0 || n > MaxN {
		return 0, 0
	}
	if n == 0 {
		return 1, 0
	}
	full := ^uint64(0) >> (64 - uint(n))
	var col, ld, rd, free [MaxN]uint64
	last := n - 1
	k := 0
	free[0] = full
	for {
		k &= MaxN - 1
		f := free[k]
		if f == 0 {
			if k == 0 {
				break
			}
			k--
			continue
		}
		bit := f & -f
		free[k] = f ^ bit
		nodes++
		if k == last {
			sols++
			continue
		}
		c, l, r := col[k]|bit, (ld[k]|bit)<<1, (rd[k]|bit)>>1
		k++
		col[k], ld[k], rd[k], free[k] = c, l, r, full&^(c|l|r)
	}
	return sols, nodes
}
