package quadrant

import "math/bits"

// joiner counts the pairs (w, e) of a west and an east pattern list whose
// diagonal bits do not meet: w & e == 0. It owns its scratch space: one
// joiner per worker, reused for every row split, so the join allocates
// only while its buffers grow.
//
// The method, for lists of m patterns of d ≤ 60 bits:
//
//  1. Pick up to maxKey "key bits" where both lists are dense (estimated
//     on a sample of each), best first (keyOrder, key.go), and sort both
//     lists by their key: the gathered key bits, the first as the most
//     significant.
//  2. Cut the sorted east list into blocks of 256 and store each block
//     bit-sliced by chunks of 7 pattern bits (records; 5 or 4 without):
//     for each chunk c and each value v of its bits, 256 lanes, lane t
//     set when pattern t of the block has none of the bits of v. A west
//     pattern w meets a whole block with one load and AND per chunk of w:
//     the lanes left set are the east patterns disjoint from w.
//  3. Recurse on the key bits, best first (see recurse): a west range
//     × east range splits into (0,0), (0,1), (1,0) and drops (1,1), the
//     pairs that share the bit, while that saves whole blocks; the rest
//     goes to the block kernel, masking the lanes outside the range.
//
// Lists whose east side fits leafSize skip steps 1 and 3.
// Each level keeps about 1 - pw·pe of the pairs, where pw and pe are the
// densities of the key bit (about 0.75 on the densest bits). In the
// whole count of N = 18 the leaves' ranges hold 0.40 of the pairs.
type joiner struct {
	// keepRoles keeps W as the west list even when it is the shorter
	// (the sampler joins a subset of the west list: see RunPiece).
	keepRoles bool

	wp, ep   []uint64    // sorted by key
	kin      []uint32    // keys of the west list (or the list being sorted), in input order
	kinE     []uint32    // keys of the east list (sortPacked)
	wcur2    []int32     // keyStarts' second cursors of the west list
	ecur2    []int32     // keyCounts2's second counters of the east list (placed with one cursor)
	wrec     []uint64    // sorted west records (placeRecs), when recs
	recs     bool        // the west list is in wrec (placeRecsAt), not wp
	perm     [128]uint32 // PEXT key order to key order (sortPacked)
	ws, es   []int32     // bucket starts: sorted patterns with key k are [ws[k], ws[k+1])
	tables   []block     // one per 256 sorted east patterns (not recs)
	rtab     []uint64    // with recs: one table per 256 sorted east patterns, recTableStride bytes each
	tin      [256]uint64 // a block's patterns, for transpose4
	tin64    [64]uint64  // a quarter's, for transpose64
	key      [maxKey]uint8
	nkey     int
	keyTop   bool // patterns packed with key bit t at keyBase+t (sortPacked)
	keyBase  int
	keyBytes int // bytes of a pattern that hold key bits
	byteKey  [8][256]uint32
	nchunk   int
	splitW0  int // leaves of leafW0 split on the next key bit (tests)
	cbits    int // bits per chunk: 7 with recs, else 5 when a leaf reads at most 40 bits (8 chunks of 32 entries), else 4
	// settle: the recursion splits every node at this level or above
	// before any leaf, so that no leaf reads a key bit past its chunks
	// (for packed widths above 42 or 40; see sortPacked).
	settle int
	total  uint64
	// cutPairs: the pairs of the pieces splitCount joined (tests).
	cutPairs uint64
}

// block is the chunk table of 256 east patterns, lane 64q+t of entry x
// being bit t of x[q]: with 4-bit chunks, entry 16c+v has lane set when
// the pattern has none of the bits v<<4c; with 5-bit chunks, entry 32c+v
// for the bits v<<5c. The four words of an entry are adjacent (32 bytes,
// one AVX2 register), so a west pattern meets 256 east patterns with one
// cache line per chunk. Entries of unused chunks are never read, except
// entry 0 of each (all lanes), which pads the unrolled kernels. 256
// entries let a uint8 index it without bounds checks.
//
// With 64-lane blocks of one word per entry the Go kernel was bound by
// instruction count rather than by the cache; the wide layout lets
// leafAVX2 do a quarter of the instructions per lane.
type block [256][4]uint64

// blockShift: a block holds 1<<blockShift east patterns.
const (
	blockShift = 8
	blockLanes = 1 << blockShift
)

const (
	maxKey = 12 // key bits at most

	sample = 256
)

// max5 is the largest d for 5-bit chunks (a var for benchmarks).
var max5 = 40

