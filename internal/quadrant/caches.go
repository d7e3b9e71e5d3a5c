package quadrant

// FreeCaches drops what the package remembers between plans and counts
// of the same N, so that the garbage collector can have it once no plan
// holds it:
//
//   - the bucket counts of the last h past MaxN/2 (sharedBucketCounts):
//     40 MiB after a plan of N = 26 or 27, 153 MiB after N = 28;
//   - the row counts per h (rowCounts): 128 KiB at most per h;
//   - the bucket indexes per h (bucketIndexOf): 256 KiB at most per h;
//   - the survival tables of the frames (survTableFor): 1.75 MiB at
//     most per N.
//
// Plans made before keep what they read and stay valid; the next plan
// or count walks the quadrant again for what it needs (minutes of CPU
// at N = 28, where the plan of the shards, their estimate and a shard's
// count share one walk while the counts are remembered). It is safe
// for concurrent use; it waits for a walk that fills the cache.
func FreeCaches() {
	countsCache.Lock()
	countsCache.h, countsCache.b = 0, bcounts{}
	countsCache.Unlock()
	rowCache.Lock()
	clear(rowCache.r[:])
	rowCache.Unlock()
	bucketIndexes.Lock()
	clear(bucketIndexes.x[:])
	bucketIndexes.Unlock()
	survTables.Lock()
	survTables.m = nil
	survTables.Unlock()
}
