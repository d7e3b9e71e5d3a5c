package nqueens

import (
	"math"

	"github.com/nqueens/nqueens/internal/gpu"
	"github.com/nqueens/nqueens/internal/minconf"
	"github.com/nqueens/nqueens/internal/quadrant"
)

// The largest boards the functions accept.
const (
	MaxN          = 64                 // Count, Solutions, Complete
	MaxJoinN      = quadrant.MaxN      // Count with MethodJoin, whole
	MaxJoinShardN = quadrant.MaxShardN // Count with MethodJoin and a Shard
	MaxGPUN       = gpu.MaxN           // Count with DeviceGPU (a row is a 32-bit word on the device)
	MaxFindN      = math.MaxInt32      // Find, WriteFind
	MaxRandomN    = minconf.MaxN       // Random (about 5 bytes a queen)
	MaxBoardN     = 1000               // drawings in FormatBoard
)
