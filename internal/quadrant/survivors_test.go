package quadrant

import (
	"context"
	"math/bits"
	"runtime/debug"
	"testing"
)

// TestChunkKeyBits: the key of keyed chunks has as many bits as the
// east chunks' count's bit length plus one, at most 6, when the samples
// share that many bits.
func TestChunkKeyBits(t *testing.T) {
	// Ten bits, each in some patterns of both lists.
	var ws, es []uint64
	for i := range 600 {
		ws = append(ws, uint64(i*37)&(1<<10-1))
		es = append(es, uint64(i*53+11)&(1<<10-1))
	}
	for _, chunks := range []int{1, 2, 3, 8, 100} {
		K := chunkKey(ws, es, 10, chunks)
		if got, want := bits.OnesCount64(K), min(bits.Len(uint(chunks))+1, 6); got != want {
			t.Errorf("chunkKey(…, chunks = %d) has %d bits (%b); want %d", chunks, got, K, want)
		}
	}
}

// TestLargestBucket: largest is the most placements of any bucket, not
// of the last one (at h = 7 the last bucket is also the largest).
func TestLargestBucket(t *testing.T) {
	for _, c := range [][]uint32{{5, 9, 2}, {9, 5, 2}, {2, 5, 9}, {0}} {
		b := newBucketSums(1, bcounts{c: c})
		want := uint32(0)
		for _, x := range c {
			want = max(want, x)
		}
		if got := b.largest(); got != want {
			t.Errorf("largest of %v = %d; want %d", c, got, want)
		}
	}
}

// TestChunkPast: shards list their half-boards whole up to MaxN and in
// chunks of streamChunk past it, for the count (forUnits) and the
// sampler alike.
func TestChunkPast(t *testing.T) {
	for _, tc := range []struct{ n, want int }{{MaxN - 1, 0}, {MaxN, 0}, {MaxN + 1, streamChunk}, {MaxShardN, streamChunk}} {
		if got := chunkPast(tc.n); got != tc.want {
			t.Errorf("chunkPast(%d) = %d; want %d", tc.n, got, tc.want)
		}
	}
}

// TestSplitCountSharedBit: splitCount never cuts on a bit that every
// east pattern has (that cut leaves E whole: a recursion without end).
// Here every east pattern has bit 0, the first bit looked at, which no
// west pattern has, and no bit is in both lists, so every product of
// counts is 0 and the first bit that cuts E is taken; the count is every
// pair.
func TestSplitCountSharedBit(t *testing.T) {
	defer func(b, l int) { recTableBudget, leafSize = b, l }(recTableBudget, leafSize)
	defer debug.SetMaxStack(debug.SetMaxStack(64 << 20)) // the mutant overflows fast
	recTableBudget, leafSize = 0, 256
	var W, E []uint64
	for i := range 400 {
		W = append(W, uint64(i%509+1)<<11)
	}
	for i := range 300 {
		E = append(E, 1|uint64(i%511+1)<<1)
	}
	var j joiner
	j.keepRoles = true
	if got, want := j.splitCount(W, E, 20), uint64(len(W)*len(E)); got != want {
		t.Errorf("splitCount(400 west, 300 east sharing bit 0) = %d; want %d", got, want)
	}
}

// TestSelBytesBound: the scratch of keyed chunks (the two halfSels'
// lists) that countChunked grows stays within the plan's selBytes
// (setChunk), which WorkerBytes adds: measured at N = 12 and 13, up to
// 19 bytes per placement of the largest bucket, against 48 planned.
func TestSelBytesBound(t *testing.T) {
	for _, n := range []int{12, 13} {
		bp, err := NewBucketPlan(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		sp, err := bp.ForUnits(context.Background(), []int{0})
		if err != nil {
			t.Fatal(err)
		}
		const chunk = 16
		sp.setChunk(chunk, bp.sums)
		if sp.WorkerBytes() != workerBytes(sp.maxPat)+sp.selBytes {
			t.Errorf("N = %d: WorkerBytes %d leaves out selBytes %d", n, sp.WorkerBytes(), sp.selBytes)
		}
		_, s := newTestSampler(t, n)
		var most uint64
		for i := range s.Pieces() {
			f, E, rs, st := pieceStream(s, i)
			w := worker{st: st}
			if _, err := w.countChunked(context.Background(), f, &w.st.t, rs, f.rows^E, E, f.widthM+f.widthA, chunk); err != nil {
				t.Fatal(err)
			}
			most = max(most, 8*uint64(cap(w.selW.a)+cap(w.selW.b)+cap(w.selE.a)+cap(w.selE.b)))
		}
		if most > sp.selBytes {
			t.Errorf("N = %d: keyed chunks' scratch grew to %d bytes; planned %d (selBytes)", n, most, sp.selBytes)
		}
	}
}
