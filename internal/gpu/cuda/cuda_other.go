//go:build !(linux && (amd64 || arm64))

package cuda

import (
	"fmt"
	"runtime"

	"github.com/nqueens/nqueens/internal/gpu"
)

// LibraryEnv names the environment variable that, on Linux, is the
// only path the driver library is loaded from when set.
const LibraryEnv = "NQUEENS_LIBCUDA"

// errPlatform is the answer on every platform but Linux on amd64 and
// arm64, where this package loads the CUDA driver.
var errPlatform = fmt.Errorf("no GPU support on this platform (%s/%s): the CUDA driver is used on linux/amd64 and linux/arm64 only", runtime.GOOS, runtime.GOARCH)

// Count returns the number of CUDA devices: here always an error.
func Count() (int, error) { return 0, errPlatform }

// Open opens a CUDA device: here always an error.
func Open(ordinal int) (gpu.Device, error) { return nil, errPlatform }
