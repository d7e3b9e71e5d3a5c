//go:build linux

package memlimit

import "syscall"

// hostRoot is where readFiles finds /proc and the cgroup mounts.
const hostRoot = "/"

// AddressSpace returns the address space the process has left under
// its limit (ulimit -v: RLIMIT_AS less VmSize of /proc/self/status; 0
// when VmSize is over it), and false without a limit or where VmSize
// cannot be read. The Go runtime reserves hundreds of MB of address
// space at start (about 1.2 GB of VmSize without a limit, 0.7 GB under
// a 1 GB one, with Go 1.26 on linux/amd64), and more in whole 64 MB
// arenas as its heap grows, so what it leaves varies from run to run
// by up to a few arenas.
func AddressSpace() (uint64, bool) {
	var rl syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_AS, &rl) != nil || rl.Cur == ^uint64(0) {
		return 0, false
	}
	used, ok := statusBytes(hostRoot, "VmSize:")
	if !ok {
		return 0, false
	}
	return rl.Cur - min(used, rl.Cur), true
}
