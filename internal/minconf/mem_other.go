//go:build !linux

package minconf

import "github.com/nqueens/nqueens/internal/memlimit"

// words returns k zeroed uint64s and a function that frees them.
func words(k int) ([]uint64, func()) { return make([]uint64, k), func() {} }

// available reports no address-space limit and the room memlimit.Read
// finds (on this system only GOMEMLIMIT's).
var available = func() (room, spare uint64, phys memlimit.Room) {
	return ^uint64(0), 0, memlimit.Read(memlimit.Options{Swap: true})
}
