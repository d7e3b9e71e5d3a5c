//go:build !linux

package memlimit

// hostRoot is "" where there is no /proc to read: only GOMEMLIMIT
// bounds the room.
const hostRoot = ""

// AddressSpace reports no address-space limit where it is not read.
func AddressSpace() (uint64, bool) { return 0, false }
