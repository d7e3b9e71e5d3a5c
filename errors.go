package nqueens

import (
	"errors"

	"github.com/nqueens/nqueens/internal/placetext"
	"github.com/nqueens/nqueens/internal/run"
)

// The package's errors: a returned error wraps one, and says more.
var (
	ErrSize         = run.ErrSize                    // a board size out of range
	ErrOption       = run.ErrOption                  // an option out of its range; the error's text names the option first ("workers = -1: …")
	ErrMethod       = errors.New("unknown method")   // ParseMethod
	ErrMemory       = run.ErrMemory                  // over CountOptions.MaxMemory, or Random without the memory
	ErrCheckpoint   = run.ErrCheckpoint              // a checkpoint Count refuses
	ErrShard        = run.ErrShard                   // a bad shard, shard record or set of records
	ErrVerify       = run.ErrVerify                  // VerifyShards: a recounted unit differs
	ErrDevice       = run.ErrDevice                  // CountOptions.Device: no usable GPU (no driver, no device)
	ErrSyntax       = placetext.ErrSyntax            // text that is not a placement
	ErrAttack       = errors.New("queens attack")    // Validate: two queens attack
	ErrNoSolution   = errors.New("no solution")      // N = 2 and 3
	ErrNoCompletion = errors.New("no completion")    // Complete
	ErrBadPuzzle    = errors.New("bad puzzle")       // a Puzzle that is not a valid question
	ErrTrialOver    = errors.New("trial time is up") // Search.AllWithin ran out of time
)

// optionf returns the error of an option out of its range: it wraps
// ErrOption, and its text (format's) names the option first.
func optionf(format string, a ...any) error { return run.Optionf(nil, format, a...) }
