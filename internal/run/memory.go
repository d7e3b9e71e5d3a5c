package run

import (
	"errors"
	"fmt"
	"runtime/debug"

	"github.com/nqueens/nqueens/internal/bytesize"
	"github.com/nqueens/nqueens/internal/memlimit"
	"github.com/nqueens/nqueens/internal/quadrant"
)

// Room returns the memory this process may still take without swapping
// (memlimit.Read: the available memory, its memory cgroups' limits,
// GOMEMLIMIT); a variable for the tests. It first returns to the system
// what the Go heap holds and does not use (debug.FreeOSMemory, a
// collection): a cgroup counts it as used, though the count could reuse
// it, and in a 110 MiB cgroup the estimate before a count of n = 21 left
// 20 MiB of it, enough to refuse the count it had just planned.
var Room = func() memlimit.Room {
	debug.FreeOSMemory()
	return memlimit.Read(memlimit.Options{})
}

// roomSlack and an eighth of the rest are what RoomBudget keeps out of
// the room beyond a count's plan: the soft memory limit a join count
// runs under is its plan, a sixteenth more and 8 MiB
// (quadrant.SoftLimitFor), and what is left of them is the margin for
// goroutine stacks, the collector and the plan's own misses.
const roomSlack = 16 << 20

// RoomBudget returns the planned peak that a room of r bytes holds: r
// less roomSlack, times 7/8 (at least 1 byte: 0 would mean the default
// bound).
func RoomBudget(r uint64) uint64 {
	if r <= roomSlack {
		return 1
	}
	return max((r-roomSlack)/8*7, 1)
}

// WithinRoom returns o for a join count whose MaxMemory is 0, bounded
// by the memory the process may still take (Room, read once: o records
// it, and a second call returns o as it is): a whole count's MaxMemory
// becomes RoomBudget of the room where that is below DefaultMaxMemory,
// and o.room records the room for the errors (roomError); a shard keeps
// MaxMemory 0 (it streams, DefaultShardMemory) with o.room set where
// the budget is below DefaultShardMemory, and shardWorkers lowers its
// workers to fit. An explicit MaxMemory is kept, whatever the room.
// Call it before SoftLimit sets the soft memory limit, which the room
// would count as GOMEMLIMIT's.
func WithinRoom(o Options) Options {
	if o.MaxMemory != 0 || o.roomRead {
		return o
	}
	o.roomRead = true
	r := Room()
	if !r.Known {
		return o
	}
	b := RoomBudget(r.Bytes)
	if o.Shard == (Shard{}) {
		if b >= DefaultMaxMemory {
			return o
		}
		o.MaxMemory = b
	} else if b >= DefaultShardMemory {
		return o
	}
	o.room = r
	return o
}

// shardWorkers returns the most goroutines, at most o.Workers, with
// which the shard plan sp counts its units ids within the room that
// WithinRoom recorded in o (o.Workers where none was), or a
// *quadrant.MemoryError (Need: one worker's plan) when one does not
// fit.
func shardWorkers(sp *quadrant.Plan, ids []int, o Options) (int, error) {
	if !o.room.Known {
		return o.Workers, nil
	}
	b := RoomBudget(o.room.Bytes)
	var need uint64
	for w := max(o.Workers, 1); w >= 1; w-- {
		r, err := sp.PlanMemory(quadrant.Options{Workers: w, Units: ids})
		if err != nil && !errors.Is(err, quadrant.ErrMemory) {
			return 0, err
		}
		if r.PeakMemory <= b {
			return r.Workers, nil
		}
		need = r.PeakMemory
		w = min(w, r.Workers) // the plan may have lowered them already
	}
	return 0, &quadrant.MemoryError{N: sp.N(), Need: need, Limit: b}
}

// roomError words a quadrant.MemoryError of a join count of n with o
// whose bound came from the room (WithinRoom): what bound it, how much
// it leaves and the plan's share of it; other errors, and those of an
// explicit MaxMemory, pass to joinMemoryError.
func roomError(n int, o Options, err error) error {
	var me *quadrant.MemoryError
	if !o.room.Known || !errors.As(err, &me) {
		return joinMemoryError(n, o.Shard, err)
	}
	what := fmt.Sprintf("n = %d", n)
	if o.Shard != (Shard{}) {
		what = fmt.Sprintf("shard %s of n = %d", o.Shard, n)
	}
	return fmt.Errorf("%w: %s needs %s with method join, and %s, of which a count plans within %s (-max-memory sets the bound instead)",
		ErrMemory, what, bytesize.Need(me.Need), o.room, bytesize.Limit(RoomBudget(o.room.Bytes)))
}
