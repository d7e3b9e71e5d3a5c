//go:build amd64 && !purego

package quadrant

import "golang.org/x/sys/cpu"

// useAVX2 selects leafAVX2 for 5-bit chunks (a var for tests and
// benchmarks, which compare it with leafGo).
var useAVX2 = cpu.X86.HasAVX2

// leafAVX2 is leafGo for 5-bit chunks in AVX2 (join_amd64.s): the pairs
// of the nw west patterns from ws and the nblk blocks from tabs, the first and last cut to the lanes
// first and last (first holds both when nblk is 1). nw and nblk are ≥ 1.
//
//go:noescape
func leafAVX2(tabs *block, nblk int, ws *uint64, nw int, first, last *[4]uint64) uint64

// unionDisjointAVX2 writes pa|p to o for each p of the n patterns from b
// with pa&p == 0, in order, and returns how many it wrote; o must have
// room for n (it writes past the kept ones, as the Go loop does).
//
//go:noescape
func unionDisjointAVX2(o *uint64, b *uint64, n int, pa uint64) int
