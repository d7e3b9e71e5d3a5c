package run

import (
	"context"
	"errors"
	"math/rand/v2"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/nqueens/nqueens/internal/estimate"
	"github.com/nqueens/nqueens/internal/memlimit"
	"github.com/nqueens/nqueens/internal/quadrant"
)

const mib = 1 << 20

// withRoom makes Room report r for the test and counts its reads.
func withRoom(t *testing.T, r memlimit.Room) *int {
	t.Helper()
	old := Room
	reads := new(int)
	Room = func() memlimit.Room { *reads++; return r }
	t.Cleanup(func() { Room = old })
	return reads
}

// cgroupRoom is a room of b bytes left by a cgroup limit.
func cgroupRoom(b uint64) memlimit.Room {
	return memlimit.Room{Bytes: b, Known: true, By: memlimit.ByCgroup}
}

// roomFor is the room whose budget (RoomBudget) is b, a multiple of 7.
func roomFor(b uint64) uint64 { return roomSlack + b/7*8 }

func TestRoomBudget(t *testing.T) {
	for _, tc := range []struct{ room, want uint64 }{
		{0, 1}, {roomSlack, 1}, {roomSlack + 7, 1}, {roomSlack + 8, 7}, {roomSlack + 9, 7},
		{512 * mib, 434 * mib}, {^uint64(0), (^uint64(0) - roomSlack) / 8 * 7},
	} {
		if got := RoomBudget(tc.room); got != tc.want {
			t.Errorf("RoomBudget(%d) = %d; want %d", tc.room, got, tc.want)
		}
	}
}

func TestWithinRoom(t *testing.T) {
	small, big := cgroupRoom(512*mib), cgroupRoom(64<<30)
	shard := Shard{Index: 1, Count: 4}
	for _, tc := range []struct {
		name     string
		room     memlimit.Room
		in       Options
		wantMax  uint64
		wantRoom bool
	}{
		{"whole count, small room", small, Options{}, 434 * mib, true},
		{"whole count, room above the default", big, Options{}, 0, false},
		{"whole count, room just below the default", cgroupRoom(roomFor((DefaultMaxMemory - 1) / 7 * 7)), Options{}, (DefaultMaxMemory - 1) / 7 * 7, true},
		{"whole count, explicit MaxMemory", small, Options{MaxMemory: 1 << 40}, 1 << 40, false},
		{"whole count, nothing known", memlimit.Room{}, Options{}, 0, false},
		{"shard, small room", small, Options{Shard: shard}, 0, true},
		{"shard, room above its default", cgroupRoom(roomFor(DefaultShardMemory/7*7 + 7)), Options{Shard: shard}, 0, false},
		{"shard, explicit MaxMemory", small, Options{Shard: shard, MaxMemory: 1 << 20}, 1 << 20, false},
	} {
		reads := withRoom(t, tc.room)
		o := WithinRoom(tc.in)
		if o.MaxMemory != tc.wantMax || o.room.Known != tc.wantRoom {
			t.Errorf("%s: WithinRoom(%+v) = MaxMemory %d, room %+v; want %d, room set %v", tc.name, tc.in, o.MaxMemory, o.room, tc.wantMax, tc.wantRoom)
		}
		// Read once: a second call (SoftLimit's, the plan's) keeps o,
		// and does not read the soft limit SoftLimit set as GOMEMLIMIT.
		if o2 := WithinRoom(o); o2.MaxMemory != o.MaxMemory || o2.room != o.room || *reads > 1 {
			t.Errorf("%s: WithinRoom twice = %+v after %+v, %d reads; want the same, 1 read", tc.name, o2, o, *reads)
		}
	}
}

