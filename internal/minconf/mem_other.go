//go:build !linux

package minconf

// words returns k zeroed uint64s and a function that frees them.
func words(k int) ([]uint64, func()) { return make([]uint64, k), func() {} }

// available reports that the free memory is unknown on this system: no
// limit.
func available() (room, spare, phys uint64) { return ^uint64(0), 0, ^uint64(0) }
