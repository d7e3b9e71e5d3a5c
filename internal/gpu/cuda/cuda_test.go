//go:build linux && (amd64 || arm64)

package cuda

import (
	"strings"
	"testing"
)

// TestNoDriver checks the one-line errors of a missing driver library
// and of a library that is not the driver.
func TestNoDriver(t *testing.T) {
	_, err := loadFrom("/nonexistent/nqueens-test/libcuda.so.1")
	if err == nil {
		t.Fatal("loading a library that does not exist: no error")
	}
	msg := err.Error()
	if !strings.Contains(msg, "no NVIDIA driver") || !strings.Contains(msg, "/nonexistent/nqueens-test/libcuda.so.1") ||
		!strings.Contains(msg, LibraryEnv) || strings.Contains(msg, "\n") {
		t.Errorf("error = %q; want one line naming the driver and where it looked", msg)
	}
	// The C library loads but has no cuInit.
	_, err = loadFrom("libc.so.6")
	if err == nil || !strings.Contains(err.Error(), "has no cuInit") {
		t.Errorf("loading libc.so.6 as the driver: %v; want an error naming cuInit", err)
	}
}
