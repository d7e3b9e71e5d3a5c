// Package memlimit tells how much memory this process may still take
// before something stops it: the one place that figure is read, for the
// method a count picks, the join's memory plan and find -random.
//
// Read returns the least of these rooms, and which one it is:
//
//   - the system's: MemAvailable of /proc/meminfo (with Options.Swap,
//     plus SwapFree);
//   - each memory cgroup limit that binds the process: cgroup v2
//     memory.max less the cgroup's use, and cgroup v1
//     memory.limit_in_bytes less its use, of the process's own cgroup
//     (found from /proc/self/cgroup and /proc/self/mountinfo) and of
//     every ancestor up to the mount's root, since a parent's limit binds
//     its children too. A cgroup's use is memory.current (v2) or
//     memory.usage_in_bytes (v1) less the page cache the kernel drops
//     first (inactive_file, or v1's total_inactive_file, of memory.stat),
//     as Kubernetes' "working set" counts it; the room is 0 when the use
//     is over the limit. This is how Slurm's cgroup plugin, Kubernetes
//     and Docker confine a job: the kernel kills the process (SIGKILL,
//     exit 137, no message) past the limit;
//   - the Go runtime's soft limit (GOMEMLIMIT, or
//     runtime/debug.SetMemoryLimit) less what the runtime holds from the
//     system now.
//
// Edge cases: "max" (v2) and v1's "no limit" figure
// (9223372036854771712, anything from 2^62 up) are no limit; a missing,
// unreadable or malformed file is no limit at that level (it does not
// hide the others); a cgroup path outside the mount (a cgroup namespace
// shows "/.." then) or with ".." in it is not followed; every file is
// read to a bound (a hostile or huge file is malformed, never read
// whole); the walk stops after maxDepth levels. Without any readable
// figure (not Linux and no GOMEMLIMIT) the room is not Known. Swap a
// cgroup allows beyond its limit (memory.swap.max) is not counted.
// Address space (ulimit -v) is not part of Read: only a program that
// maps what it allocates at once feels it (AddressSpace).
package memlimit

import (
	"fmt"
	"math"
	"runtime/debug"
	"runtime/metrics"

	"github.com/nqueens/nqueens/internal/bytesize"
)

// The names of the bounds, as Room.By holds them.
const (
	BySystem     = "the available memory"
	BySystemSwap = "the free memory and swap"
	ByCgroup     = "the cgroup memory limit"
	ByGo         = "the Go memory limit (GOMEMLIMIT)"
)

// A Room is the memory the process may still take: Bytes, if Known,
// and By, the bound that leaves the least (one of the By constants).
type Room struct {
	Bytes uint64
	Known bool
	By    string
}

// String says what bound the room and how much it leaves, e.g. "the
// cgroup memory limit leaves 480.0 MiB".
func (r Room) String() string {
	if !r.Known {
		return "the memory left is not known"
	}
	return fmt.Sprintf("%s leaves %s", r.By, bytesize.Limit(r.Bytes))
}

// Options tunes Read; the zero value reads the available memory
// without swap.
type Options struct {
	// Swap counts the free swap in the system's figure (find -random,
	// whose arrays may be paged out at a cost).
	Swap bool
}

// Read returns the least room of the process's bounds (see the package
// comment).
func Read(o Options) Room {
	return readFiles(hostRoot, o).least(goRoom())
}

// least returns the smaller of r and s, an unknown room counting as no
// bound; of two equal rooms, r.
func (r Room) least(s Room) Room {
	if !s.Known || r.Known && r.Bytes <= s.Bytes {
		return r
	}
	return s
}

// goRoom is the room under the Go runtime's soft memory limit: the limit
// less the memory the runtime holds from the system (mapped and not
// released), or not Known when there is no limit (math.MaxInt64).
func goRoom() Room {
	limit := debug.SetMemoryLimit(-1)
	if limit == math.MaxInt64 || limit < 0 {
		return Room{}
	}
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	var held uint64
	if s[0].Value.Kind() == metrics.KindUint64 && s[1].Value.Kind() == metrics.KindUint64 {
		held = s[0].Value.Uint64() - min(s[1].Value.Uint64(), s[0].Value.Uint64())
	}
	return Room{Bytes: uint64(limit) - min(held, uint64(limit)), Known: true, By: ByGo}
}
