package nqueens

import (
	"errors"
	"fmt"

	"github.com/nqueens/nqueens/internal/checkpoint"
	"github.com/nqueens/nqueens/internal/kernel"
)

// ErrCheckpoint is wrapped by the errors for a checkpoint file that Count
// refuses: one that is not a checkpoint, belongs to another count (n,
// decomposition version or plan), or is damaged in a way that a torn
// write cannot explain, or is in use by another count. A torn last record is not an error: it is
// dropped and its unit counted again.
var ErrCheckpoint = errors.New("checkpoint refused")

// openCheckpoint opens (or creates) the checkpoint at path for plan p and
// returns it with the units it already holds.
func openCheckpoint(path string, p *kernel.Plan) (*checkpoint.File, map[int]checkpoint.Record, error) {
	h := checkpoint.Header{N: p.N, Version: kernel.Version, Plan: p.Digest(), Units: len(p.Units)}
	f, o, err := checkpoint.Open(path, h, 0)
	if err != nil {
		if errors.Is(err, checkpoint.ErrForeign) || errors.Is(err, checkpoint.ErrMismatch) || errors.Is(err, checkpoint.ErrCorrupt) || errors.Is(err, checkpoint.ErrBusy) {
			return nil, nil, also(ErrCheckpoint, err)
		}
		return nil, nil, fmt.Errorf("checkpoint: %w", err)
	}
	return f, o.Done, nil
}