// The tables of the kernels on records (recs; join_amd64.s, written by
// gen_asm.go, which has a copy of these): per 256 east patterns,
// recChunks chunks of 7 bits, chunk c's 128 entries of 32 bytes (an
// entry as in block) from byte recChunkStride·c on, the next table
// recTableStride bytes on.
//
// Why 7 bits: a chunk's entries are one load per block-op whatever its
// width, and the kernel is bound by those loads (about 0.19 ns each,
// see doc.go), so wider chunks mean fewer: counted on qbench -workers
// 1 -shard 5/2048 23, 184·10^9 loads in 7-bit chunks against 247·10^9
// in 5-bit ones, for the same 4.1·10^10 block-ops (4 or 5 chunks a
// block-op instead of 6 or 7); -shard 3/64 21 30·10^9 against 40·10^9,
// with 6-bit chunks 34·10^9. The table (24 KiB of entries against 8)
// no longer fits the L1 cache beside another, and its strides matter:
// at 4096 and 24576 bytes the same entry of every chunk and table falls
// in one set of the 8-way L1, and sparse patterns (chunks of value 0)
// thrashed it: a benchmark of the kernel on patterns of density 1/16
// (not kept) took 2.1 ns per block-op at 5 chunks and 4 blocks against
// 1.3 for 5-bit chunks at 7, and the count of the shard of N = 23 was
// only 3% faster than with 5-bit chunks. A few cache lines more per
// chunk (5) and per table (1) spread them over the sets: 0.97 ns at 8
// blocks against 2.3 for 5-bit chunks.
const (
	recChunks      = 6
	recChunkStride = 4096 + 5*64
	recTableStride = recChunks*recChunkStride + 64
)

// recTableBudget bounds the records' tables of one join (104 bytes per
// east pattern, three times the blocks of 5-bit chunks): an east list
// longer than about 645,000 patterns is cut into pieces (splitCount), so
// that a worker's planned memory (Plan.WorkerBytes) grows by at most
// this much, and the largest shards still plan within
// DefaultShardMemory. A piece sorts its west patterns again, which costs
// less than the records save in the kernel (BenchmarkLeafRec compares
// records with packed patterns). A var for tests.
var recTableBudget = 64 << 20

// recTablesFit reports whether the records' tables of n east patterns
// fit recTableBudget.
func recTablesFit(n int) bool {
	return (n+blockLanes-1)>>blockShift*recTableStride <= recTableBudget
}

// leafSize: east lists at most this long go to the kernel unsorted.
var leafSize = 256

// statistics of the join, collected when debugStats is true.
const debugStats = false

var statNodes, statBlocks, statLanes, statPairs int

// count returns the number of pairs w ∈ W, e ∈ E with w & e == 0. Both
// lists hold patterns of d ≤ 60 bits; count may reorder them (when it
// cuts them, splitCount) but keeps their patterns. A west pattern
// may carry a weight in its top bits (see weightShift): the pairs it makes
// count 1<<weightOf(w) each. East patterns carry none.
func (j *joiner) count(W, E []uint64, d int) uint64 {
	if len(W) == 0 || len(E) == 0 {
		return 0
	}
	if debugStats {
		statPairs += len(W) * len(E)
	}
	if len(W)*len(E) <= 1<<10 {
		return countScalar(W, E)
	}
	// Tables on the shorter list. West patterns may carry weights, which
	// the tables cannot; only unweighted lists swap (odd N; for even N the
	// long-diagonal fold makes the east list the shorter one anyway).
	if len(W) < len(E) && !weighted(W) && !j.keepRoles {
		W, E = E, W
	}
	if usePEXT && useAVX2 && len(E) > leafSize && !recTablesFit(len(E)) {
		// The records' tables of E would pass recTableBudget: E is cut
		// on key bits (splitCount) into pieces that fit, each joined
		// with the west patterns that can meet it, in 7-bit chunks.
		return j.splitCount(W, E, d)
	}
	return j.countFit(W, E, d)
}

// splitCount is count for an east list whose records' tables would
// pass recTableBudget, reordering both lists in place: it
// splits both on the pattern bit b that the most pairs share (the
// largest product of the bit's counts in W and E, among the bits that
// some but not all of E has), and counts W against E's patterns
// without b and W's patterns without b against E's with b, the pairs
// that share b being none. So the cut drops pairs as a level of the key
// recursion does.
//
// Measured: cutting E in halves by place instead (each half against the
// whole of W) took N = 26's pieces of 8 to 9 million patterns a side
// longer whole than in 16 chunks of 2^22 pairs each (28 s against 23):
// each half repeats the splits its key recursion would have shared.
func (j *joiner) splitCount(W, E []uint64, d int) uint64 {
	if len(W) == 0 || len(E) == 0 {
		return 0
	}
	if len(W) < len(E) && !weighted(W) && !j.keepRoles {
		W, E = E, W
	}
	if len(E) <= leafSize || recTablesFit(len(E)) {
		j.cutPairs += uint64(len(W)) * uint64(len(E))
		return j.countFit(W, E, d)
	}
	var cw, ce [64]int32
	bitCountsAll(&cw, W)
	bitCountsAll(&ce, E)
	b, best := -1, int64(0)
	for i := range d {
		if ce[i] == 0 || int(ce[i]) == len(E) {
			continue // no cut of E
		}
		if x := int64(cw[i]) * int64(ce[i]); b < 0 || x > best {
			b, best = i, x
		}
	}
	if b < 0 {
		// No bit cuts E (every pattern of E is the same): halves.
		h := len(E) / 2
		return j.countFit(W, E[:h], d) + j.splitCount(W, E[h:], d)
	}
	w0 := partitionBit(W, b)
	e0 := partitionBit(E, b)
	// W's patterns with b against E's first: that recursion reorders
	// W[:w0] only, which the second, over all of W, does not need kept.
	return j.splitCount(W[:w0], E[e0:], d) + j.splitCount(W, E[:e0], d)
}

