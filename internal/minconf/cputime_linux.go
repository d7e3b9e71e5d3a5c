package minconf

import (
	"syscall"
	"time"
)

// cpuNow returns the CPU time of the calling thread (locked by Phases)
// as a time.Time, so that the phases are timed in CPU seconds.
func cpuNow() time.Time {
	var ru syscall.Rusage
	_ = syscall.Getrusage(1, &ru) // RUSAGE_THREAD, Linux only
	return time.Unix(0, ru.Utime.Nano()+ru.Stime.Nano())
}
