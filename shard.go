package nqueens

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/nqueens/nqueens/internal/shard"
)

// A Shard selects part I of M of a count: CountOptions.Shard. The zero
// value is the whole count. The units of a plan (of the bitboard kernel,
// or of the quadrant join with MethodJoin) are assigned to shards
// by expected cost (longest processing time first), the same on every
// machine, so M machines each counting one shard finish at about the
// same time and MergeShards adds their records up to the exact count.
//
// With Replicas R ≥ 2, every unit is assigned to R different shards
// (each to the R least loaded so far), so that M machines count each
// unit R times and MergeShards compares the copies: a machine that
// returns a wrong number, or a record edited so that it still keeps
// every rule, is caught unless the same wrong number is in all R
// copies. Each shard then holds about R/M of the work.
type Shard struct {
	Index int // I, in 0..Count-1
	Count int // M, at least 1; 0 with Index 0 means no sharding
	// Replicas is R, the number of shards that count each unit, 1..M;
	// 0 means 1. All shards of a count must have the same R.
	Replicas int
}

// ErrShard is wrapped by the errors for a bad shard selection, a
// malformed shard record, or records that do not make one count.
var ErrShard = errors.New("shard")

// ErrVerify is wrapped by the error of VerifyShards when a recomputed
// unit differs from its record.
var ErrVerify = errors.New("recomputed unit differs from its record")

// kindError is an error that also matches a kind (ErrShard,
// ErrCheckpoint) under errors.Is, without repeating its text.
type kindError struct{ err, kind error }

func (e *kindError) Error() string   { return e.err.Error() }
func (e *kindError) Unwrap() []error { return []error{e.err, e.kind} }

func also(kind, err error) error { return &kindError{err, kind} }

// ParseShard reads "I/M" with 0 ≤ I < M. Its errors wrap ErrShard and
// start with the value, not with "shard" (a caller names the flag):
// "8/8: I must be below M (the shards of 8 are 0/8 to 7/8)".
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	m, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil {
		return Shard{}, also(ErrShard, fmt.Errorf("%q is not I/M (for example 3/8)", s))
	}
	sh := Shard{Index: i, Count: m}
	if m < 1 { // "0/0" would be the zero Shard, which means "no sharding"
		return Shard{}, also(ErrShard, fmt.Errorf("%d/%d: M must be at least 1", i, m))
	}
	if p := sh.problem(); p != "" {
		return Shard{}, also(ErrShard, fmt.Errorf("%d/%d: %s", i, m, p))
	}
	return sh, nil
}

// String returns "I/M", or "" for the zero Shard; Replicas is not part
// of it.
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

// WithReplicas returns s with r replicas of each unit: r different
// shards count each unit; r = 1 returns s with Replicas 0. Its error wraps ErrShard when r is below 1 or
// above M, and starts with "r replicas", not with "replicas" (a caller
// names the flag): "3 replicas need at least 3 shards, not 2 (…)".
func (s Shard) WithReplicas(r int) (Shard, error) {
	if r < 1 {
		return Shard{}, also(ErrShard, fmt.Errorf("%d replicas: R must be at least 1", r))
	}
	s.Replicas = r
	if r == 1 {
		s.Replicas = 0
	}
	if r > s.Count {
		return Shard{}, also(ErrShard, errors.New(s.problem()))
	}
	return s, nil
}

// replicas returns R, at least 1.
func (s Shard) replicas() int { return max(s.Replicas, 1) }

// selectIDs returns the ids of the units that shard s counts, for a plan
// whose units have these costs.
func selectIDs(costs []float64, s Shard) ([]int, error) {
	if s == (Shard{}) {
		return allIDs(len(costs)), nil
	}
	if err := checkShardCount(len(costs), s); err != nil {
		return nil, err
	}
	return shard.AssignReplicas(costs, s.Count, s.replicas())[s.Index], nil
}

// allIDs returns 0..units-1.
func allIDs(units int) []int {
	ids := make([]int, units)
	for i := range ids {
		ids[i] = i
	}
	return ids
}

// A UnitCount is the result of one work unit: its share of the total
// (already weighted: the sum over all units is A000170(n)), its
// canonical solutions and the queens it placed (both zero, not counted,
// for a unit of MethodJoin).
type UnitCount struct {
	ID     int
	Total  uint64
	Unique uint64
	Nodes  uint64
}

