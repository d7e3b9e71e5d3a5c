package run

import (
	"errors"
	"fmt"
	"math/big"
	"math/bits"
	"runtime"
	"strconv"
	"time"

	"github.com/nqueens/nqueens/internal/gpu"
	"github.com/nqueens/nqueens/internal/memlimit"
	"github.com/nqueens/nqueens/internal/shard"
)

// The error kinds; the root package exports them under the same names.
var (
	ErrSize       = errors.New("board size out of range")
	ErrMemory     = errors.New("memory limit too small")
	ErrShard      = errors.New("shard")
	ErrVerify     = errors.New("recomputed unit differs from its record")
	ErrCheckpoint = errors.New("checkpoint refused")
)

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

// A U128 is nqueens.U128 (the same fields: they convert).
type U128 struct{ Hi, Lo uint64 }

// Add64 returns x + v and whether the sum overflowed 128 bits.
func (x U128) Add64(v uint64) (U128, bool) {
	lo, c := bits.Add64(x.Lo, v, 0)
	hi, c := bits.Add64(x.Hi, 0, c)
	return U128{hi, lo}, c != 0
}

// AddMul64 returns x + a·b and whether the result overflowed 128 bits.
func (x U128) AddMul64(a, b uint64) (U128, bool) {
	hi, lo := bits.Mul64(a, b)
	l, c := bits.Add64(x.Lo, lo, 0)
	h, c := bits.Add64(x.Hi, hi, c)
	return U128{h, l}, c != 0
}

// Big returns x as a new big.Int.
func (x U128) Big() *big.Int {
	b := new(big.Int).SetUint64(x.Hi)
	b.Lsh(b, 64)
	return b.Or(b, new(big.Int).SetUint64(x.Lo))
}

// String returns x in decimal.
func (x U128) String() string {
	if x.Hi == 0 {
		return strconv.FormatUint(x.Lo, 10)
	}
	return x.Big().String()
}

// FromBig returns b as a U128 and whether it fits.
func FromBig(b *big.Int) (U128, bool) {
	if b == nil || b.Sign() < 0 || b.BitLen() > 128 {
		return U128{}, false
	}
	var lo, hi big.Int
	lo.SetUint64(^uint64(0))
	lo.And(&lo, b)
	hi.Rsh(b, 64)
	return U128{Hi: hi.Uint64(), Lo: lo.Uint64()}, true
}

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

// A Unit is the result of one work unit (nqueens.Unit).
type Unit = shard.Unit

// A Progress is nqueens.Progress with U128 totals.
type Progress struct {
	N                                int
	UnitsDone, UnitsTotal, Resumed   int
	CostDone, CostTotal, CostResumed float64
	Solutions, Unique                U128
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
	Solutions, Unique U128
	Nodes             uint64
	Units, Resumed    int
	Shard             Shard
	UnitResults       []Unit
	PlanDigest        string // of the plan, for a shard's record
	Burnside          bool   // Unique derived from Solutions (the join)
	Device            string // the kernel's: DeviceCPU or DeviceGPU
	GPUs              []gpu.Info
}

// Workers checks a worker count and returns it with 0 meaning every
// core: the one place that rule is written.
func Workers(w int) (int, error) {
	if w < 0 {
		return 0, fmt.Errorf("workers = %d: must be 0 (all cores) or more", w)
	}
	if w == 0 {
		return runtime.NumCPU(), nil
	}
	return w, nil
}