// bitCountsAll is bitCounts for lists of any length.
func bitCountsAll(c *[64]int32, ps []uint64) {
	for len(ps) > 0 {
		n := min(len(ps), 496)
		bitCounts(c, ps[:n])
		ps = ps[n:]
	}
}

// partitionBit reorders ps so that the patterns without bit b come
// first, and returns their number.
func partitionBit(ps []uint64, b int) int {
	i, k := 0, len(ps)
	for i < k {
		if ps[i]>>b&1 == 0 {
			i++
			continue
		}
		k--
		ps[i], ps[k] = ps[k], ps[i]
	}
	return i
}

// countFit is count for lists whose roles are settled and whose east
// records' tables fit recTableBudget (or that use no records).
func (j *joiner) countFit(W, E []uint64, d int) uint64 {
	j.recs, j.keyTop, j.settle = false, false, maxKey
	if len(W)*len(E) <= 1<<10 {
		return countScalar(W, E)
	}
	// 5-bit chunks (32 entries, 8 chunks fill a block) need a load fewer
	// per 5 bits than 4-bit ones; they fit while d ≤ 40 (N ≤ 21).
	j.cbits = 4
	if d <= max5 {
		j.cbits = 5
	}
	j.nchunk = (d + j.cbits - 1) / j.cbits
	if len(E) <= leafSize {
		// One leaf: no key, no sorting.
		// The leaf reads W in place (wp is the sort's scratch, kept for
		// the next join), so that no join holds a copy of W beside wrec.
		j.buildTables(E)
		wp := j.wp
		j.wp, j.total = W, 0
		j.leaf(0, len(W), 0, len(E), 64)
		j.wp = wp
		return j.total
	}
	// 1. Key bits (key.go): the largest density products on a sample
	// of each list, and for the longest joins the bits that drop the
	// most of the sample's pairs, one after the other.
	// Splits stop paying when east ranges are a block or two long, so key
	// bits past about log2(|E|/256) are seldom reached. Measured: the
	// block-ops of N = 18 and 20 are the same (to 10^-4) with the bound
	// at log2(|E|/16) and at log2(|E|/64), and the smaller key makes the
	// counting sort's buckets 4× fewer.
	maxL := min(maxKey, bits.Len(uint(len(E)/64)))
	var cw, ce [64]int32
	var order [64]int
	keyOrder(&order, &cw, &ce, W, E, d, maxL)
	rel := order[:d]
	L := 0
	for L < maxL && L < d && cw[rel[L]] > 0 && ce[rel[L]] > 0 {
		L++
	}
	// Key bit L-1-t is pattern bit rel[t]: the best is most significant.
	var key [maxKey]uint8
	for t := 0; t < L; t++ {
		key[L-1-t] = uint8(rel[t])
	}
	if usePEXT {
		j.sortPacked(W, E, d, key[:L])
	} else {
		j.setKey(key[:L])
		j.wp, j.ws = j.sortByKey(j.wp, j.ws, W)
		j.ep, j.es = j.sortByKey(j.ep, j.es, E)
	}
	j.buildTables(j.ep)
	j.total = 0
	j.recurse(0, 0, L-1)
	return j.total
}

// weighted reports whether any pattern carries a weight.
func weighted(W []uint64) bool {
	for _, w := range W {
		if w>>weightShift != 0 {
			return true
		}
	}
	return false
}

// sortByKey returns the patterns of in sorted by key (a counting sort),
// and the bucket starts: the patterns with key k are [start[k],
// start[k+1]). The key is gathered a byte of the pattern at a time through
// j.byteKey; bytes past the key bits are skipped.
//
// Measured (N = 18): keeping the bucket starts instead of the sorted keys
// (and binary searches on them) saved a third of the sort.
func (j *joiner) sortByKey(dst []uint64, start []int32, in []uint64) ([]uint64, []int32) {
	nk := 1 << j.nkey
	start = grow(start, nk+1)
	cnt := start
	clear(cnt)
	bk := &j.byteKey
	j.kin = grow(j.kin, len(in))
	kin := j.kin[:len(in)]
	if j.keyBytes <= 5 {
		for i, p := range in {
			k := bk[0][p&255] | bk[1][p>>8&255] | bk[2][p>>16&255] | bk[3][p>>24&255] | bk[4][p>>32&255]
			kin[i] = k
			cnt[k+1]++
		}
	} else {
		for i, p := range in {
			k := bk[0][p&255] | bk[1][p>>8&255] | bk[2][p>>16&255] | bk[3][p>>24&255] |
				bk[4][p>>32&255] | bk[5][p>>40&255] | bk[6][p>>48&255] | bk[7][p>>56]
			kin[i] = k
			cnt[k+1]++
		}
	}
	return scatter(dst, cnt, in, kin, nk)
}

