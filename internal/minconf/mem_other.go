//go:build !linux

package minconf

// words returns k zeroed uint64s and a function that frees them.
func words(k int) ([]uint64, func()) { return make([]uint64, k), func() {} }

// available reports that the free memory is unknown on this system.
func available() (uint64, bool) { return 0, false }
