//go:build amd64 && !purego

package quadrant

import "golang.org/x/sys/cpu"

// usePEXT selects sortPacked, which packs each pattern's live bits (those
// both lists use) with PEXT before the join. It needs BMI2, and a PEXT
// in hardware: AMD before Zen 3 (family 0x19) runs it in microcode, at
// tens of cycles per mask bit, and so does Hygon's family 0x18.
var usePEXT = useAVX2 && cpu.X86.HasBMI2 && fastPEXT()

func fastPEXT() bool {
	_, b, c, d := cpuid(0)
	amd := b == 0x68747541 && d == 0x69746e65 && c == 0x444d4163   // "AuthenticAMD"
	hygon := b == 0x6f677948 && d == 0x6e65476e && c == 0x656e6975 // "HygonGenuine" (Zen 1)
	if !amd && !hygon {
		return true
	}
	a, _, _, _ := cpuid(1)
	family := a >> 8 & 0xf
	if family == 0xf {
		family += a >> 20 & 0xff
	}
	return family >= 0x19
}

// cpuid executes CPUID for leaf (subleaf 0).
func cpuid(leaf uint32) (a, b, c, d uint32)

// placeKeys writes the packed pattern of each of the n patterns p from
// in, PEXT(p, live) | key<<shift with p's weight bits (62, 63), key =
// kin[i], to dst[cnt[key]], and adds 1 to cnt[key]: with cnt the bucket
// starts of keyCounts' counts, a counting sort's scatter. kmask (of
// keyCounts) has at most 12 bits and none of live's; with a key, shift
// is the number of live's bits (sortPacked), so that the packed width,
// shift plus kmask's bits, is at most d ≤ 60, below the weight bits.
//
//go:noescape
func placeKeys(in *uint64, n int, live uint64, kin *uint32, cnt *int32, dst *uint64, shift uint64)

// keyCounts counts the keys of a counting sort: for each of the n
// patterns p from in, its key perm[k&63] | perm[64+k>>6], k = PEXT(p,
// kmask), to kin, and 1 added to cnt[key+1]. It returns the OR of the
// patterns.
//
//go:noescape
func keyCounts(in *uint64, n int, kmask uint64, perm *[128]uint32, kin *uint32, cnt *int32) uint64

// keyCounts2 is keyCounts counting the keys of the patterns at odd
// places in cnt2 (cleared like cnt) instead of cnt: two counters in
// turn, so that equal keys in a row do not wait on each other's
// increments. keyStarts turns the two into a cursor each, for
// placeRecs2.
//
//go:noescape
func keyCounts2(in *uint64, n int, kmask uint64, perm *[128]uint32, kin *uint32, cnt *int32, cnt2 *int32) uint64

// placeRecs writes the record of each of the n patterns p from in to
// dst[cnt[key]], key = kin[i], and adds 1 to cnt[key]: with cnt the
// bucket starts of keyCounts' counts, a counting sort's scatter with no
// copy in between. The record is one word, that of the packed pattern
// q = PEXT(p, live) | key<<shift (as placeKeys packs it): bits 1..7 of
// byte c (c < recChunks) hold bits 7c..7c+6 of q, so that the byte is
// a sixteenth of the byte offset of chunk c's entry in its table, and
// bits 0 and 1 of byte 7 the weight shift. Bits of q past 42 are
// dropped (sortPacked settles them before any leaf). The kernel then
// takes its offsets from the record instead of computing them from the
// pattern (see placeRecsAt).
//
//go:noescape
func placeRecs(in *uint64, n int, live uint64, kin *uint32, cnt *int32, dst *uint64, shift uint64)

// placeRecs2 is placeRecs with the patterns at odd places placed by the
// cursors cnt2, those at even places by cnt (see keyCounts2).
//
//go:noescape
func placeRecs2(in *uint64, n int, live uint64, kin *uint32, cnt *int32, cnt2 *int32, dst *uint64, shift uint64)

// useAVX2 selects leafAVX2 for 5-bit chunks (a var for tests and
// benchmarks, which compare it with leafGo).
var useAVX2 = cpu.X86.HasAVX2

// useVPOP selects, within leafAVX2 and leafRecAVX2, the kernels that
// count lanes with AVX-512 VPOPCNTQ instead of the nibble table: one
// instruction for six. It needs AVX-512 VPOPCNTDQ and VL (Intel Ice
// Lake, AMD Zen 4 and later) with the OS saving the AVX-512 state, which
// x/sys/cpu checks. A var for tests and benchmarks.
var useVPOP = useAVX2 && cpu.X86.HasAVX512VPOPCNTDQ && cpu.X86.HasAVX512VL