// sortPacked is the two sortByKey calls of count through PEXT: it also
// packs the live bits of the patterns (those set in some west and some
// east pattern: no other bit can make a pair meet) to the bottom, and
// sets the chunks for the packed width. key is as for setKey.
//
// Measured: on N = 18 about 29 of the 34 pattern bits are live (a row
// split leaves diagonals that one half cannot reach), on N = 20 about 33
// of 38, so the kernel reads 6 chunks instead of 7, or 7 instead of 8.
// Past N = 21 packing brings patterns back to 5-bit chunks and AVX2.
func (j *joiner) sortPacked(W, E []uint64, d int, key []uint8) {
	var kmask uint64
	for _, b := range key {
		kmask |= 1 << b
	}
	j.setPerm(key, kmask)
	// The keys first: their counting pass also ORs the patterns, which
	// the live bits need (a pass of its own over both lists was 3% of
	// N = 21's CPU).
	var ow, oe uint64
	var wsplit bool
	j.ws, j.wcur2, j.kin, ow, wsplit = j.keyStarts(j.ws, j.wcur2, j.kin, W, kmask)
	j.es, j.ecur2, j.kinE, oe, _ = j.keyStarts(j.es, j.ecur2, j.kinE, E, kmask)
	// The packed pattern: the live bits that are not key bits, then the
	// key bits above them in key order, key bit t at keyBase+t, so that
	// a leaf whose top key bits are settled reads fewer chunks (leaf).
	live := ow & oe & (1<<d - 1) &^ kmask
	j.keyBase = bits.OnesCount64(live)
	dl := j.keyBase + len(key)
	j.cbits = 4
	if useAVX2 && j.keyBase <= 7*recChunks {
		// Records of 7-bit chunks (count has cut E to recTableBudget);
		// past 42 bits, the key bits there are settled as below.
		j.cbits = 7
		if dl > 7*recChunks {
			j.settle = 7*recChunks - j.keyBase
		}
	} else if dl <= max5 {
		j.cbits = 5
	} else if j.keyBase <= max5 {
		// Wider than 40 bits, with the key bits past bit 40 split on
		// before any leaf (recurse): a leaf then reads at most the 8
		// 5-bit chunks below bit 40, in AVX2, and the tables need no
		// more. Measured on N = 24 pieces of 41 and 42 live bits: the
		// 11 4-bit chunks of the portable kernel took 7.5–22 ps a
		// pair, ten times and more the 0.3–1.4 of the pieces of 40
		// bits; from N = 24 on about half of the join's pieces are
		// that wide.
		j.cbits = 5
		j.settle = max5 - j.keyBase
	}
	j.recs = j.cbits == 7
	j.nchunk = min(max((dl+j.cbits-1)/j.cbits, 1), len(block{})>>j.cbits)
	if j.recs {
		j.nchunk = min(max((dl+6)/7, 1), recChunks)
	}
	j.keyTop = true
	if j.recs {
		cur2 := j.wcur2
		if !wsplit {
			cur2 = nil
		}
		j.wrec, j.ws = j.placeRecsAt(j.wrec, j.ws, cur2, j.kin, W, live)
	} else {
		j.wp, j.ws = j.placeKeysAt(j.wp, j.ws, j.kin, W, live)
	}
	j.ep, j.es = j.placeKeysAt(j.ep, j.es, j.kinE, E, live)
}

// setPerm sets nkey and perm for the key bits of mask kmask, key bit t
// being pattern bit key[t] (count puts the best last, as the most
// significant). PEXT keeps the key bits in pattern order; perm maps
// them to the key order, which split on ~30% fewer block-ops on N = 18
// and 20 than pattern order.
func (j *joiner) setPerm(key []uint8, kmask uint64) {
	clear(j.perm[:])
	for t, b := range key {
		pos := bits.OnesCount64(kmask & (1<<b - 1))
		for v := range 64 {
			if pos < 6 && v>>pos&1 != 0 {
				j.perm[v] |= 1 << t
			}
			if pos >= 6 && v>>(pos-6)&1 != 0 {
				j.perm[64+v] |= 1 << t
			}
		}
	}
	j.nkey = len(key)
}

// placeRecsAt is the second pass of the west list's counting sort into
// records (after keyStarts): the records of in, with keys kin, written
// from the bucket starts cnt on, or with cur2 (not nil) those at odd
// places from the cursors cur2 on (placeRecs2; keyStarts split them). It
// returns the records and the bucket starts.
//
// Measured: a kernel call visits 2.6 blocks per west pattern on average
// (N = 18 and 20, counted), so the per-pattern work matters; with
// records BenchmarkLeafRec took 7.8 against 11.2 ns per block-op at one
// block per call and 4.9 against 6.7 at four (min of 3, busy machine).
// Written in input order and then scattered in Go (twice the memory
// traffic, and a Go loop that spilled its registers), the sort of the
// west list was 18% of N = 19's CPU and 39% of the join in the slowest
// pieces of N = 23 (lists of 10^5 and more); written once, N = 18 and
// 19 took 12% and 8% less CPU.
func (j *joiner) placeRecsAt(dst []uint64, cnt, cur2 []int32, kin []uint32, in []uint64, live uint64) ([]uint64, []int32) {
	dst = grow(dst, len(in))
	nk := 1 << j.nkey
	if cur2 == nil {
		placeRecs(&in[0], len(in), live, &kin[0], &cnt[0], &dst[0], uint64(j.keyBase))
		endsToStarts(cnt, nk)
		return dst, cnt
	}
	placeRecs2(&in[0], len(in), live, &kin[0], &cnt[0], &cur2[0], &dst[0], uint64(j.keyBase))
	// The odd places' cursors end where their buckets end.
	endsToStarts(cur2, nk)
	copy(cnt, cur2[:nk+1])
	return dst, cnt
}

