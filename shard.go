package nqueens

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/nqueens/nqueens/internal/run"
	"github.com/nqueens/nqueens/internal/shard"
	"github.com/nqueens/nqueens/internal/tally"
)

// A Shard selects part Index of Count of a count (CountOptions.Shard);
// the zero value is the whole count. Units are assigned by expected
// cost, the same on every machine. With Replicas R ≥ 2 (0 means 1) every
// unit is in R shards, and MergeShards adds it only if all copies agree.
type Shard struct {
	Index, Count, Replicas int
}

// ParseShard reads "I/M" with 0 ≤ I < M. Its errors wrap ErrShard and
// start with the value: "8/8: I must be in 0..M−1 (…)".
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	m, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil {
		return Shard{}, run.WithKind(ErrShard, fmt.Errorf("%q is not I/M (for example 3/8)", s))
	}
	sh := Shard{Index: i, Count: m}
	if m < 1 { // "0/0" would be the zero Shard, which means "no sharding"
		return Shard{}, run.WithKind(ErrShard, fmt.Errorf("%d/%d: M must be at least 1", i, m))
	}
	if p := sh.problem(); p != "" {
		return Shard{}, run.WithKind(ErrShard, fmt.Errorf("%d/%d: %s", i, m, p))
	}
	return sh, nil
}

// String returns "I/M", or "" for the zero Shard.
func (s Shard) String() string {
	if s == (Shard{}) {
		return ""
	}
	return strconv.Itoa(s.Index) + "/" + strconv.Itoa(s.Count)
}

func (s Shard) check() error {
	if p := s.problem(); p != "" {
		return fmt.Errorf("%w %d/%d: %s", ErrShard, s.Index, s.Count, p)
	}
	return nil
}

// problem says what is wrong with s, or "" if nothing is.
func (s Shard) problem() string {
	switch {
	case s == (Shard{}):
		return ""
	case s.Count < 1:
		return "M must be at least 1"
	case s.Count == 1 && s.Index != 0:
		return "I must be 0 (the one shard of 1 is 0/1)"
	case s.Index < 0 || s.Index >= s.Count:
		return fmt.Sprintf("I must be in 0..M−1 (the shards of %d are 0/%d to %d/%d)", s.Count, s.Count, s.Count-1, s.Count)
	case s.Replicas < 0:
		return fmt.Sprintf("%d replicas: R must be at least 1", s.Replicas)
	case s.Replicas > s.Count:
		return fmt.Sprintf("%d replicas need at least %d shards, not %d (each unit's replicas are in different shards)", s.Replicas, s.Replicas, s.Count)
	}
	return ""
}

// WithReplicas returns s with r replicas of each unit (r = 1: Replicas
// 0). Its error wraps ErrShard for r outside 1..M and starts with "r
// replicas".
func (s Shard) WithReplicas(r int) (Shard, error) {
	if r < 1 {
		return Shard{}, run.WithKind(ErrShard, fmt.Errorf("%d replicas: R must be at least 1", r))
	}
	s.Replicas = r
	if r == 1 {
		s.Replicas = 0
	}
	if r > s.Count {
		return Shard{}, run.WithKind(ErrShard, errors.New(s.problem()))
	}
	return s, nil
}

// A UnitResult is what counting one work unit found, with the fields
//
//	ID     int    // the unit's ID in its plan
//	Total  uint64 // its share of the solutions, weighted by its symmetries
//	Unique uint64 // its share of the unique solutions (0 for MethodJoin)
//	Nodes  uint64 // the queens its search placed (0 for MethodJoin)
//
// Summed over the units of a count, Total and Unique give Solutions and
// Unique. It is the type the engines and shard records use (so it
// encodes to JSON as a unit of a shard record: "id", "total", and
// "unique" and "nodes" unless 0).
type UnitResult = tally.UnitResult

// A ShardRecord is the result of one shard of a count, what "nqueens
// count N -shard I/M" writes (MarshalJSON) and "nqueens merge" reads: the
// decomposition's version and plan digest, the sums over Units (a
// MethodJoin record holds totals only), a digest of the unit IDs, and
// Source, where it was read from (for errors; not in the JSON).
type ShardRecord struct {
	N                 int
	Method            Method
	Version, Plan     string
	Shard             Shard
	Solutions, Unique Uint128
	Nodes             uint64
	Digest            string
	Units             []UnitResult // ascending by ID
	Source            string
}

// ShardRecord returns the record of a Count made with CountOptions.Shard.
func (r Result) ShardRecord() (ShardRecord, error) {
	e := run.ByMethod(string(r.Method))
	if r.Shard == (Shard{}) || r.Method == "" || e == nil { // Count sets the method
		return ShardRecord{}, fmt.Errorf("%w: the result is not of a shard", ErrShard)
	}
	digest := r.planDigest
	if digest == "" { // a Result not made by Count
		p, err := run.PlanFor(e.Info().Record, r.N)
		if err != nil {
			return ShardRecord{}, err
		}
		digest = p.Digest
	}
	for _, u := range r.UnitResults {
		if e.Info().TotalsOnly && u.Unique != 0 {
			return ShardRecord{}, fmt.Errorf("%w: unit %d of a %s count has a unique count", ErrShard, u.ID, r.Method)
		}
	}
	units := slices.Clone(r.UnitResults) // NewReplicas sorts them
	return fromRecord(shard.NewReplicas(e.Info().Record, r.N, e.Info().Version, digest, r.Shard.Index, r.Shard.Count, r.Shard.Replicas, units), "")
}