// TestJoinWithinRoom: a whole join count plans within the room's budget
// and counts right; one that cannot is refused before any table,
// naming the cgroup limit; a shard lowers its workers to fit the room,
// or is refused.
func TestJoinWithinRoom(t *testing.T) {
	ctx := context.Background()
	const n = 14 // whole: 1.3 MiB at least, 1.6 MiB + 1.3 per worker with the tables
	one, _ := quadrant.PlanMemory(n, 1, 1)

	b := uint64(3 * mib / 7 * 7)
	withRoom(t, cgroupRoom(roomFor(b)))
	p, err := joinEngine{}.Plan(ctx, n, Options{Workers: 4})
	if err != nil {
		t.Fatalf("n = %d in a room for %d bytes: %v", n, b, err)
	}
	if p.o.MaxMemory != b {
		t.Errorf("n = %d in a room for %d bytes: the count plans within %d; want %d", n, b, p.o.MaxMemory, b)
	}
	if !p.Fits || p.Memory > b || p.Workers >= 4 {
		t.Errorf("n = %d in a room for %d bytes: plan %+v; want within it, fewer than 4 workers", n, b, p.CountPlan)
	}
	if res, err := p.Count(ctx); err != nil || res.Solutions.Lo != 365596 || res.Unique.Lo != 45752 {
		t.Errorf("n = %d in a room for %d bytes: %d, %d, %v; want 365596, 45752", n, b, res.Solutions.Lo, res.Unique.Lo, err)
	}

	if one.Peak <= mib {
		t.Fatalf("n = %d: one worker plans %d bytes; the test wants over 1 MiB", n, one.Peak)
	}
	withRoom(t, cgroupRoom(roomFor(mib/7*7)))
	if p, err = (joinEngine{}).Plan(ctx, n, Options{Workers: 4}); err != nil || p.Fits {
		t.Fatalf("n = %d in a room below one worker: plan %+v, %v; want planned, not fitting", n, p, err)
	}
	_, err = p.Count(ctx)
	if !errors.Is(err, ErrMemory) || !strings.Contains(err.Error(), "n = 14 needs 1.3 MiB with method join, and the cgroup memory limit leaves 17.1 MiB, of which a count plans within 1024.0 KiB") {
		t.Errorf("n = %d in a room below one worker: %v; want ErrMemory naming the cgroup limit", n, err)
	}

	s := Shard{Index: 0, Count: 2}
	up, err := quadrant.NewUnitPlan(context.Background(), n)
	if err != nil {
		t.Fatal(err)
	}
	ids, err := joinIDs(up, s)
	if err != nil {
		t.Fatal(err)
	}
	sp, err := up.ForUnits(ctx, ids)
	if err != nil {
		t.Fatal(err)
	}
	peak := func(w int) uint64 {
		r, _ := sp.PlanMemory(quadrant.Options{Workers: w, Units: ids})
		return r.PeakMemory
	}
	for _, tc := range []struct {
		budget uint64
		want   int // 0: refused
	}{
		{(peak(4) + 6) / 7 * 7, 0}, {peak(2) / 7 * 7, 1}, {(peak(2) + 6) / 7 * 7, 2}, {peak(1) / 7 * 7, 0}, {(peak(1) + 6) / 7 * 7, 1},
	} {
		withRoom(t, cgroupRoom(roomFor(tc.budget)))
		p, err := joinEngine{}.Plan(ctx, n, Options{Workers: 4, Shard: s})
		if err != nil {
			t.Fatalf("shard %s in a room for %d bytes: %v", s, tc.budget, err)
		}
		j := p.c.(*joinCount)
		switch {
		case tc.want == 0 && tc.budget == (peak(4)+6)/7*7:
			if j.mpErr != nil || j.spWorkers != 4 || j.shardEngine(p.o).workers != 0 {
				t.Errorf("shard %s, a room for 4 workers: %v, %d workers, the engine's cap %d; want 4, no cap", s, j.mpErr, j.spWorkers, j.shardEngine(p.o).workers)
			}
		case tc.want == 0:
			_, err := p.Count(ctx)
			if !errors.Is(err, ErrMemory) || !strings.Contains(err.Error(), "shard 0/2 of n = 14 needs 1.3 MiB with method join, and the cgroup memory limit leaves") {
				t.Errorf("shard %s in a room for %d bytes: %v; want ErrMemory naming the cgroup limit", s, tc.budget, err)
			}
		case j.mpErr != nil || j.spWorkers != tc.want || j.shardEngine(p.o).workers != tc.want:
			t.Errorf("shard %s in a room for %d bytes (one worker %d, two %d): %v, %d workers, the engine's cap %d; want %d", s, tc.budget, peak(1), peak(2), j.mpErr, j.spWorkers, j.shardEngine(p.o).workers, tc.want)
		}
		// The estimate's figures are the count's.
		if fits := tc.want != 0 || tc.budget == (peak(4)+6)/7*7; p.Fits != fits || fits && p.Memory > tc.budget {
			t.Errorf("shard %s in a room for %d bytes: the plan has %d bytes, fits %v; want fits %v", s, tc.budget, p.Memory, p.Fits, fits)
		}
	}
}