// placeKeysAt is placeRecsAt writing packed patterns (placeKeys).
func (j *joiner) placeKeysAt(dst []uint64, cnt []int32, kin []uint32, in []uint64, live uint64) ([]uint64, []int32) {
	dst = grow(dst, len(in))
	placeKeys(&in[0], len(in), live, &kin[0], &cnt[0], &dst[0], uint64(j.keyBase))
	endsToStarts(cnt, 1<<j.nkey)
	return dst, cnt
}

// keyStarts counts the keys of in (keyCounts, into kin, grown) and
// returns start grown to the 2^nkey+1 bucket starts, second, kin, the
// OR of the patterns, and whether it split the counts: the place pass
// writes key k's patterns from start[k] on, advancing it. A list of at
// least keyCounts2Min patterns counts the keys at odd places apart
// (keyCounts2, into second, grown) and is split: second[k] is then
// where key k's patterns at odd places may begin, after those at even
// places, for placeRecs2; a one-cursor pass may ignore it.
//
// Measured (qbench -workers 1 -shard 3/64 21, profiles): one counter
// array 1.82 s, two 1.24 s (consecutive patterns share the keys of
// their top quadrant, and an increment waited on the one before).
func (j *joiner) keyStarts(start, second []int32, kin []uint32, in []uint64, kmask uint64) ([]int32, []int32, []uint32, uint64, bool) {
	nk := 1 << j.nkey
	start = grow(start, nk+1)
	clear(start)
	kin = grow(kin, len(in))
	if len(in) < keyCounts2Min {
		or := keyCounts(&in[0], len(in), kmask, &j.perm, &kin[0], &start[0])
		countsToStarts(start, nk)
		return start, second, kin, or, false
	}
	second = grow(second, nk+1)
	clear(second)
	or := keyCounts2(&in[0], len(in), kmask, &j.perm, &kin[0], &start[0], &second[0])
	// start[k+1] and second[k+1] count key k at even and at odd places.
	s := int32(0)
	for k := range nk {
		e, o := start[k+1], second[k+1]
		start[k], second[k] = s, s+e
		s += e + o
	}
	start[nk], second[nk] = s, s
	return start, second, kin, or, true
}

// keyCounts2Min: lists at least this long count their keys with two
// counters (keyCounts2).
var keyCounts2Min = 256

// countsToStarts turns cnt, cnt[k+1] the patterns with key k and cnt[0]
// = 0, into the bucket starts: cnt[k] is where key k's patterns begin.
func countsToStarts(cnt []int32, nk int) {
	for k := 1; k <= nk; k++ {
		cnt[k] += cnt[k-1]
	}
}

// endsToStarts turns cnt after a scatter, cnt[k] where key k's patterns
// end, back into the starts, with cnt[nk] the end of the last.
func endsToStarts(cnt []int32, nk int) {
	copy(cnt[1:], cnt[:nk])
	cnt[0] = 0
}

// scatter finishes a counting sort: cnt[k+1] holds the number of
// patterns with key k (cnt[0] = 0), kin[i] the key of in[i]. It returns
// in sorted by key and the bucket starts.
func scatter(dst []uint64, cnt []int32, in []uint64, kin []uint32, nk int) ([]uint64, []int32) {
	countsToStarts(cnt, nk)
	// The scatter advances cnt[k] to the start of bucket k+1.
	dst = grow(dst, len(in))
	kin = kin[:len(in)]
	for i, p := range in {
		k := kin[i]
		dst[cnt[k]] = p
		cnt[k]++
	}
	endsToStarts(cnt, nk)
	return dst, cnt
}

// setKey records the key bits and fills byteKey: byteKey[i][v] is the key
// of a pattern whose byte i is v and whose other bytes are zero.
func (j *joiner) setKey(key []uint8) {
	j.nkey = len(key)
	j.keyBytes = 0
	clear(j.byteKey[:])
	for t, b := range key {
		j.key[t] = b
		j.keyBytes = max(j.keyBytes, int(b>>3)+1)
		for v := range 256 {
			if v>>(b&7)&1 != 0 {
				j.byteKey[b>>3][v] |= 1 << t
			}
		}
	}
}

// buildTables fills the chunk tables of the east list ep: blocks, or
// with recs the records' tables (rtab).
func (j *joiner) buildTables(ep []uint64) {
	nc := j.nchunk
	nblk := (len(ep) + blockLanes - 1) >> blockShift
	if j.recs {
		j.rtab = grow(j.rtab, nblk*recTableStride/8)
	} else {
		j.tables = grow(j.tables, nblk)
	}
	var planes [64][4]uint64 // planes[b][q]: lanes 64q.. whose pattern has bit b
	all := [4]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
	for bi := range nblk {
		lo := bi << blockShift
		hi := min(lo+blockLanes, len(ep))
		if useAVX2 && hi-lo >= 16 {
			// The four quarters' transposes at once (transpose4).
			n := copy(j.tin[:], ep[lo:hi])
			clear(j.tin[n:])
			transpose4(&planes, &j.tin)
		} else {
			j.planesGo(&planes, ep[lo:hi])
		}
		if j.recs {
			t := j.rtab[bi*recTableStride/8:]
			chunkRows7(&t[0], &planes, nc)
			for c := nc; c < 3; c++ {
				// Padding chunks of the unrolled kernels.
				e := (*[4]uint64)(t[c*recChunkStride/8:])
				*e = all
			}
			continue
		}
		t := &j.tables[bi]
		cb := j.cbits
		span := 1 << cb
		if cb == 5 && useAVX2 {
			chunkRows(t, &planes, nc)
		} else {
			chunkRowsGo(t, &planes, nc, cb)
		}
		for c := nc; c*span < len(t); c++ {
			t[c*span] = all // padding chunks of the unrolled kernels
		}
	}
}