//go:generate go run gen_asm.go

// leafAVX2_3 to _8 are leafGo for 5-bit chunks in AVX2
// (join_amd64.s, written by gen_asm.go), reading the first 3 to 8
// chunks: the pairs of the nw west patterns from ws and the nblk blocks
// from tabs, the first and last cut to the lanes first and last (first
// holds both when nblk is 1). nw and nblk are ≥ 1.
//
//go:noescape
func leafAVX2_3(tabs *block, nblk int, ws *uint64, nw int, first, last *[4]uint64) uint64

//go:noescape
func leafAVX2_4(tabs *block, nblk int, ws *uint64, nw int, first, last *[4]uint64) uint64

//go:noescape
func leafAVX2_5(tabs *block, nblk int, ws *uint64, nw int, first, last *[4]uint64) uint64

//go:noescape
func leafAVX2_6(tabs *block, nblk int, ws *uint64, nw int, first, last *[4]uint64) uint64

//go:noescape
func leafAVX2_7(tabs *block, nblk int, ws *uint64, nw int, first, last *[4]uint64) uint64

//go:noescape
func leafAVX2_8(tabs *block, nblk int, ws *uint64, nw int, first, last *[4]uint64) uint64

// leafRecAVX2_3 to _6 are leafAVX2_3 to _6 reading west records (a
// word each, see placeRecs) from ws instead of patterns, and the
// records' tables of 7-bit chunks (leafRecAVX2) instead of blocks.
// Besides AVX2 they need BMI2 (RORX), as records do (usePEXT).
//
//go:noescape
func leafRecAVX2_3(tabs *uint64, nblk int, ws *uint64, nw int, first, last *[4]uint64) uint64

//go:noescape
func leafRecAVX2_4(tabs *uint64, nblk int, ws *uint64, nw int, first, last *[4]uint64) uint64

//go:noescape
func leafRecAVX2_5(tabs *uint64, nblk int, ws *uint64, nw int, first, last *[4]uint64) uint64

//go:noescape
func leafRecAVX2_6(tabs *uint64, nblk int, ws *uint64, nw int, first, last *[4]uint64) uint64

// leafVPOP_3 to _8 and leafRecVPOP_3 to _6 are leafAVX2_3 to _8 and
// leafRecAVX2_3 to _6 with the popcount of AVX-512 VPOPCNTQ on the same
// 256-bit registers (useVPOP).
//
//go:noescape
func leafVPOP_3(tabs *block, nblk int, ws *uint64, nw int, first, last *[4]uint64) uint64

//go:noescape
func leafVPOP_4(tabs *block, nblk int, ws *uint64, nw int, first, last *[4]uint64) uint64

//go:noescape
func leafVPOP_5(tabs *block, nblk int, ws *uint64, nw int, first, last *[4]uint64) uint64

//go:noescape
func leafVPOP_6(tabs *block, nblk int, ws *uint64, nw int, first, last *[4]uint64) uint64

//go:noescape
func leafVPOP_7(tabs *block, nblk int, ws *uint64, nw int, first, last *[4]uint64) uint64

//go:noescape
func leafVPOP_8(tabs *block, nblk int, ws *uint64, nw int, first, last *[4]uint64) uint64

//go:noescape
func leafRecVPOP_3(tabs *uint64, nblk int, ws *uint64, nw int, first, last *[4]uint64) uint64

//go:noescape
func leafRecVPOP_4(tabs *uint64, nblk int, ws *uint64, nw int, first, last *[4]uint64) uint64

//go:noescape
func leafRecVPOP_5(tabs *uint64, nblk int, ws *uint64, nw int, first, last *[4]uint64) uint64

//go:noescape
func leafRecVPOP_6(tabs *uint64, nblk int, ws *uint64, nw int, first, last *[4]uint64) uint64

