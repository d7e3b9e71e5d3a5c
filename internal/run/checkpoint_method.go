package run

import (
	"fmt"
	"os"

	"github.com/nqueens/nqueens/internal/checkpoint"
)

// CheckpointMethod reads the header of the checkpoint file at path (and
// nothing after it) and returns the board size and method of the count
// that wrote it: "kernel" for the kernel's units, "join" for the join's. A
// file that is not a checkpoint, or whose header is damaged, fails with
// an error wrapping ErrCheckpoint; a checkpoint of a decomposition this
// build does not know returns its n and the method "". A missing file
// fails with an error satisfying errors.Is(err, fs.ErrNotExist). A
// count that picks its method by itself (MethodAuto, nqueens.Plan) uses it
// to resume with the method that started it.
func CheckpointMethod(path string) (n int, method string, err error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, "", err
	}
	defer f.Close()
	h, err := checkpoint.ReadHeader(f)
	if err != nil {
		return 0, "", WithKind(ErrCheckpoint, fmt.Errorf("%s: %w", path, err))
	}
	return h.N, methodFor(h.Version), nil
}
