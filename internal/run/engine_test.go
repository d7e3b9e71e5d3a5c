package run

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/nqueens/nqueens/internal/checkpoint"
	"github.com/nqueens/nqueens/internal/shard"
	"github.com/nqueens/nqueens/internal/tally"
)

// A fakeEngine is a third engine, for the orchestration alone: unit i
// has cost i+1 and result total 8·(i+1), unique i+1, nodes 1.
type fakeEngine struct {
	units     int
	ver       string // version; "" means "fake-v1"
	stopAfter int    // count fails with errStopped after this many units; 0: never
	refuse    int    // checkRecord refuses this unit; -1: none
	counted   []int  // the units count was asked for, in order
	whole     []tally.UnitResult
	checked   bool // burnside was called
}

var errStopped = errors.New("stopped")

func newFake(units int) *fakeEngine { return &fakeEngine{units: units, refuse: -1} }

func (e *fakeEngine) ver0() string {
	if e.ver == "" {
		return "fake-v1"
	}
	return e.ver
}
func (e *fakeEngine) Info() info {
	return info{Method: "fake", Version: e.ver0(), UnitsVersion: e.ver0()}
}
func (e *fakeEngine) Digest() string { return "fake-digest" }
func (e *fakeEngine) Costs() []float64 {
	c := make([]float64, e.units)
	for i := range c {
		c[i] = float64(i + 1)
	}
	return c
}
func (e *fakeEngine) Shards(m, r int) [][]int { return shard.AssignReplicas(e.Costs(), m, r) }
func (e *fakeEngine) result(id int) tally.UnitResult {
	return tally.UnitResult{ID: id, Total: 8 * uint64(id+1), Unique: uint64(id + 1), Nodes: 1}
}
func (e *fakeEngine) CheckUnit(id int, total, unique uint64) error {
	if id == e.refuse || e.result(id).Total != total || e.result(id).Unique != unique {
		return fmt.Errorf("unit %d: total %d, unique %d is not its result", id, total, unique)
	}
	return nil
}
func (e *fakeEngine) CheckRecord(r checkpoint.Record) error {
	return e.CheckUnit(r.Unit, r.Total, r.Unique)
}
func (e *fakeEngine) Count(ctx context.Context, ids []int, _ int, done func(tally.UnitResult) error) error {
	for k, id := range ids {
		if e.stopAfter > 0 && k == e.stopAfter {
			return errStopped
		}
		e.counted = append(e.counted, id)
		if err := done(e.result(id)); err != nil {
			return err
		}
	}
	return ctx.Err()
}
func (e *fakeEngine) Burnside(_ context.Context, res *Result, all []tally.UnitResult, _ func(int) bool, _ string) error {
	e.checked, e.whole = true, all
	return nil
}

// sums returns the totals of the fake units ids.
func (e *fakeEngine) sums(ids []int) (total, unique uint64, cost float64) {
	for _, id := range ids {
		u := e.result(id)
		total, unique, cost = total+u.Total, unique+u.Unique, cost+e.Costs()[id]
	}
	return total, unique, cost
}

func TestCountEngineWholeAndShard(t *testing.T) {
	for _, s := range []Shard{{}, {Index: 1, Count: 3}, {Index: 2, Count: 3, Replicas: 2}} {
		e := newFake(10)
		sel, _ := shardIDs(e, s)
		// In falling order: the results come back unsorted.
		slices.Reverse(sel)
		var last Progress
		calls := 0
		opts := Options{Shard: s, Progress: func(p Progress) { last = p; calls++ }}
		res, err := Count(context.Background(), e, sel, opts, Result{N: 10})
		if err != nil {
			t.Fatalf("shard %q: %v", s, err)
		}
		total, unique, cost := e.sums(sel)
		if res.Solutions != (tally.Uint128{Lo: total}) || res.Unique != (tally.Uint128{Lo: unique}) || res.Nodes != uint64(len(sel)) || res.Units != len(sel) {
			t.Errorf("shard %q: totals %v, %v, nodes %d, units %d; want %d, %d, %d, %d", s, res.Solutions, res.Unique, res.Nodes, res.Units, total, unique, len(sel), len(sel))
		}
		if calls != len(sel)+1 || last.UnitsDone != len(sel) || last.CostDone != cost || last.CostTotal != cost {
			t.Errorf("shard %q: %d progress calls, last %+v; want %d, all %d units and cost %g done", s, calls, last, len(sel)+1, len(sel), cost)
		}
		if !slices.Equal(e.counted, sel) {
			t.Errorf("shard %q: counted %v; want %v", s, e.counted, sel)
		}
		slices.Sort(sel)
		if s == (Shard{}) {
			if !e.checked || len(e.whole) != len(sel) || res.UnitResults != nil {
				t.Errorf("whole count: burnside called %v with %d units, %d unit results; want true, %d, 0", e.checked, len(e.whole), len(res.UnitResults), len(sel))
			}
			continue
		}
		var ids []int
		for _, u := range res.UnitResults {
			ids = append(ids, u.ID)
			if u != e.result(u.ID) {
				t.Errorf("shard %q: unit result %+v; want %+v", s, u, e.result(u.ID))
			}
		}
		if e.checked || !slices.Equal(ids, sel) || res.PlanDigest != "fake-digest" || res.Shard != s {
			t.Errorf("shard %q: burnside called %v, unit results %v, digest %q, shard %q; want false, %v, fake-digest, %q", s, e.checked, ids, res.PlanDigest, res.Shard, sel, s)
		}
	}
}

