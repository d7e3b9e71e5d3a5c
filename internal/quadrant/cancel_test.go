package quadrant

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

// TestWalkCancel: the counting walk of h = 13 (about 15 s of CPU)
// stops within a second of its context's cancel, 100 ms in, with
// context.Canceled, and its partial counts are not remembered.
func TestWalkCancel(t *testing.T) {
	const h = 13
	for _, tc := range []struct {
		name string
		walk func(ctx context.Context) error
	}{
		{"sharedBucketCounts", func(ctx context.Context) error { _, err := sharedBucketCounts(ctx, h); return err }},
		{"rowWalk", func(ctx context.Context) error { _, err := rowWalk(ctx, h); return err }},
	} {
		countsCache.Lock()
		countsCache.b, countsCache.h = bcounts{}, 0
		countsCache.Unlock()
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(100*time.Millisecond, cancel)
		t0 := time.Now()
		err := tc.walk(ctx)
		if dt := time.Since(t0); !errors.Is(err, context.Canceled) || dt > time.Second {
			t.Errorf("%s(%d) cancelled at 100 ms = %v after %v; want context.Canceled within 1 s", tc.name, h, err, dt)
		}
		cancel()
		if countsCache.h == h {
			t.Errorf("%s(%d) cancelled: its counts were remembered", tc.name, h)
		}
	}
}

// TestWalkPolls: a counting walk whose stop flag is set counts almost
// nothing of its class (rec returns at once above its last pollRows
// rows), where the class holds millions of placements: the flag is
// polled inside a class, not only between classes (at h = 14 one class
// takes seconds).
func TestWalkPolls(t *testing.T) {
	const h = 12
	for _, stop := range []bool{false, true} {
		b := newBcounts(h)
		var flag atomic.Bool
		flag.Store(stop)
		w := countWalk{h: h, full: uint32(1)<<h - 1, d: 6, rev: mirrorRanks(h), stop: &flag, poll: h - pollRows, c: b.c, x: b.x}
		w.P = 0b101 // rows 0 and 2 of the first six used
		w.class()
		var sum uint64
		for _, c := range b.c {
			sum += uint64(c)
		}
		if stop && sum > 1000 || !stop && sum < 100000 {
			t.Errorf("h = %d, class %b, stop flag %v: %d placements counted; want %s", h, w.P, stop, sum, map[bool]string{false: "≥ 100000", true: "≤ 1000"}[stop])
		}
	}
}

// TestPrepareCancel: every other phase that prepares a count or a plan
// of N = 28 (seconds to minutes there) checks its context: done before
// the phase, each returns context.Canceled at once. (Their work per
// check is at most a unit's splits, a shard's plan, a chunk.)
func TestPrepareCancel(t *testing.T) {
	done, cancel := context.WithCancel(context.Background())
	cancel()
	p, s := newTestSampler(t, 14)
	bp, err := NewBucketPlan(context.Background(), 14)
	if err != nil {
		t.Fatal(err)
	}
	f, E, _, st := pieceStream(s, s.Pieces()/2)
	hm := uint64(1)<<f.h - 1
	for _, tc := range []struct {
		name string
		err  func() error
	}{
		{"addUnits", func() error { return (&Plan{n: 14, frames: frames(14)}).addUnits(done, p.rowCount) }},
		{"NewUnitPlan", func() error { _, err := NewUnitPlan(done, 14); return err }},
		{"NewBucketPlan", func() error { _, err := NewBucketPlan(done, 14); return err }},
		{"NewSampler", func() error { _, err := NewSampler(done, p, nil); return err }},
		{"PlanShards", func() error { _, err := bp.PlanShards(done, bp.Shards(4, 1), Options{}); return err }},
		{"ForUnits", func() error { _, err := bp.ForUnits(done, []int{0, 1, 2}); return err }},
		{"halfChunks", func() error {
			_, _, err := f.halfChunks(done, &st.t, true, E&hm, E&^hm, 16, nil, nil)
			return err
		}},
		{"RunPiece", func() error { _, err := s.RunPiece(done, &SampleWorker{}, 0); return err }},
	} {
		if err := tc.err(); !errors.Is(err, context.Canceled) {
			t.Errorf("%s with a cancelled context = %v; want context.Canceled", tc.name, err)
		}
	}
}

// TestCountChunkedCancel: a split counted in chunks (past MaxN) checks
// its context between chunks: done, countChunked returns
// context.Canceled, both when the east list takes one chunk and when it
// takes keyed chunks.
func TestCountChunkedCancel(t *testing.T) {
	done, cancel := context.WithCancel(context.Background())
	cancel()
	_, s := newTestSampler(t, 14)
	var one, keyed bool
	for i := 0; i < s.Pieces() && !(one && keyed); i += 7 {
		f, E, rs, st := pieceStream(s, i)
		hm := uint64(1)<<f.h - 1
		W := f.rows ^ E
		ws := f.appendHalfProj(&st.t, nil, false, W&hm, W&^hm)
		es := f.appendHalfProj(&st.t, nil, true, E&hm, E&^hm)
		const chunk = 16
		var kind *bool
		switch {
		case len(ws) > chunk && len(es) > 0 && len(es) <= chunk:
			kind = &one
		case len(ws) > 0 && len(es) > chunk:
			kind = &keyed
		default:
			continue
		}
		w := worker{st: st}
		if _, err := w.countChunked(done, f, &w.st.t, rs, W, E, f.widthM+f.widthA, chunk); !errors.Is(err, context.Canceled) {
			t.Fatalf("piece %d (west %d, east %d) with a cancelled context: %v; want context.Canceled", i, len(ws), len(es), err)
		}
		*kind = true
	}
	if !one || !keyed {
		t.Errorf("pieces tried: east in one chunk %v, keyed %v; want both", one, keyed)
	}
}

// countingCtx counts the calls of Err: how often a call polls it.
type countingCtx struct {
	context.Context
	n atomic.Int64
}

func (c *countingCtx) Err() error { c.n.Add(1); return c.Context.Err() }

// TestSamplerPolls: NewSampler polls its context once per unit at
// least (it prices every piece: seconds for every unit of N = 28), not
// only once at the end.
func TestSamplerPolls(t *testing.T) {
	p, err := NewUnitPlan(context.Background(), 14)
	if err != nil {
		t.Fatal(err)
	}
	ctx := &countingCtx{Context: context.Background()}
	if _, err := NewSampler(ctx, p, nil); err != nil {
		t.Fatal(err)
	}
	if got, units := ctx.n.Load(), int64(len(p.Units())); got < units {
		t.Errorf("NewSampler of %d units polled its context %d times; want at least once per unit", units, got)
	}
}

// TestForUnitsPolls: a plan for some units polls its context once per
// unit in each of its two passes over their splits (the row sets read,
// then the half-boards' bound), at least: at N = 28 a plan of every
// unit takes seconds in each.
func TestForUnitsPolls(t *testing.T) {
	bp, err := NewBucketPlan(context.Background(), 14)
	if err != nil {
		t.Fatal(err)
	}
	ids := make([]int, len(bp.Units()))
	for i := range ids {
		ids[i] = i
	}
	ctx := &countingCtx{Context: context.Background()}
	if _, err := bp.ForUnits(ctx, ids); err != nil {
		t.Fatal(err)
	}
	if got := ctx.n.Load(); got < 2*int64(len(ids)) {
		t.Errorf("ForUnits of %d units polled its context %d times; want at least twice per unit", len(ids), got)
	}
}
