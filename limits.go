package nqueens

import (
	"errors"
	"math"

	"github.com/nqueens/nqueens/internal/gpu"
	"github.com/nqueens/nqueens/internal/minconf"
	"github.com/nqueens/nqueens/internal/placetext"
	"github.com/nqueens/nqueens/internal/quadrant"
	"github.com/nqueens/nqueens/internal/run"
)

// The largest boards the functions accept.
const (
	MaxN              = 64                 // Count, Solutions, Complete
	MaxQuadrantN      = quadrant.MaxN      // Count with MethodJoin, whole
	MaxQuadrantShardN = quadrant.MaxShardN // Count with MethodJoin and a Shard
	MaxGPUN           = gpu.MaxN           // Count with DeviceGPU (a row is a 32-bit word on the device)
	MaxFindN          = math.MaxInt32      // Find, WriteFind
	MaxRandomN        = minconf.MaxN       // Random (about 5 bytes a queen)
	MaxBoardN         = 1000               // drawings in FormatBoard
)

// The package's errors: a returned error wraps one, and says more.
var (
	ErrSize         = run.ErrSize                    // a board size out of range
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
	ErrBadBoard     = errors.New("bad board")        // a Board that is not a valid question
	ErrTrialOver    = errors.New("trial time is up") // Search.AllWithin ran out of time
)