// A ShardRecord is the result of one shard of a count, what
// "nqueens count N --shard I/M" writes and "nqueens merge" reads. Its
// JSON form (MarshalJSON) holds n, the method (left out for MethodKernel),
// the decomposition version and plan digest, I and M, the units done, the
// exact totals, a digest of the unit ids and each unit's result. A record
// of MethodJoin counts totals only: its JSON has no unique total and
// its Unique is zero.
type ShardRecord struct {
	N       int
	Method  Method // MethodKernel or MethodJoin
	Version string // the decomposition: kernel or quadrant version
	Plan    string // digest of the plan for N
	Shard   Shard
	// Solutions and Unique are the sums over Units.
	Solutions, Unique Uint128
	Nodes             uint64
	Digest            string      // digest of the unit ids
	Units             []UnitCount // ascending by ID
	// Source names where the record was read from, for error messages;
	// it is not part of the JSON form.
	Source string
}

// ShardRecord returns the record of a Count made with CountOptions.Shard.
func (r Result) ShardRecord() (ShardRecord, error) {
	k := kindOf(r.Method)
	if r.Shard == (Shard{}) || r.Method == "" || k == nil { // Count sets the method
		return ShardRecord{}, fmt.Errorf("%w: the result is not of a shard", ErrShard)
	}
	digest := r.planDigest
	if digest == "" { // a Result not made by Count
		p, err := planFor(k.record, r.N)
		if err != nil {
			return ShardRecord{}, err
		}
		digest = p.Digest
	}
	units := make([]shard.Unit, len(r.UnitResults))
	for i, u := range r.UnitResults {
		units[i] = shard.Unit(u)
		if k.totalsOnly && u.Unique != 0 {
			return ShardRecord{}, fmt.Errorf("%w: unit %d of a %s count has a unique count", ErrShard, u.ID, r.Method)
		}
	}
	return fromRecord(shard.NewReplicas(k.record, r.N, k.version, digest, r.Shard.Index, r.Shard.Count, r.Shard.Replicas, units), "")
}

// recordMethod is the method field of a shard record of method m ("",
// the kernel's, for a method without units).
func recordMethod(m Method) string {
	if k := kindOf(m); k != nil {
		return k.record
	}
	return ""
}

