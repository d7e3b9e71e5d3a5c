//go:build !linux

package minconf

import "time"

// cpuNow returns the wall-clock time: the CPU time of one thread
// (RUSAGE_THREAD) is Linux only, so elsewhere Phases times the phases
// in wall-clock seconds.
func cpuNow() time.Time { return time.Now() }