// planesGo sets planes to the bit planes of the block's patterns ps (at
// most 256): planes[b][q] bit i is bit b of ps[64q+i].
//
// transpose4 (AVX2, the four quarters in the lanes of one register)
// does the same in about a sixth of this one's time (qbench -cpuprofile
// shows both as their share of a count).
func (j *joiner) planesGo(planes *[64][4]uint64, ps []uint64) {
	for q := range 4 {
		l := min(64*q, len(ps))
		h := min(l+64, len(ps))
		pl := &j.tin64
		if h-l >= 16 {
			n := copy(pl[:], ps[l:h])
			clear(pl[n:])
			transpose64(pl)
		} else {
			// Few patterns (short lists, odd N): one bit at a time is
			// cheaper than the transpose.
			clear(pl[:])
			for i, p := range ps[l:h] {
				for x := p &^ (3 << weightShift); x != 0; x &= x - 1 {
					pl[bits.TrailingZeros64(x)] |= 1 << i
				}
			}
		}
		for b := range pl {
			planes[b][q] = pl[b]
		}
	}
}

// chunkRowsGo is chunkRows for chunks of cb bits (4 or 5): entry v of
// chunk c is entry v&(v-1) without the lanes of bit c·cb + (the lowest
// bit of v).
//
// Measured (qbench -workers 1 -shard 5/2048 23, profile): this loop was
// 3% of the CPU (2.4 s of 75 s; the east lists are long there), the
// transposes 3.6%.
func chunkRowsGo(t *block, planes *[64][4]uint64, nc, cb int) {
	span := 1 << cb
	all := [4]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
	for c := range nc {
		row := t[c*span : c*span+span]
		row[0] = all
		for v := 1; v < span; v++ {
			b := uint8(c*cb + bits.TrailingZeros(uint(v)))
			prev := &row[v&(v-1)]
			pl := &planes[b&63]
			row[v] = [4]uint64{prev[0] &^ pl[0], prev[1] &^ pl[1], prev[2] &^ pl[2], prev[3] &^ pl[3]}
		}
	}
}

// transpose64 transposes the 64×64 bit matrix a: afterwards bit j of a[i]
// is what bit i of a[j] was. Six rounds swap the off-diagonal blocks of
// size 32, 16, …, 1.
//
// Measured (N = 18): building the bit planes this way instead of setting
// one bit per pattern bit (about 18 per pattern) made buildTables about
// twice as fast.
func transpose64(a *[64]uint64) {
	transposeRound(a, 32, 0x00000000ffffffff)
	transposeRound(a, 16, 0x0000ffff0000ffff)
	transposeRound(a, 8, 0x00ff00ff00ff00ff)
	transposeRound(a, 4, 0x0f0f0f0f0f0f0f0f)
	transposeRound(a, 2, 0x3333333333333333)
	transposeRound(a, 1, 0x5555555555555555)
}

// transposeRound swaps the off-diagonal j×j blocks of each 2j×2j block on
// the diagonal of a (m: the low j bits of every 2j). Inlined with j a
// constant; the indices masked to 0..63, which drops the bounds checks.
func transposeRound(a *[64]uint64, j int, m uint64) {
	for base := 0; base < 64; base += 2 * j {
		for k := base; k < base+j; k++ {
			x, y := &a[k&63], &a[(k+j)&63]
			t := (*x>>j ^ *y) & m
			*y ^= t
			*x ^= t << j
		}
	}
}