// TestRoomEstimateSoftLimit: the estimate plans within the room as the
// count does, and where the room holds no plan (the count refuses it)
// describes the default bound's plan, for nqueens plan's other
// machines; the soft memory limit follows the plan within the room,
// not the default bound's.
func TestRoomEstimateSoftLimit(t *testing.T) {
	const n = 14
	b := uint64(3 * mib / 7 * 7)
	mp, err := quadrant.PlanMemory(n, 4, b)
	if err != nil {
		t.Fatal(err)
	}
	def, err := quadrant.PlanMemory(n, 4, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		budget, want uint64
	}{{b, mp.Peak}, {mib / 7 * 7, def.Peak}} {
		withRoom(t, cgroupRoom(roomFor(tc.budget)))
		p, err := joinEngine{}.Plan(context.Background(), n, Options{Workers: 4})
		if err != nil {
			t.Fatal(err)
		}
		e, err := p.Estimate(context.Background(), estimate.Options{Budget: time.Millisecond}, rand.New(rand.NewPCG(1, 2)))
		if err != nil || e.Memory != tc.want {
			t.Errorf("Estimate(%d) in a room for %d bytes: memory %d, %v; want %d", n, tc.budget, e.Memory, err, tc.want)
		}
	}

	withRoom(t, cgroupRoom(roomFor(b)))
	p, err := joinEngine{}.Plan(context.Background(), n, Options{Workers: 4, SoftMemoryLimit: true})
	if err != nil {
		t.Fatal(err)
	}
	prev := debug.SetMemoryLimit(-1)
	restore := p.c.(*joinCount).softLimit(p.o)
	got := debug.SetMemoryLimit(-1)
	restore()
	if want := quadrant.SoftLimitFor(mp.Peak); got != min(want, prev) {
		t.Errorf("softLimit(%d) in a room for %d bytes set %d; want %d (the plan of %d bytes)", n, b, got, min(want, prev), mp.Peak)
	}
}

// sink holds TestRoomFreesHeap's garbage while it is made.
var sink [][]byte

// TestRoomFreesHeap: the room counts what the heap holds unused as
// free: 100 MiB of garbage does not shrink it.
func TestRoomFreesHeap(t *testing.T) {
	prev := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(prev)
	debug.SetMemoryLimit(1 << 30) // GOMEMLIMIT's room: what the runtime holds, exactly
	debug.FreeOSMemory()
	before := memlimit.Read(memlimit.Options{})
	if before.By != memlimit.ByGo {
		t.Skipf("a bound below 1 GiB: %v", before)
	}
	sink = make([][]byte, 100)
	for i := range sink {
		sink[i] = make([]byte, mib)
		sink[i][0] = 1
	}
	sink = nil
	if held := memlimit.Read(memlimit.Options{}); held.Bytes > before.Bytes-90*mib {
		t.Fatalf("100 MiB of garbage: the runtime's room %v, before %v; want 90 MiB less (the test is wrong)", held, before)
	}
	if got := Room(); got.By == memlimit.ByGo && got.Bytes < before.Bytes-20*mib {
		t.Errorf("Room with 100 MiB of garbage = %v; want about %v, as before it", got, before)
	}
}