func (r ShardRecord) record() shard.Record {
	units := make([]shard.Unit, len(r.Units))
	for i, u := range r.Units {
		units[i] = shard.Unit(u)
	}
	s := shard.Record{
		Format: shard.Format, N: r.N, Method: recordMethod(r.Method), Version: r.Version, Plan: r.Plan,
		Shard: r.Shard.Index, Shards: r.Shard.Count, Replicas: r.Shard.Replicas, UnitsDone: len(units),
		Solutions: r.Solutions.Big(), Unique: r.Unique.Big(), Nodes: r.Nodes,
		Digest: r.Digest, Units: units,
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
		Units: make([]UnitCount, len(s.Units)),
	}
	for i, u := range s.Units {
		r.Units[i] = UnitCount(u)
	}
	if r.Shard.Replicas == 1 {
		r.Shard.Replicas = 0
	}
	if k := kindOfRecord(s.Method); k != nil { // else MethodKernel; Record.Check refuses other methods
		r.Method = k.method
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

func fromBig(b *big.Int) (Uint128, bool) {
	if b == nil || b.Sign() < 0 || b.BitLen() > 128 {
		return Uint128{}, false
	}
	var lo, hi big.Int
	lo.SetUint64(^uint64(0))
	lo.And(&lo, b)
	hi.Rsh(b, 64)
	return Uint128{Hi: hi.Uint64(), Lo: lo.Uint64()}, true
}

// MarshalJSON writes the record as one JSON object.
func (r ShardRecord) MarshalJSON() ([]byte, error) { return json.Marshal(r.record()) }

// ParseShardRecords reads the shard records in data: one JSON object, or
// several (JSON Lines, as GNU parallel collects them), each checked
// against itself — totals are the sums of the units, the digest matches
// the unit ids. source names data in errors and in the records.
// It is ReadShardRecords of the bytes.
func ParseShardRecords(data []byte, source string) ([]ShardRecord, error) {
	return ReadShardRecords(context.Background(), bytesReader(data), source)
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

// planFor returns what shard.Check needs of the plan of a record's
// method for n (engineKind.units: the quadrant join's without its
// table). Its errors wrap ErrShard.
func planFor(method string, n int) (shard.Plan, error) {
	k := kindOfRecord(method)
	if k == nil { // Record.Check refuses it first
		return shard.Plan{}, fmt.Errorf("%w: unknown method %q", ErrShard, method)
	}
	e, err := k.units(n)
	switch {
	case errors.Is(err, ErrSize): // n out of the method's range, worded so
		return shard.Plan{}, also(ErrShard, err)
	case err != nil:
		return shard.Plan{}, fmt.Errorf("%w: %w", ErrShard, err)
	}
	return shardPlan(e), nil
}

// MergeShards checks that recs are the shards 0..M-1 of one count —
// same n, decomposition and plan as this program's, each shard exactly
// once, each holding exactly the units the plan assigns it — and returns
// the count's exact totals. Result.Units is the number of units and
// Result.Shard.Count is M; Result.Method is the records' method. MethodJoin
// records hold totals only; the merged Unique is derived from the whole
// total as Count does. Records of different methods are refused. Errors
// wrap ErrShard and name the shards at fault and their Source.
//
// What the records say is checked as Count checks a checkpoint: every
// unit's result against its method's rule (see Count), then the whole by
// Burnside's lemma for 2 ≤ n ≤ 32. A MethodKernel set that breaks the lemma
// has a unit that breaks its own share of it (8·unique − total is the
// unit's symmetric solutions, which a small search counts): the error
// names that unit and its record. A MethodJoin set cannot be narrowed
// down (its units hold totals only): the error names every source. Each
// tells the command that counts the shard(s) again. The edits no check
// can see are those that keep the lemma: a unit's total +8k with its
// unique +k (MethodKernel), a total off by a multiple of 8 within the unit's
// bound (MethodJoin); VerifyShards recounts a sample.
//
// Records of a count with replicas (Shard.Replicas R ≥ 2) hold R copies
// of each unit: every shard is still required, and the copies of each
// unit must agree before anything is added (each unit once). Copies that
// disagree, also when a majority agrees, are an error that names the
// unit, every copy's shard and source, and the commands that count
// those shards again; that catches the edits above unless they are made
// to every copy. Result.Shard.Replicas is R (0 for 1), Result.Units the
// number of distinct units.
func MergeShards(recs []ShardRecord) (Result, error) {
	return mergeShards(recs, planFor, true)
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
	m, err := shard.Check(named, plans)
	var ue *shard.UnitError
	if errors.As(err, &ue) {
		return Result{}, also(ErrShard, fmt.Errorf("%v; the record was damaged or edited: count that shard again (%s)", err, recountCommand(&ue.Record, false)))
	}
	var re *shard.ReplicaError
	if errors.As(err, &re) {
		cmds := make([]string, len(re.Copies))
		for i, c := range re.Copies {
			cmds[i] = recountCommand(&c.Record, false)
		}
		return Result{}, also(ErrShard, fmt.Errorf("n = %d %v: a machine was faulty or a record was damaged or edited, and nothing tells which copy is right: count these shards again, without their checkpoints (%s), and merge again",
			re.Copies[0].Record.N, err, strings.Join(cmds, "; ")))
	}
	if err != nil {
		return Result{}, also(ErrShard, err)
	}
	k := kindOfRecord(m.Method)
	if k == nil { // Record.Check refuses it first
		return Result{}, fmt.Errorf("%w: unknown method %q", ErrShard, m.Method)
	}
	res := Result{N: m.N, Method: k.method, Units: m.Units, Nodes: m.Nodes, Shard: Shard{Count: m.Shards}}
	if m.Replicas > 1 {
		res.Shard.Replicas = m.Replicas
	}
	var ok1, ok2 bool
	res.Solutions, ok1 = fromBig(m.Solutions)
	res.Unique, ok2 = fromBig(m.Unique)
	if k.totalsOnly {
		res.Unique, ok2 = Uint128{}, true
	}
	if !ok1 || !ok2 {
		return Result{}, fmt.Errorf("%w: n = %d: the total overflows 128 bits", ErrShard, m.N)
	}
	if !burnside {
		return res, nil
	}
	if err := k.merged(context.Background(), &res, named); err != nil {
		return Result{}, err
	}
	return res, nil
}

// recountCommand is the command line that counts the shard of r again,
// or with each every shard of its count (I for the index).
func recountCommand(r *shard.Record, each bool) string {
	method, replicas := "", ""
	if r.TotalsOnly() {
		method = " --method join"
	}
	if r.Copies() > 1 {
		replicas = " --replicas " + strconv.Itoa(r.Copies())
	}
	if each {
		return fmt.Sprintf("nqueens count %d%s --shard I/%d%s for each I", r.N, method, r.Shards, replicas)
	}
	return fmt.Sprintf("nqueens count %d%s --shard %d/%d%s", r.N, method, r.Shard, r.Shards, replicas)
}

// sources lists the distinct sources of recs, for messages.
func sources(recs []shard.Named) string {
	var out []string
	for _, r := range recs {
		if !slices.Contains(out, r.Source) {
			out = append(out, r.Source)
		}
	}
	return strings.Join(out, ", ")
}

// VerifyShards recomputes k units chosen at random (by seed) among the
// units of recs, with the given number of workers (0 = all cores) and
// each record's method, and compares each with its record (the total,
// and the unique count unless the method counts totals only): a cheap
// check against a faulty machine. k larger than the number of units
// checks them all. A unit that is in several records (the copies of a
// count with replicas) is one unit, recounted once and compared with
// every copy, not only the first. It returns the recomputed
// units; the error wraps ErrVerify and names the first unit that
// differs, its shard and its source.
func VerifyShards(ctx context.Context, recs []ShardRecord, k int, seed uint64, workers int) ([]UnitCount, error) {
	type ref struct{ rec, unit int }
	type key struct {
		m     Method
		n, id int
	}
	var all [][]ref // the copies of each unit, in the order of recs
	group := map[key]int{}
	for i, r := range recs {
		for j, u := range r.Units {
			c := key{r.Method.recorded(), r.N, u.ID}
			if g, ok := group[c]; ok {
				all[g] = append(all[g], ref{i, j})
				continue
			}
			group[c] = len(all)
			all = append(all, []ref{{i, j}})
		}
	}
	k = min(max(k, 0), len(all))
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	for i := range k { // partial Fisher–Yates
		j := i + rng.IntN(len(all)-i)
		all[i], all[j] = all[j], all[i]
	}
	picked := all[:k]
	if k == 0 {
		return nil, nil
	}
	type count struct {
		m Method
		n int
	}
	byCount := map[count][]int{} // method and n -> indexes into picked
	for i, p := range picked {
		c := count{recs[p[0].rec].Method.recorded(), recs[p[0].rec].N}
		byCount[c] = append(byCount[c], i)
	}
	if workers == 0 {
		workers = defaultWorkers()
	}
	got := make([]UnitCount, k)
	for c, idx := range byCount {
		kd := kindOf(c.m)
		if kd == nil {
			return nil, fmt.Errorf("%w: method %s has no shards", ErrShard, c.m)
		}
		e, err := kd.units(c.n)
		if err != nil {
			return nil, err
		}
		version, digest, units := e.version(), e.digest(), len(e.costs())
		todo := make([]int, 0, len(idx))
		where := map[int][]int{} // unit id -> indexes into picked
		for _, i := range idx {
			for _, p := range picked[i] {
				if r := recs[p.rec]; r.Version != version || r.Plan != digest {
					return nil, fmt.Errorf("%w: %s (%s) is for decomposition %s plan %s; this program has %s plan %s",
						ErrShard, r.Shard, r.Source, r.Version, r.Plan, version, digest)
				}
			}
			r := recs[picked[i][0].rec]
			id := r.Units[picked[i][0].unit].ID
			if id < 0 || id >= units {
				return nil, fmt.Errorf("%w: %s (%s): unit %d is not in the plan", ErrShard, r.Shard, r.Source, id)
			}
			if where[id] == nil {
				todo = append(todo, id)
			}
			where[id] = append(where[id], i)
		}
		err = e.count(ctx, todo, workers, func(u UnitCount) error {
			for _, i := range where[u.ID] {
				got[i] = u
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	for i, copies := range picked {
		for _, p := range copies {
			if err := verifyCopy(recs[p.rec], p.unit, got[i]); err != nil {
				return got, err
			}
		}
	}
	return got, nil
}

// verifyCopy compares the recount g of a unit with its copy, unit j of
// record r: the total, and the unique count unless r's method counts
// totals only. The error wraps ErrVerify and names the unit, the shard
// and the source.
func verifyCopy(r ShardRecord, j int, g UnitCount) error {
	want := r.Units[j]
	if k := kindOf(r.Method.recorded()); k != nil && k.totalsOnly {
		if g.Total != want.Total {
			return fmt.Errorf("%w: n = %d unit %d of shard %s (%s): recorded total %d; recomputed %d",
				ErrVerify, r.N, want.ID, r.Shard, r.Source, want.Total, g.Total)
		}
		return nil
	}
	if g.Total != want.Total || g.Unique != want.Unique {
		return fmt.Errorf("%w: n = %d unit %d of shard %s (%s): recorded total %d, unique %d; recomputed %d, %d",
			ErrVerify, r.N, want.ID, r.Shard, r.Source, want.Total, want.Unique, g.Total, g.Unique)
	}
	return nil
}