// recurse counts the compatible pairs of the west patterns with keys
// kw..kw+2^(level+1)-1 and the east patterns with keys ke..ke+2^(level+1)-1
// (sorted ranges [wl, wh) and [el, eh) found through the bucket starts).
// The two key prefixes above level are disjoint and each range agrees on
// its own, so that key bit level splits each range in two: W0, W1 and E0,
// E1 (bit clear, bit set).
//
// The kernel's cost is one block-op per west pattern and block
// the east range touches, so splitting pays only while the halves save
// whole blocks. Each node compares, one level ahead:
//
//	K  = |W|·blocks(E)                          run the kernel here
//	S3 = |W0|·blocks(E0) + |W0|·blocks(E1) + |W1|·blocks(E0)  split both
//	SA = |W0|·blocks(E) + |W1|·blocks(E0)       split only the west side
//
// and takes the cheapest (a split also costs nodeCost). SA finishes its
// unsplit part with the kernel at once: a range that is not split by
// this bit cannot be split by the next one. So it is only offered for
// short east ranges (oneSidedBlocks), where the kernel is near anyway.
// Splitting only the east side, |W|·blocks(E0) + |W0|·blocks(E1), never
// costs less than SA (blocks is subadditive), so it is not offered.
func (j *joiner) recurse(kw, ke uint32, level int) {
	if debugStats {
		statNodes++
	}
	span := uint32(1) // the keys of each range: 2^(level+1)
	if level >= 0 {
		span = 2 << level
	}
	wl, wh := int(j.ws[kw]), int(j.ws[kw+span])
	el, eh := int(j.es[ke]), int(j.es[ke+span])
	// A leaf here reads the pattern bits below keyBase+level+1: every
	// pair it meets is disjoint on the key bits above level (see leaf).
	nb := j.keyBase + level + 1
	if level >= j.settle {
		// Key bit level lies past max5 (sortPacked): split, whatever
		// the cost, so that the leaves below read no chunk beyond it.
		half := span >> 1
		wm, em := int(j.ws[kw+half]), int(j.es[ke+half])
		if wm > wl && em > el {
			j.recurse(kw, ke, level-1)
		}
		if wm > wl && eh > em {
			j.recurse(kw, ke+half, level-1)
		}
		if wh > wm && em > el {
			j.recurse(kw+half, ke, level-1)
		}
		return
	}
	if level < 0 || wh-wl < 2 {
		j.leaf(wl, wh, el, eh, nb)
		return
	}
	// The cost of a block-op is its chunks' loads (leaf): a split whose
	// leaves read a chunk fewer is weighed by it, even on an east range
	// of one block, which otherwise goes to the kernel whole.
	ck, cs := j.leafChunks(nb), j.leafChunks(nb-1)
	if eh-el <= blockLanes && cs == ck {
		j.leaf(wl, wh, el, eh, nb)
		return
	}
	half := span >> 1
	wm, em := int(j.ws[kw+half]), int(j.es[ke+half])
	nW, nW0, nW1 := wh-wl, wm-wl, wh-wm
	b, b0, b1 := blocks(el, eh), blocks(el, em), blocks(em, eh)
	k := nW * b * ck
	s3 := (nW0*(b0+b1)+nW1*b0)*cs + nodeCost*ck
	sa := (nW0*b+nW1*b0)*cs + nodeCost*ck
	if b > oneSidedBlocks {
		// Long ranges: the children will split again, which the one-level
		// estimate of S3 does not see; SA would stop half the work.
		sa = s3 + 1
	}
	switch {
	case k <= s3 && k <= sa:
		j.leaf(wl, wh, el, eh, nb)
	case s3 <= sa:
		if nW0 > 0 && em > el {
			j.recurse(kw, ke, level-1)
		}
		if nW0 > 0 && eh > em {
			j.recurse(kw, ke+half, level-1)
		}
		if nW1 > 0 && em > el {
			j.recurse(kw+half, ke, level-1)
		}
	default:
		j.leafW0(kw, ke, level, el, eh, nb-1) // W0: key bit level clear
		if nW1 > 0 && em > el {
			j.recurse(kw+half, ke, level-1)
		}
	}
}

// leafW0 counts the west keys [kw, kw+half) of a node at level (their
// key bit level clear) against its whole east range [el, eh), the keys
// [ke, ke+2·half), reading the bits below nb. Where the level below
// reads a chunk fewer, it splits them on key bit level-1 when that
// costs fewer loads: the half with the bit clear against the whole
// east range, the other against the east range's two quarters with it
// clear. (A leaf on the whole east range cannot split it on that bit:
// it is not one range of keys.) The same split of the east keys against
// the whole west range is not done: on a shard of N = 21 it would split
// none (qbench -shard 3/64 21).
func (j *joiner) leafW0(kw, ke uint32, level, el, eh, nb int) {
	half := uint32(1) << level
	wl, wm := int(j.ws[kw]), int(j.ws[kw+half])
	c1, c2 := j.leafChunks(nb), j.leafChunks(nb-1)
	if level < 1 || c2 >= c1 || wm-wl < 2 {
		j.leaf(wl, wm, el, eh, nb)
		return
	}
	q := half >> 1
	wq := int(j.ws[kw+q])
	e0h, e1l, e1h := int(j.es[ke+q]), int(j.es[ke+half]), int(j.es[ke+half+q])
	b := blocks(el, eh)
	if (wm-wl)*b*c1 <= (wq-wl)*b*c2+(wm-wq)*(blocks(el, e0h)+blocks(e1l, e1h))*c2+nodeCost*c1 {
		j.leaf(wl, wm, el, eh, nb)
		return
	}
	j.splitW0++
	j.leaf(wl, wq, el, eh, nb-1)
	j.leaf(wq, wm, el, e0h, nb-1)
	j.leaf(wq, wm, e1l, e1h, nb-1)
}

// nodeCost is the cost of a split, two binary searches, in block-ops (of
// the node's chunks, where the costs count loads).
const nodeCost = 8

// oneSidedBlocks: SA is considered only for east ranges of at most this
// many blocks.
var oneSidedBlocks = 4

// blocks returns the number of blocks the range [lo, hi) touches.
func blocks(lo, hi int) int {
	if lo >= hi {
		return 0
	}
	return (hi-1)>>blockShift - lo>>blockShift + 1
}

