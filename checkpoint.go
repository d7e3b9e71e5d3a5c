package nqueens

import (
	"errors"
	"fmt"

	"github.com/nqueens/nqueens/internal/checkpoint"
	"github.com/nqueens/nqueens/internal/kernel"
	"github.com/nqueens/nqueens/internal/quadrant"
)

// ErrCheckpoint is wrapped by the errors for a checkpoint file that Count
// refuses: one that is not a checkpoint, belongs to another count
// (method, n, decomposition version or plan), is damaged in a way that a
// torn write cannot explain, or is in use by another count. A torn last
// record is not an error: it is dropped and its unit counted again.
var ErrCheckpoint = errors.New("checkpoint refused")

// openCheckpoint opens (or creates) the checkpoint at path for the count
// that h describes and returns it with the units it already holds.
func openCheckpoint(path string, h checkpoint.Header) (*checkpoint.File, map[int]checkpoint.Record, error) {
	f, o, err := checkpoint.Open(path, h, 0)
	if err != nil {
		var me *checkpoint.MismatchError
		if errors.As(err, &me) && methodOf(me.Got.Version) != methodOf(me.Want.Version) {
			hint := ""
			if m := methodFor(me.Got.Version); m != "" && me.Got.N == me.Want.N {
				// Same board, other method (a --total-only count of
				// N = 12..17 was the join's before auto chose the kernel
				// there): say which method resumes it.
				hint = fmt.Sprintf("; count with method %s to resume it", m)
			}
			return nil, nil, also(ErrCheckpoint, fmt.Errorf("%s: %w: it is a checkpoint of %s for n = %d, this count uses %s%s",
				path, checkpoint.ErrMismatch, methodOf(me.Got.Version), me.Got.N, methodOf(me.Want.Version), hint))
		}
		if errors.Is(err, checkpoint.ErrForeign) || errors.Is(err, checkpoint.ErrMismatch) || errors.Is(err, checkpoint.ErrCorrupt) || errors.Is(err, checkpoint.ErrBusy) {
			return nil, nil, also(ErrCheckpoint, err)
		}
		return nil, nil, fmt.Errorf("checkpoint: %w", err)
	}
	return f, o.Done, nil
}

// methodOf names the method whose units a decomposition version
// describes, for messages.
func methodOf(version string) string {
	if m := methodFor(version); m != "" {
		return "method " + string(m) + " (" + version + ")"
	}
	return "decomposition " + version
}

// methodFor returns the method whose units a decomposition version
// describes, or "" for a version this build does not know.
func methodFor(version string) Method {
	switch version {
	case kernel.Version:
		return Bitboard
	case quadrant.Version:
		return Quadrant
	}
	return ""
}
