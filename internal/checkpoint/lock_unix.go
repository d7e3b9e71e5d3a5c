//go:build unix

package checkpoint

import (
	"errors"
	"os"
	"syscall"
)

// lock takes an advisory exclusive lock on f, so that two counts never
// append to (or truncate) one checkpoint at once. The lock goes with the
// file descriptor: a killed process releases it.
func lock(f *os.File) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return ErrBusy
	}
	return err
}