func TestCountEngineCheckpoint(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fake.ckpt")
	opts := Options{Checkpoint: path}
	first := newFake(10)
	first.stopAfter = 4
	_, err := Count(context.Background(), first, allIDs(len(first.Costs())), opts, Result{N: 10})
	if !errors.Is(err, errStopped) {
		t.Fatalf("first run: %v; want errStopped", err)
	}

	// The units of the first run are resumed, and not counted again.
	again := newFake(10)
	var progs []Progress
	opts.Progress = func(p Progress) { progs = append(progs, p) }
	res, err := Count(context.Background(), again, allIDs(len(again.Costs())), opts, Result{N: 10})
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{4, 5, 6, 7, 8, 9}; !slices.Equal(again.counted, want) {
		t.Errorf("resumed run counted %v; want %v", again.counted, want)
	}
	total, _, _ := again.sums(allIDs(10))
	_, _, resumedCost := again.sums([]int{0, 1, 2, 3})
	if res.Solutions != (tally.Uint128{Lo: total}) || res.Resumed != 4 || res.Nodes != 6 {
		t.Errorf("resumed run: total %v, resumed %d, nodes %d; want %d, 4, 6 (this run's)", res.Solutions, res.Resumed, res.Nodes, total)
	}
	if p := progs[0]; p.UnitsDone != 4 || p.Resumed != 4 || p.CostResumed != resumedCost || p.CostDone != resumedCost {
		t.Errorf("first progress %+v; want 4 units done and resumed, cost %g", p, resumedCost)
	}
	if !again.checked || len(again.whole) != 10 {
		t.Errorf("burnside called %v with %d units; want true, 10", again.checked, len(again.whole))
	}

	// A record its engine refuses, and a checkpoint of another
	// decomposition, are refused.
	bad := newFake(10)
	bad.refuse = 2
	if _, err := Count(context.Background(), bad, allIDs(10), Options{Checkpoint: path}, Result{N: 10}); !errors.Is(err, ErrCheckpoint) || len(bad.counted) != 0 {
		t.Errorf("a refused record: %v, counted %v; want ErrCheckpoint, nothing counted", err, bad.counted)
	}
	other := newFake(10)
	other.ver = "fake-v2"
	if _, err := Count(context.Background(), other, allIDs(10), Options{Checkpoint: path}, Result{N: 10}); !errors.Is(err, ErrCheckpoint) || len(other.counted) != 0 {
		t.Errorf("another decomposition's checkpoint: %v, counted %v; want ErrCheckpoint, nothing counted", err, other.counted)
	}
}

func TestEngines(t *testing.T) {
	for _, k := range methods {
		i := k.Info()
		if ByMethod(i.Method) == nil || ByVersion(i.Version) == nil || ByVersion(i.UnitsVersion) == nil || ByRecord(i.Record) == nil ||
			ByMethod(i.Method).Info() != i || ByVersion(i.Version).Info() != i || ByVersion(i.UnitsVersion).Info() != i || ByRecord(i.Record).Info() != i {
			t.Errorf("method %s: ByMethod, ByVersion(%q), ByVersion(%q), ByRecord(%q) do not all find it", i.Method, i.Version, i.UnitsVersion, i.Record)
		}
		if got := methodFor(i.Version); got != i.Method {
			t.Errorf("methodFor(%q) = %s; want %s", i.Version, got, i.Method)
		}
		for _, n := range []int{4, 9} {
			e, err := k.Units(n)
			if err != nil {
				t.Fatalf("method %s: Units(%d): %v", i.Method, n, err)
			}
			if e.Info() != i || i.UnitsVersion == "" || len(e.Costs()) == 0 {
				t.Errorf("method %s, n = %d: info %+v, %d units; want %+v and some", i.Method, n, e.Info(), len(e.Costs()), i)
			}
			p := shardPlan(e)
			for _, s := range []Shard{{Index: 0, Count: 2}, {Index: 1, Count: 3, Replicas: 2}} {
				got, err := shardIDs(e, s)
				if want := p.Assign(s.Count, s.R())[s.Index]; err != nil || !slices.Equal(got, want) {
					t.Errorf("method %s, n = %d, shard %q: shardIDs = %v; shard.Plan.Assign gives %v", i.Method, n, s, got, want)
				}
			}
		}
		if _, err := k.Units(65); err == nil {
			t.Errorf("method %s: Units(65) has no error", i.Method)
		}
	}
	for _, m := range []string{"arrays", "matrix", "permutation"} {
		if ByMethod(m) != nil {
			t.Errorf("ByMethod(%s) is not nil: it has no units", m)
		}
	}
}
