package nqueens

import (
	"fmt"
	"os"

	"github.com/nqueens/nqueens/internal/checkpoint"
	"github.com/nqueens/nqueens/internal/run"
)

// checkpointMethod reads the header of the checkpoint file at path (and
// nothing after it) and returns the board size and method of the count
// that wrote it: MethodKernel for the kernel's units, MethodJoin for the
// join's. A file that is not a checkpoint, or whose header is damaged,
// fails with an error wrapping ErrCheckpoint; a checkpoint of a
// decomposition this build does not know returns its n and the method
// "". A missing file fails with an error satisfying
// errors.Is(err, fs.ErrNotExist).
//
// A command that picks its method by itself uses it to resume a count
// with the method that started it.
func checkpointMethod(path string) (n int, m Method, err error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, "", err
	}
	defer f.Close()
	h, err := checkpoint.ReadHeader(f)
	if err != nil {
		return 0, "", run.WithKind(ErrCheckpoint, fmt.Errorf("%s: %w", path, err))
	}
	return h.N, Method(run.MethodFor(h.Version)), nil
}
