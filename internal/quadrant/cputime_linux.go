package quadrant

import "golang.org/x/sys/unix"

// threadCPU returns the CPU time of the calling thread in nanoseconds
// and true, or false where the system does not tell.
func threadCPU() (int64, bool) {
	var ts unix.Timespec
	if unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts) != nil {
		return 0, false
	}
	return ts.Nano(), true
}
