//go:build !amd64 || purego

package quadrant

// useAVX2 is false off amd64: leaf always takes leafGo.
var useAVX2 = false

// leafAVX2 is never called when useAVX2 is false.
func leafAVX2(nchunk int, tabs *block, nblk int, ws *uint64, nw int, first, last *[4]uint64) uint64 {
	panic("quadrant: leafAVX2 without AVX2")
}

// unionDisjointAVX2 is never called when useAVX2 is false.
func unionDisjointAVX2(o *uint64, b *uint64, n int, pa uint64) int {
	panic("quadrant: unionDisjointAVX2 without AVX2")
}
