package run

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/nqueens/nqueens/internal/shard"
	"github.com/nqueens/nqueens/internal/tally"
)

// PlanFor returns what shard.Check needs of the plan of a record's
// method for n (engineKind.units: the quadrant join's without its
// table). Its errors wrap ErrShard.
func PlanFor(method string, n int) (shard.Plan, error) {
	k := ByRecord(method)
	if k == nil { // Record.Check refuses it first
		return shard.Plan{}, fmt.Errorf("%w: unknown method %q", ErrShard, method)
	}
	e, err := k.Units(n)
	switch {
	case errors.Is(err, ErrSize): // n out of the method's range, worded so
		return shard.Plan{}, WithKind(ErrShard, err)
	case err != nil:
		return shard.Plan{}, fmt.Errorf("%w: %w", ErrShard, err)
	}
	return shardPlan(e), nil
}

// Merge is nqueens.MergeShards of named records with the plans of plans, and Burnside's
// lemma checked if burnside is set (the tests of 128-bit totals, whose
// units no count gives, turn both off).
func Merge(named []shard.Named, plans func(method string, n int) (shard.Plan, error), burnside bool) (Result, error) {
	m, err := shard.Check(named, plans)
	var ue *shard.UnitError
	if errors.As(err, &ue) {
		return Result{}, WithKind(ErrShard, fmt.Errorf("%v; the record was damaged or edited: count that shard again (%s)", err, recountCommand(&ue.Record, false)))
	}
	var re *shard.ReplicaError
	if errors.As(err, &re) {
		cmds := make([]string, len(re.Copies))
		for i, c := range re.Copies {
			cmds[i] = recountCommand(&c.Record, false)
		}
		return Result{}, WithKind(ErrShard, fmt.Errorf("n = %d %v: a machine was faulty or a record was damaged or edited, and nothing tells which copy is right: count these shards again, without their checkpoints (%s), and merge again",
			re.Copies[0].Record.N, err, strings.Join(cmds, "; ")))
	}
	if err != nil {
		return Result{}, WithKind(ErrShard, err)
	}
	k := ByRecord(m.Method)
	if k == nil { // Record.Check refuses it first
		return Result{}, fmt.Errorf("%w: unknown method %q", ErrShard, m.Method)
	}
	res := Result{N: m.N, Method: k.Info().Method, Units: m.Units, Nodes: m.Nodes, Shard: Shard{Count: m.Shards}}
	if m.Replicas > 1 {
		res.Shard.Replicas = m.Replicas
	}
	var ok1, ok2 bool
	res.Solutions, ok1 = tally.FromBig(m.Solutions)
	res.Unique, ok2 = tally.FromBig(m.Unique)
	if k.Info().TotalsOnly {
		res.Unique, ok2 = tally.Uint128{}, true
	}
	if !ok1 || !ok2 {
		return Result{}, fmt.Errorf("%w: n = %d: the total overflows 128 bits", ErrShard, m.N)
	}
	if !burnside {
		return res, nil
	}
	if err := k.Merged(context.Background(), &res, named); err != nil {
		return Result{}, err
	}
	return res, nil
}

// recountCommand is the command line that counts the shard of r again,
// or with each every shard of its count (I for the index).
func recountCommand(r *shard.Record, each bool) string {
	method, replicas := "", ""
	if r.TotalsOnly() {
		method = " -method join"
	}
	if r.Copies() > 1 {
		replicas = " -replicas " + strconv.Itoa(r.Copies())
	}
	if each {
		return fmt.Sprintf("nqueens count %d%s -shard I/%d%s for each I", r.N, method, r.Shards, replicas)
	}
	return fmt.Sprintf("nqueens count %d%s -shard %d/%d%s", r.N, method, r.Shard, r.Shards, replicas)
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

// Verify is nqueens.VerifyShards: it recomputes k units chosen at random (by seed) among the
// units of recs, with the given number of workers (0 = all cores) and
// each record's method, and compares each with its record (the total,
// and the unique count unless the method counts totals only): a cheap
// check against a faulty machine. k larger than the number of units
// checks them all. A unit that is in several records (the copies of a
// count with replicas) is one unit, recounted once and compared with
// every copy, not only the first. It returns the recomputed
// units; the error wraps ErrVerify and names the first unit that
// differs, its shard and its source.
// A Rec is a shard record as Verify reads it (nqueens.ShardRecord with
// its method as the engine's name).
type Rec struct {
	N             int
	Method        string
	Version, Plan string
	Shard         Shard
	Units         []tally.UnitResult
	Source        string
}

func Verify(ctx context.Context, recs []Rec, k int, seed uint64, workers int) ([]tally.UnitResult, error) {
	type ref struct{ rec, unit int }
	type key struct {
		m     string
		n, id int
	}
	var all [][]ref // the copies of each unit, in the order of recs
	group := map[key]int{}
	for i, r := range recs {
		for j, u := range r.Units {
			c := key{r.Method, r.N, u.ID}
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
		m string
		n int
	}
	byCount := map[count][]int{} // method and n -> indexes into picked
	for i, p := range picked {
		c := count{recs[p[0].rec].Method, recs[p[0].rec].N}
		byCount[c] = append(byCount[c], i)
	}
	got := make([]tally.UnitResult, k)
	for c, idx := range byCount {
		kd := ByMethod(c.m)
		if kd == nil {
			return nil, fmt.Errorf("%w: method %s has no shards", ErrShard, c.m)
		}
		e, err := kd.Units(c.n)
		if err != nil {
			return nil, err
		}
		version, digest, units := e.Info().Version, e.Digest(), len(e.Costs())
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
		err = e.Count(ctx, todo, workers, func(u tally.UnitResult) error {
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
func verifyCopy(r Rec, j int, g tally.UnitResult) error {
	want := r.Units[j]
	if k := ByMethod(r.Method); k != nil && k.Info().TotalsOnly {
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

// A PlanKey is a record method and n.
type PlanKey struct {
	method string
	n      int
}

// HeaderCheck returns the check that refuses a record whose header is
// not of a plan of this program (its method and n, decomposition version
// and digest) before its unit list is read, and bounds the list by the
// plan's units. Plans are kept in plans, so that the records of one
// count list their plan once (the join's takes seconds at n = 25).
func HeaderCheck(plans map[PlanKey]shard.Plan) shard.HeaderCheck {
	return func(r *shard.Record) (int, error) {
		if ByRecord(r.Method) == nil {
			return 0, fmt.Errorf("%w: unknown method %q", shard.ErrRecord, r.Method)
		}
		k := PlanKey{r.Method, r.N}
		p, ok := plans[k]
		if !ok {
			var err error
			if p, err = PlanFor(r.Method, r.N); err != nil {
				return 0, fmt.Errorf("%w: %w", shard.ErrRecord, err)
			}
			if len(plans) < 4 { // records of one count share one
				plans[k] = p
			}
		}
		return checkHeader(r, p)
	}
}

// checkHeader compares a record's header with plan p of its method and n.
func checkHeader(r *shard.Record, p shard.Plan) (int, error) {
	if r.Version != p.Version || r.Plan != p.Digest {
		return 0, fmt.Errorf("%w: decomposition %s, plan %s; this program has %s, plan %s for n = %d",
			shard.ErrRecord, r.Version, r.Plan, p.Version, p.Digest, r.N)
	}
	return len(p.Costs), nil
}