// laneMask returns the lanes lo..hi-1 of a block, 0 ≤ lo < hi ≤ 256.
func laneMask(lo, hi int) (m [4]uint64) {
	for q := range 4 {
		a, b := max(lo-64*q, 0), min(hi-64*q, 64)
		if a < b {
			m[q] = (^uint64(0) >> (64 - (b - a))) << a
		}
	}
	return m
}

// leaf counts the pairs of the sorted west patterns [wl, wh) and the east
// range [el, eh) of the tables with the block kernel. When the patterns
// are packed with the key on top (keyTop), no pair of the ranges shares
// a pattern bit from nb up: those are key bits that the recursion has
// settled (it dropped the pairs with the bit set on both sides), so the
// kernel reads only the chunks below nb.
func (j *joiner) leaf(wl, wh, el, eh, nb int) {
	if wl >= wh || el >= eh {
		return
	}
	nchunk := j.leafChunks(nb)
	b0, b1 := el>>blockShift, (eh-1)>>blockShift
	first := laneMask(el&(blockLanes-1), blockLanes)
	last := laneMask(0, (eh-1)&(blockLanes-1)+1)
	if b0 == b1 {
		for q := range 4 {
			first[q] &= last[q]
		}
	}
	if debugStats {
		statBlocks += (wh - wl) * (b1 - b0 + 1)
		statLanes += (wh - wl) * (eh - el)
	}
	if j.recs {
		j.total += leafRecAVX2(nchunk, &j.rtab[b0*recTableStride/8], b1-b0+1, &j.wrec[wl], wh-wl, &first, &last)
		return
	}
	tabs := j.tables[b0 : b1+1]
	if j.cbits == 5 && useAVX2 {
		j.total += leafAVX2(nchunk, &tabs[0], len(tabs), &j.wp[wl], wh-wl, &first, &last)
		return
	}
	j.total += leafGo(tabs, j.wp[wl:wh], nchunk, j.cbits, &first, &last)
}

// leafChunks returns the chunks a leaf reads whose pairs are disjoint
// on the pattern bits from nb up (leaf).
func (j *joiner) leafChunks(nb int) int {
	if !j.keyTop {
		return j.nchunk
	}
	return min(j.nchunk, max(1, (nb+j.cbits-1)/j.cbits))
}

// leafGo is the portable block kernel: the pairs of ws and the blocks
// tabs, whose first and last blocks are cut to the lanes first and last
// (first holds both when there is one block).
func leafGo(tabs []block, ws []uint64, nchunk, cbits int, first, last *[4]uint64) uint64 {
	var total uint64
	full := [4]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
	mask := func(i int) *[4]uint64 {
		switch i {
		case 0:
			return first
		case len(tabs) - 1:
			return last
		}
		return &full
	}
	if cbits == 5 {
		for _, w := range ws {
			// o[c] indexes chunk c of w in a block; chunks past nchunk
			// read entry 32c (all lanes), which w's zero high bits give.
			o0 := uint8(w & 31)
			o1 := uint8(32 + w>>5&31)
			o2 := uint8(64 + w>>10&31)
			o3 := uint8(96 + w>>15&31)
			o4 := uint8(128 + w>>20&31)
			o5 := uint8(160 + w>>25&31)
			o6 := uint8(192 + w>>30&31)
			o7 := uint8(224 + w>>35&31)
			var c uint64
			for i := range tabs {
				t := &tabs[i]
				m := mask(i)
				for q := range 4 {
					acc := t[o0][q] & t[o1][q] & t[o2][q] & t[o3][q] & t[o4][q] & t[o5][q] & t[o6][q] & t[o7][q]
					c += uint64(bits.OnesCount64(acc & m[q]))
				}
			}
			total += c << weightOf(w)
		}
		return total
	}
	var o [16]uint8
	for _, w := range ws {
		for c := range nchunk {
			o[c] = uint8(16*c) + uint8(w>>(4*c)&15)
		}
		var c uint64
		for i := range tabs {
			t := &tabs[i]
			m := mask(i)
			for q := range 4 {
				acc := m[q]
				for _, x := range o[:nchunk] {
					acc &= t[x][q]
				}
				c += uint64(bits.OnesCount64(acc))
			}
		}
		total += c << weightOf(w)
	}
	return total
}

// countScalar is the direct double loop; the reference for count.
func countScalar(W, E []uint64) uint64 {
	var total uint64
	for _, w := range W {
		var c uint64
		for _, e := range E {
			if w&e == 0 {
				c++
			}
		}
		total += c << weightOf(w)
	}
	return total
}

// grow returns a slice of length n, reusing the storage of s when large
// enough. The contents are not kept.
func grow[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n, n+n/4)
}

// footprint returns the capacity of the joiner's buffers, in elements:
// it changes when a join grows them (the sampler's timing, RunPiece).
func (j *joiner) footprint() int {
	return cap(j.wp) + cap(j.ep) + cap(j.kin) + cap(j.kinE) + cap(j.wcur2) + cap(j.ecur2) +
		cap(j.wrec) + cap(j.ws) + cap(j.es) + cap(j.tables) + cap(j.rtab)
}