// leafRecAVX2 is leafAVX2 for west records (placeRecs) and the tables
// of 7-bit chunks from tabs on (recChunks chunks, recTableStride bytes
// apart; buildTables), nchunk ≤ recChunks.
func leafRecAVX2(nchunk int, tabs *uint64, nblk int, ws *uint64, nw int, first, last *[4]uint64) uint64 {
	if useVPOP {
		switch {
		case nchunk <= 3:
			return leafRecVPOP_3(tabs, nblk, ws, nw, first, last)
		case nchunk == 4:
			return leafRecVPOP_4(tabs, nblk, ws, nw, first, last)
		case nchunk == 5:
			return leafRecVPOP_5(tabs, nblk, ws, nw, first, last)
		}
		return leafRecVPOP_6(tabs, nblk, ws, nw, first, last)
	}
	switch {
	case nchunk <= 3:
		return leafRecAVX2_3(tabs, nblk, ws, nw, first, last)
	case nchunk == 4:
		return leafRecAVX2_4(tabs, nblk, ws, nw, first, last)
	case nchunk == 5:
		return leafRecAVX2_5(tabs, nblk, ws, nw, first, last)
	}
	return leafRecAVX2_6(tabs, nblk, ws, nw, first, last)
}

// leafAVX2 calls the kernel for nchunk ≤ 8 chunks (fewer than 3 read
// padding entries, which hold all lanes).
func leafAVX2(nchunk int, tabs *block, nblk int, ws *uint64, nw int, first, last *[4]uint64) uint64 {
	if useVPOP {
		switch {
		case nchunk <= 3:
			return leafVPOP_3(tabs, nblk, ws, nw, first, last)
		case nchunk == 4:
			return leafVPOP_4(tabs, nblk, ws, nw, first, last)
		case nchunk == 5:
			return leafVPOP_5(tabs, nblk, ws, nw, first, last)
		case nchunk == 6:
			return leafVPOP_6(tabs, nblk, ws, nw, first, last)
		case nchunk == 7:
			return leafVPOP_7(tabs, nblk, ws, nw, first, last)
		}
		return leafVPOP_8(tabs, nblk, ws, nw, first, last)
	}
	switch {
	case nchunk <= 3:
		return leafAVX2_3(tabs, nblk, ws, nw, first, last)
	case nchunk == 4:
		return leafAVX2_4(tabs, nblk, ws, nw, first, last)
	case nchunk == 5:
		return leafAVX2_5(tabs, nblk, ws, nw, first, last)
	case nchunk == 6:
		return leafAVX2_6(tabs, nblk, ws, nw, first, last)
	case nchunk == 7:
		return leafAVX2_7(tabs, nblk, ws, nw, first, last)
	}
	return leafAVX2_8(tabs, nblk, ws, nw, first, last)
}

// chunkRows writes the 32 entries of each of the first nc 5-bit chunks
// of block t (nc ≤ 8), entry v of chunk c holding the lanes whose
// pattern has none of the bits v<<5c, from the bit planes: planes[b][q]
// has bit i set when pattern 64q+i has bit b. It is buildTables' loop
// for 5-bit chunks, an entry by one AND of 32 bytes.
//
//go:noescape
func chunkRows(t *block, planes *[64][4]uint64, nc int)

// chunkRows7 is chunkRows for the records' tables: the 128 entries of
// each of the first nc 7-bit chunks (nc ≤ recChunks), recChunkStride
// bytes apart from t on.
//
//go:noescape
func chunkRows7(t *uint64, planes *[64][4]uint64, nc int)

// transpose4 writes the bit planes of the 256 patterns src to dst:
// bit i of dst[b][q] is bit b of src[64q+i]. It is transpose64 on the
// four quarters at once, a quarter in each 64-bit lane.
//
//go:noescape
func transpose4(dst *[64][4]uint64, src *[256]uint64)

// useAVX512 selects unionAll512 for the half-boards' unions: it needs
// AVX-512 F and DQ (with the OS saving their state, which x/sys/cpu
// checks) and BMI2. A var for tests and benchmarks.
var useAVX512 = useAVX2 && cpu.X86.HasBMI2 && cpu.X86.HasAVX512F && cpu.X86.HasAVX512DQ

// unionAll512 writes, for each of the na patterns pa from a in turn,
// pa|p for each of the nb patterns p from b with pa&p == 0, in order,
// to o, and returns how many it wrote; o must have room for na·nb (it
// writes past the kept ones). na, nb ≥ 1.
//
//go:noescape
func unionAll512(o *uint64, a *uint64, na int, b *uint64, nb int) int

// unionDisjointAVX2 writes pa|p to o for each p of the n patterns from b
// with pa&p == 0, in order, and returns how many it wrote; o must have
// room for n (it writes past the kept ones, as the Go loop does).
//
//go:noescape
func unionDisjointAVX2(o *uint64, b *uint64, n int, pa uint64) int
