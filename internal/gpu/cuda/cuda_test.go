//go:build linux && (amd64 || arm64)

package cuda

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
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
	// The loader's reason is read on the thread that called dlopen
	// (dlerror is per thread): every try names it.
	// Thirty-two goroutines on eight threads load at once, so that a
	// goroutine may move between threads.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(8))
	var wg sync.WaitGroup
	var bad atomic.Value
	for range 32 {
		wg.Go(func() {
			for range 300 {
				if _, err := loadFrom("/nonexistent/nqueens-test/libcuda.so.1"); err == nil || !strings.Contains(err.Error(), "No such file") {
					bad.Store(fmt.Sprint(err))
				}
				runtime.Gosched()
			}
		})
	}
	wg.Wait()
	if b := bad.Load(); b != nil {
		t.Errorf("loading concurrently: %v; want the loader's reason (No such file …) every time", b)
	}
	// The C library loads but has no cuInit.
	_, err = loadFrom("libc.so.6")
	if err == nil || !strings.Contains(err.Error(), "has no cuInit") {
		t.Errorf("loading libc.so.6 as the driver: %v; want an error naming cuInit", err)
	}
}
