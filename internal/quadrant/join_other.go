//go:build !amd64 || purego

package quadrant

// useAVX2, usePEXT and useVPOP are false off amd64: leaf always takes
// leafGo, and patterns are not packed.
var useAVX2, usePEXT, useVPOP = false, false, false

// leafAVX2 is never called when useAVX2 is false.
func leafAVX2(nchunk int, tabs *block, nblk int, ws *uint64, nw int, first, last *[4]uint64) uint64 {
	panic("quadrant: leafAVX2 without AVX2")
}

// useAVX512 is false off amd64.
var useAVX512 = false

// unionAll512 is never called when useAVX512 is false.
func unionAll512(o *uint64, a *uint64, na int, b *uint64, nb int) int {
	panic("quadrant: unionAll512 without AVX-512")
}

// unionDisjointAVX2 is never called when useAVX2 is false.
func unionDisjointAVX2(o *uint64, b *uint64, n int, pa uint64) int {
	panic("quadrant: unionDisjointAVX2 without AVX2")
}

// placeKeys is never called when usePEXT is false.
func placeKeys(in *uint64, n int, live uint64, kin *uint32, cnt *int32, dst *uint64, shift uint64) {
	panic("quadrant: placeKeys without BMI2")
}

// leafRecAVX2 is never called when useAVX2 is false.
func leafRecAVX2(nchunk int, tabs *uint64, nblk int, ws *uint64, nw int, first, last *[4]uint64) uint64 {
	panic("quadrant: leafRecAVX2 without AVX2")
}

// keyCounts is never called when usePEXT is false.
func keyCounts(in *uint64, n int, kmask uint64, perm *[128]uint32, kin *uint32, cnt *int32) uint64 {
	panic("quadrant: keyCounts without BMI2")
}

// placeRecs is never called when usePEXT is false.
func placeRecs(in *uint64, n int, live uint64, kin *uint32, cnt *int32, dst *uint64, shift uint64) {
	panic("quadrant: placeRecs without BMI2")
}

// keyCounts2 is never called when usePEXT is false.
func keyCounts2(in *uint64, n int, kmask uint64, perm *[128]uint32, kin *uint32, cnt *int32, cnt2 *int32) uint64 {
	panic("quadrant: keyCounts2 without BMI2")
}

// placeRecs2 is never called when usePEXT is false.
func placeRecs2(in *uint64, n int, live uint64, kin *uint32, cnt *int32, cnt2 *int32, dst *uint64, shift uint64) {
	panic("quadrant: placeRecs2 without BMI2")
}

// chunkRows is never called when useAVX2 is false.
func chunkRows(t *block, planes *[64][4]uint64, nc int) {
	panic("quadrant: chunkRows without AVX2")
}

// chunkRows7 is never called when useAVX2 is false.
func chunkRows7(t *uint64, planes *[64][4]uint64, nc int) {
	panic("quadrant: chunkRows7 without AVX2")
}

// transpose4 is never called when useAVX2 is false.
func transpose4(dst *[64][4]uint64, src *[256]uint64) {
	panic("quadrant: transpose4 without AVX2")
}