// recordMethod is the method field of a shard record of method m ("",
// the kernel's, for a method without units).
func recordMethod(m Method) string {
	if e := run.ByMethod(string(m)); e != nil {
		return e.Info().Record
	}
	return ""
}

func (r ShardRecord) record() shard.Record {
	s := shard.Record{
		Format: shard.Format, N: r.N, Method: recordMethod(r.Method), Version: r.Version, Plan: r.Plan,
		Shard: r.Shard.Index, Shards: r.Shard.Count, Replicas: r.Shard.Replicas, UnitsDone: len(r.Units),
		Solutions: r.Solutions.Big(), Unique: r.Unique.Big(), Nodes: r.Nodes,
		Digest: r.Digest, Units: r.Units,
	}
	if s.Replicas == 1 {
		s.Replicas = 0 // left out of the JSON: the format of a count without replicas
	}
	if s.TotalsOnly() {
		s.Unique = nil
	}
	return s
}

func fromRecord(s shard.Record, source string) (ShardRecord, error) {
	r := ShardRecord{
		N: s.N, Method: MethodKernel, Version: s.Version, Plan: s.Plan, Shard: Shard{Index: s.Shard, Count: s.Shards, Replicas: s.Replicas},
		Nodes: s.Nodes, Digest: s.Digest, Source: source,
		Units: s.Units,
	}
	if r.Shard.Replicas == 1 {
		r.Shard.Replicas = 0
	}
	if e := run.ByRecord(s.Method); e != nil { // else MethodKernel; Record.Check refuses other methods
		r.Method = Method(e.Info().Method)
	}
	var ok1, ok2 bool
	r.Solutions, ok1 = fromBig(s.Solutions)
	r.Unique, ok2 = fromBig(s.Unique)
	if s.Unique == nil && s.TotalsOnly() {
		ok2 = true // not counted
	}
	if !ok1 || !ok2 {
		return ShardRecord{}, fmt.Errorf("%w: %s: a total does not fit 128 bits", ErrShard, s.Name())
	}
	return r, nil
}

// MarshalJSON writes the record as one JSON object.
func (r ShardRecord) MarshalJSON() ([]byte, error) { return json.Marshal(r.record()) }

// ParseShardRecords is ReadShardRecords of data.
func ParseShardRecords(data []byte, source string) ([]ShardRecord, error) {
	return ReadShardRecords(context.Background(), bytes.NewReader(data), source)
}

// fromShardRecords makes the records read by ReadShardRecords.
func fromShardRecords(recs []shard.Record, source string) ([]ShardRecord, error) {
	var err error
	out := make([]ShardRecord, len(recs))
	for i, s := range recs {
		if out[i], err = fromRecord(s, source); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// MergeShards checks that recs are the whole set of shards of one count,
// each unit by its method's rule, the copies of a unit alike, the total by
// Burnside's lemma (internal/run's doc.go), and returns the exact totals.
// Errors wrap ErrShard and name the records to count again.
func MergeShards(recs []ShardRecord) (Result, error) {
	return mergeShards(recs, run.PlanFor, true)
}

// mergeShards is MergeShards with the plans of plans, and Burnside's
// lemma checked if burnside is set (the tests of 128-bit totals, whose
// units no count gives, turn both off).
func mergeShards(recs []ShardRecord, plans func(method string, n int) (shard.Plan, error), burnside bool) (Result, error) {
	named := make([]shard.Named, len(recs))
	for i, r := range recs {
		named[i] = shard.Named{Record: r.record(), Source: r.Source}
		if named[i].Source == "" {
			named[i].Source = "record " + strconv.Itoa(i+1)
		}
	}
	r, err := run.Merge(named, plans, burnside)
	if err != nil {
		return Result{}, err
	}
	return fromRun(r), nil
}

// VerifyShards recounts k units of recs drawn by seed (all if k is
// larger) and compares each copy; the error wraps ErrVerify.
func VerifyShards(ctx context.Context, recs []ShardRecord, k int, seed uint64, workers int) ([]UnitResult, error) {
	workers, err := run.Workers(workers)
	if err != nil {
		return nil, err
	}
	rs := make([]run.Rec, len(recs))
	for i, r := range recs {
		rs[i] = run.Rec{N: r.N, Method: string(r.Method.recorded()), Version: r.Version, Plan: r.Plan, Shard: run.Shard(r.Shard), Source: r.Source,
			Units: r.Units}
	}
	got, err := run.Verify(ctx, rs, k, seed, workers)
	return got, err
}

func fromBig(b *big.Int) (Uint128, bool) {
	u, ok := tally.FromBig(b)
	return Uint128(u), ok
}

// ReadShardRecords reads and checks the shard records of r, in bounded
// memory: r holds the records of one count, each shard at most once (a
// repeat or another count is refused at its header); source names r in
// errors.
func ReadShardRecords(ctx context.Context, r io.Reader, source string) ([]ShardRecord, error) {
	recs, err := shard.ReadAllFor(ctx, r, run.HeaderCheck(map[run.PlanKey]shard.Plan{}))
	if errors.Is(err, shard.ErrRecord) {
		return nil, run.WithKind(ErrShard, fmt.Errorf("%s: %w", source, err))
	}
	if err != nil {
		return nil, err
	}
	return fromShardRecords(recs, source)
}
