package minconf

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/nqueens/nqueens/internal/memlimit"
)

func TestMemoryError(t *testing.T) {
	err := error(&MemoryError{N: 1_000_000_000, Need: MemoryNeeded(1_000_000_000), Avail: 1 << 30, Limit: "the free memory and swap"})
	if !errors.Is(err, ErrMemory) {
		t.Errorf("%v does not match ErrMemory", err)
	}
	if got, want := err.Error(), "n = 1000000000 needs about 4960 MB of memory, the free memory and swap leaves 1024 MB"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	err = &MemoryError{N: 1_000_000, Need: MemoryNeeded(1_000_000), Avail: 15 << 20, Grow: 64 << 20, Limit: "the address-space limit (ulimit -v)"}
	if got, want := err.Error(), "n = 1000000 needs about 6.0 MB of memory, for which the Go heap would reserve 64 MB more address space (whole 64 MB arenas); the address-space limit (ulimit -v) leaves 15 MB"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

func TestSolveOverMaxN(t *testing.T) {
	if _, _, err := Solve(context.Background(), MaxN+1, 0); err == nil {
		t.Errorf("Solve(MaxN+1) succeeded")
	}
}

// TestAddressSpaceGrowth: what the heap's spare space holds costs no
// address space; the rest costs whole 64 MB arenas.
func TestAddressSpaceGrowth(t *testing.T) {
	const mb = 1 << 20
	for _, tc := range []struct{ need, spare, want uint64 }{
		{0, 0, 0},
		{1 * mb, 60 * mb, 0},
		{60 * mb, 60 * mb, 0},
		{61 * mb, 60 * mb, 64 * mb},
		{200 * mb, 10 * mb, 192 * mb},
		{200 * mb, 0, 256 * mb},
	} {
		if got := addressSpaceGrowth(tc.need, tc.spare); got != tc.want {
			t.Errorf("addressSpaceGrowth(%d MB, %d MB) = %d MB; want %d MB", tc.need/mb, tc.spare/mb, got/mb, tc.want/mb)
		}
	}
}

// TestMemoryNeededSmall: a board of 10^5 queens needs about half a
// megabyte, not the tens of MB of slack that once made a 1 GB ulimit -v
// refuse it.
func TestMemoryNeededSmall(t *testing.T) {
	if got := MemoryNeeded(100_000); got > 2<<20 {
		t.Errorf("MemoryNeeded(100000) = %d bytes; want under 2 MB", got)
	}
}

// TestCheckMemoryBound: the refusal names the bound that leaves the
// least, a cgroup's limit as well as the free memory, and compares the
// need with it; without a known room nothing is refused.
func TestCheckMemoryBound(t *testing.T) {
	old := available
	defer func() { available = old }()
	const n = 200_000_000 // about 992 MB
	for _, tc := range []struct {
		phys memlimit.Room
		want string // "": no error
	}{
		{memlimit.Room{Bytes: 509 << 20, Known: true, By: memlimit.ByCgroup},
			"n = 200000000 needs about 992 MB of memory, the cgroup memory limit leaves 509 MB"},
		{memlimit.Room{Bytes: 900 << 20, Known: true, By: memlimit.BySystemSwap},
			"n = 200000000 needs about 992 MB of memory, the free memory and swap leaves 900 MB"},
		{memlimit.Room{Bytes: 2 << 30, Known: true, By: memlimit.ByCgroup}, ""},
		{memlimit.Room{}, ""},
	} {
		available = func() (uint64, uint64, memlimit.Room) { return ^uint64(0), 0, tc.phys }
		err := checkMemory(n)
		if got := fmt.Sprint(err); tc.want == "" && err != nil || tc.want != "" && (got != tc.want || !errors.Is(err, ErrMemory)) {
			t.Errorf("checkMemory(%d) with %v = %v; want %q", n, tc.phys, err, tc.want)
		}
	}
}

// TestCheckMemoryBothBounds: where the address-space limit (ulimit -v)
// and a cgroup both refuse, the error names the one that leaves less
// (CI's fresh step runs find under ulimit -v 2000000 in a 4 GiB cgroup).
func TestCheckMemoryBothBounds(t *testing.T) {
	old := available
	defer func() { available = old }()
	const n = 1_000_000_000 // about 4960 MB
	for _, tc := range []struct {
		room uint64
		phys memlimit.Room
		want string
	}{
		{400 << 20, memlimit.Room{Bytes: 3958 << 20, Known: true, By: memlimit.ByCgroup}, "ulimit -v"},
		{4000 << 20, memlimit.Room{Bytes: 300 << 20, Known: true, By: memlimit.ByCgroup}, "cgroup"},
		{400 << 20, memlimit.Room{Bytes: 400 << 20, Known: true, By: memlimit.ByCgroup}, "cgroup"},
		{400 << 20, memlimit.Room{}, "ulimit -v"},
	} {
		available = func() (uint64, uint64, memlimit.Room) { return tc.room, 0, tc.phys }
		err := checkMemory(n)
		if !errors.Is(err, ErrMemory) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("checkMemory(%d) with %d bytes of address space and %v = %v; want an error naming %q", n, tc.room, tc.phys, err, tc.want)
		}
	}
}
