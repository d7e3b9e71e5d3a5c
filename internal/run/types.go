package run

import (
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"time"

	"github.com/nqueens/nqueens/internal/gpu"
	"github.com/nqueens/nqueens/internal/memlimit"
	"github.com/nqueens/nqueens/internal/tally"
)

// The error kinds; the root package exports them under the same names.
var (
	ErrSize       = errors.New("board size out of range")
	ErrMemory     = errors.New("memory limit too small")
	ErrShard      = errors.New("shard")
	ErrVerify     = errors.New("recomputed unit differs from its record")
	ErrCheckpoint = errors.New("checkpoint refused")
	ErrOption     = errors.New("bad option") // an option out of its range (Optionf)
)

// optionError is the error of an option out of its range: its text
// alone, which begins with the option's name as the command spells the
// flag ("workers = -1: …"), wrapping ErrOption and kind (when not nil).
type optionError struct {
	msg  string
	kind error
}

func (e *optionError) Error() string { return e.msg }

func (e *optionError) Unwrap() []error {
	if e.kind == nil {
		return []error{ErrOption}
	}
	return []error{ErrOption, e.kind}
}

// Optionf returns the error of an option out of its range, wrapping
// ErrOption and kind (nil: none), with the text of format, which names
// the option first.
func Optionf(kind error, format string, a ...any) error {
	return &optionError{msg: fmt.Sprintf(format, a...), kind: kind}
}

// The method names of the engines (nqueens.MethodKernel, MethodJoin).
const (
	methodKernel = "kernel"
	methodJoin   = "join"
)

// A kindError is an error that also matches a kind (ErrShard,
// ErrCheckpoint) under errors.Is, without repeating its text.
type kindError struct{ err, kind error }

func (e *kindError) Error() string   { return e.err.Error() }
func (e *kindError) Unwrap() []error { return []error{e.err, e.kind} }

// WithKind returns err, matching kind too under errors.Is.
func WithKind(kind, err error) error { return &kindError{err, kind} }

// A Shard is nqueens.Shard (the same fields: they convert).
type Shard struct{ Index, Count, Replicas int }

// String returns "I/M", or "" for the zero Shard.
func (s Shard) String() string {
	if s == (Shard{}) {
		return ""
	}
	return strconv.Itoa(s.Index) + "/" + strconv.Itoa(s.Count)
}

// R returns the replicas, at least 1.
func (s Shard) R() int { return max(s.Replicas, 1) }

// A Progress is nqueens.Progress with tally.Uint128 totals.
type Progress struct {
	N                                int
	UnitsDone, UnitsTotal, Resumed   int
	CostDone, CostTotal, CostResumed float64
	Solutions, Unique                tally.Uint128
	Nodes                            uint64
	Elapsed                          time.Duration
}

// Options are nqueens.CountOptions as the engines need them, after
// nqueens.Plan checked them (Workers ≥ 1).
type Options struct {
	Workers         int
	Checkpoint      string
	Notice          func(string)
	Progress        func(Progress)
	Shard           Shard
	MaxMemory       uint64
	SoftMemoryLimit bool
	Device          string // DeviceAuto, DeviceCPU or DeviceGPU (the kernel's)
	// CountOnly: the plan is counted at once, not described or
	// estimated, so Method.Plan builds only what counting needs (the
	// join's whole count: its memory plan, no unit plan).
	CountOnly bool

	// room is the room that bounds a join count, roomRead whether it
	// was read (WithinRoom).
	room     memlimit.Room
	roomRead bool
}

// A Result is what an engine's count fills in (nqueens.Result).
type Result struct {
	N                 int
	Method            string
	Solutions, Unique tally.Uint128
	Nodes             uint64
	Units, Resumed    int
	Shard             Shard
	UnitResults       []tally.UnitResult
	PlanDigest        string // of the plan, for a shard's record
	Burnside          bool   // Unique derived from Solutions (the join)
	Device            string // the kernel's: DeviceCPU or DeviceGPU
	GPUs              []gpu.Info
}

// Workers checks a worker count and returns it with 0 meaning every
// core: the one place that rule is written (its error wraps ErrOption).
func Workers(w int) (int, error) {
	if w < 0 {
		return 0, Optionf(nil, "workers = %d: must be 0 (one per core) or more", w)
	}
	if w == 0 {
		return runtime.NumCPU(), nil
	}
	return w, nil
}
