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
