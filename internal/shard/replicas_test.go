package shard

import (
	"container/heap"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/nqueens/nqueens/internal/tally"
)

// lptOne is Assign as it was before replicas, kept here as the
// reference that AssignReplicas with r = 1 must equal: the least loaded
// shard, ties to the lowest index, found by heap.Fix.
func lptOne(costs []float64, m int) [][]int {
	order := make([]int, len(costs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case costs[a] > costs[b]:
			return -1
		case costs[a] < costs[b]:
			return 1
		}
		return 0
	})
	h := make(loads, m)
	for i := range h {
		h[i].shard, h[i].tie = i, i
	}
	out := make([][]int, m)
	for _, id := range order {
		out[h[0].shard] = append(out[h[0].shard], id)
		h[0].cost += costs[id]
		heap.Fix(&h, 0)
	}
	for _, ids := range out {
		slices.Sort(ids)
	}
	return out
}

// randomCosts returns k costs drawn from a few shapes of plan: uniform,
// heavy-tailed, and with many equal costs (ties).
func randomCosts(rng *rand.Rand, k int) []float64 {
	c := make([]float64, k)
	shape := rng.IntN(3)
	for i := range c {
		switch shape {
		case 0:
			c[i] = rng.Float64() * 100
		case 1:
			c[i] = 1 / (rng.Float64() + 0.001)
		default:
			c[i] = float64(rng.IntN(4) + 1)
		}
	}
	return c
}

func TestAssignReplicasOneIsAssign(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		costs := randomCosts(rng, rng.IntN(300))
		m := 1 + rng.IntN(40)
		got, want := AssignReplicas(costs, m, 1), lptOne(costs, m)
		if !slices.EqualFunc(got, want, slices.Equal) {
			t.Fatalf("trial %d: AssignReplicas(%d costs, m = %d, r = 1) differs from the LPT rule without replicas:\n got %v\nwant %v", trial, len(costs), m, got, want)
		}
		if a := Assign(costs, m); !slices.EqualFunc(a, want, slices.Equal) {
			t.Fatalf("trial %d: Assign(%d costs, m = %d) differs from the LPT rule", trial, len(costs), m)
		}
	}
}

func TestAssignReplicas(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 300 {
		costs := randomCosts(rng, rng.IntN(400))
		m := 1 + rng.IntN(33)
		r := 1 + rng.IntN(m)
		got := AssignReplicas(costs, m, r)
		name := fmt.Sprintf("trial %d: AssignReplicas(%d costs, m = %d, r = %d)", trial, len(costs), m, r)
		if len(got) != m {
			t.Fatalf("%s gave %d shards", name, len(got))
		}
		in := make([][]int, len(costs)) // unit -> its shards
		load := make([]float64, m)
		for s, ids := range got {
			if !slices.IsSorted(ids) || len(slices.Compact(slices.Clone(ids))) != len(ids) {
				t.Fatalf("%s: shard %d ids %v not ascending and distinct", name, s, ids)
			}
			for _, id := range ids {
				in[id] = append(in[id], s)
				load[s] += costs[id]
			}
		}
		for id, shards := range in {
			if len(shards) != r {
				t.Fatalf("%s: unit %d is in shards %v; want %d different shards", name, id, shards, r)
			}
		}
		// The stated bound: no two shards' costs differ by more than
		// the largest unit's (a tiny slack for float rounding).
		largest, sum := 0.0, 0.0
		for _, c := range costs {
			largest = max(largest, c)
			sum += c
		}
		lo, hi := slices.Min(load), slices.Max(load)
		if hi-lo > largest*(1+1e-9) {
			t.Errorf("%s: shard costs from %v to %v differ by more than the largest unit %v", name, lo, hi, largest)
		}
		if mean := float64(r) * sum / float64(m); hi > mean+largest*(1+1e-9) || lo < mean-largest*(1+1e-9) {
			t.Errorf("%s: shard costs %v..%v; want within %v of the mean %v", name, lo, hi, largest, mean)
		}
		if again := AssignReplicas(costs, m, r); !slices.EqualFunc(again, got, slices.Equal) {
			t.Errorf("%s is not deterministic", name)
		}
	}
}

func TestAssignReplicasSpread(t *testing.T) {
	// Equal costs and r dividing m: the shards that count the same
	// units are m/r apart, not neighbours.
	costs := slices.Repeat([]float64{1}, 24)
	for _, tc := range []struct{ m, r int }{{8, 2}, {6, 3}, {4, 2}, {9, 3}} {
		got := AssignReplicas(costs, tc.m, tc.r)
		step := tc.m / tc.r
		for s, ids := range got {
			for k := 1; k < tc.r; k++ {
				if o := (s + k*step) % tc.m; !slices.Equal(got[o], ids) {
					t.Errorf("AssignReplicas(24 equal costs, m = %d, r = %d): shard %d holds %v, shard %d %v; want the same units %d apart",
						tc.m, tc.r, s, ids, o, got[o], step)
				}
			}
			if tc.r > 1 && slices.Equal(got[(s+1)%tc.m], ids) {
				t.Errorf("AssignReplicas(m = %d, r = %d): neighbours %d and %d hold the same units %v", tc.m, tc.r, s, (s+1)%tc.m, ids)
			}
		}
	}
}

// replicaSet is the m records of a count of the test plan whose every
// unit is in r shards, named f0, f1, ….
func replicaSet(t *testing.T, method string, m, r int) []Named {
	t.Helper()
	p, _ := testPlan(method, 8)
	var out []Named
	for i, ids := range AssignReplicas(p.Costs, m, r) {
		var units []tally.UnitResult
		for _, id := range ids {
			u := tally.UnitResult{ID: id, Total: uint64(id) * 8}
			if method == "" {
				u.Unique, u.Nodes = uint64(id), 100
			}
			units = append(units, u)
		}
		out = append(out, Named{NewReplicas(method, 8, "test-v1", "plan1", i, m, r, units), fmt.Sprintf("f%d", i)})
	}
	return out
}

// editUnit adds dt to the total and du to the unique count of unit id
// in rec and to its sums, as a consistent edit would: the record stays
// valid.
func editUnit(t *testing.T, rec *Record, id int, dt, du uint64) {
	t.Helper()
	rec.Units = slices.Clone(rec.Units)
	for i := range rec.Units {
		if rec.Units[i].ID == id {
			rec.Units[i].Total += dt
			rec.Units[i].Unique += du
			rec.Solutions = new(big.Int).Add(rec.Solutions, new(big.Int).SetUint64(dt))
			if rec.Unique != nil {
				rec.Unique = new(big.Int).Add(rec.Unique, new(big.Int).SetUint64(du))
			}
			if err := rec.Check(); err != nil {
				t.Fatalf("the edit left the record invalid: %v", err)
			}
			return
		}
	}
	t.Fatalf("%s has no unit %d", rec.Name(), id)
}

func TestCheckReplicas(t *testing.T) {
	const sum = 8 * 190 // the test plan's 20 units, unit id with total 8·id
	for _, method := range []string{"", MethodQuadrant} {
		for _, tc := range []struct{ m, r int }{{2, 2}, {4, 2}, {5, 2}, {3, 3}, {6, 3}} {
			name := fmt.Sprintf("method %q, m = %d, r = %d", method, tc.m, tc.r)
			set := replicaSet(t, method, tc.m, tc.r)
			got, err := Check(set, testPlan)
			if err != nil {
				t.Fatalf("%s: Check = %v", name, err)
			}
			if got.Solutions.Int64() != sum || got.Units != 20 || got.Replicas != tc.r || got.Shards != tc.m {
				t.Errorf("%s: Check = %+v; want solutions %d, 20 units, %d replicas, %d shards", name, got, sum, tc.r, tc.m)
			}
			if method == "" && (got.Unique.Int64() != 190 || got.Nodes != 2000) {
				t.Errorf("%s: unique %v, nodes %d; want 190 and 2000 (each unit once)", name, got.Unique, got.Nodes)
			}
			// One copy edited consistently: refused, naming the unit and
			// every copy's record and source.
			bad := slices.Clone(set)
			rec := bad[1].Record
			id := rec.Units[0].ID
			du := uint64(1) // total +8, unique +1: every other rule kept
			if method == MethodQuadrant {
				du = 0 // totals only: +8 keeps the lemma
			}
			editUnit(t, &rec, id, 8, du)
			bad[1].Record = rec
			_, err = Check(bad, testPlan)
			var re *ReplicaError
			if !errors.As(err, &re) || !errors.Is(err, ErrReplicas) {
				t.Fatalf("%s, f1 edited: Check error = %v; want a *ReplicaError", name, err)
			}
			if re.ID != id || len(re.Copies) != tc.r {
				t.Errorf("%s: ReplicaError unit %d with %d copies; want unit %d with %d", name, re.ID, len(re.Copies), id, tc.r)
			}
			msg := err.Error()
			if !strings.Contains(msg, fmt.Sprintf("unit %d: its %d replicas disagree", id, tc.r)) {
				t.Errorf("%s: %q; want it to name unit %d", name, msg, id)
			}
			for _, c := range re.Copies {
				want := fmt.Sprintf("%s (%s) has total %d", c.Source, c.Record.Name(), c.Unit.Total)
				if !strings.Contains(msg, want) {
					t.Errorf("%s: %q; want it to say %q", name, msg, want)
				}
			}
			if !strings.Contains(msg, fmt.Sprintf("f1 (shard 1/%d) has total %d", tc.m, 8*id+8)) {
				t.Errorf("%s: %q; want the edited copy's total %d in f1", name, msg, 8*id+8)
			}
		}
	}
}

func TestCheckReplicasRefuses(t *testing.T) {
	set := replicaSet(t, "", 4, 2)
	// Two units edited: the first is named, the other counted.
	two := slices.Clone(set)
	rec := two[0].Record
	editUnit(t, &rec, rec.Units[0].ID, 8, 1)
	editUnit(t, &rec, rec.Units[1].ID, 16, 2)
	two[0].Record = rec
	if _, err := Check(two, testPlan); err == nil || !strings.Contains(err.Error(), "(and the replicas of 1 more units disagree)") {
		t.Errorf("two units edited: Check error = %v; want one named and 1 more counted", err)
	}
	// With 3 replicas, a majority of 2 is not trusted either.
	three := replicaSet(t, "", 3, 3)
	rec = three[2].Record
	editUnit(t, &rec, 5, 8, 1)
	three[2].Record = rec
	if _, err := Check(three, testPlan); !errors.Is(err, ErrReplicas) {
		t.Errorf("one copy of 3 edited: Check error = %v; want ErrReplicas", err)
	}
	// The same edit made to every copy is what replicas cannot see.
	both := slices.Clone(set)
	for i := range both {
		rec := both[i].Record
		if slices.Contains(rec.IDs(), 7) {
			editUnit(t, &rec, 7, 8, 1)
			both[i].Record = rec
		}
	}
	if m, err := Check(both, testPlan); err != nil || m.Solutions.Int64() != 8*190+8 {
		t.Errorf("every copy edited alike: Check = %+v, %v; want it accepted with the edited total (only a recount sees it)", m, err)
	}
	for _, tc := range []struct {
		name string
		recs []Named
		want string
	}{
		{"missing shard", set[:3], "missing shard 3 of 4 (have 3 of 4) (with replicas too, every shard is needed"},
		{"different R", append(slices.Clone(set[:2]), replicaSet(t, "", 4, 1)[2:]...),
			"f2 (shard 2/4) counts each unit in 1 shard, but f0 (shard 0/4) in 2 shards: records of different -replicas do not merge"},
		{"R = 3 set with M = 4", replicaSet(t, "", 4, 3)[:1], "missing shard 1, 2, 3 of 4"},
		{"shard of another R's assignment", append(slices.Clone(set[:3]), Named{withReplicas(replicaSet(t, "", 4, 3)[3].Record, 2), "f3"}),
			"shard 3/4 (f3) holds"},
	} {
		_, err := Check(tc.recs, testPlan)
		if !errors.Is(err, ErrSet) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Check error = %v; want ErrSet with %q", tc.name, err, tc.want)
		}
	}
}

// withReplicas returns rec claiming r replicas.
func withReplicas(rec Record, r int) Record {
	rec.Replicas = r
	return rec
}

func TestRecordReplicas(t *testing.T) {
	// R = 1: the record of a count without replicas, byte for byte.
	units := []tally.UnitResult{{ID: 1, Total: 8, Unique: 1, Nodes: 5}, {ID: 3, Total: 16, Unique: 2, Nodes: 7}}
	one, _ := json.Marshal(NewReplicas("", 8, "test-v1", "plan1", 0, 2, 1, slices.Clone(units)))
	old, _ := json.Marshal(New("", 8, "test-v1", "plan1", 0, 2, slices.Clone(units)))
	if string(one) != string(old) || strings.Contains(string(one), "replicas") {
		t.Errorf("NewReplicas(r = 1) = %s; want %s, without a replicas field", one, old)
	}
	two := NewReplicas("", 8, "test-v1", "plan1", 0, 2, 2, slices.Clone(units))
	b, _ := json.Marshal(two)
	if !strings.Contains(string(b), `"shards":2,"replicas":2,`) {
		t.Errorf("NewReplicas(r = 2) = %s; want \"replicas\":2 after shards", b)
	}
	back, err := Parse(b)
	if err != nil || back.Replicas != 2 || back.Copies() != 2 {
		t.Errorf("Parse(%s) = %+v, %v; want replicas 2", b, back, err)
	}
	for name, s := range map[string]string{
		"R > M":    strings.Replace(string(b), `"replicas":2`, `"replicas":3`, 1),
		"negative": strings.Replace(string(b), `"replicas":2`, `"replicas":-1`, 1),
	} {
		if _, err := Parse([]byte(s)); !errors.Is(err, ErrRecord) || !strings.Contains(err.Error(), "want 1 ≤ R ≤ M") {
			t.Errorf("%s: Parse error = %v; want ErrRecord with 1 ≤ R ≤ M", name, err)
		}
	}
}

// FuzzCheckReplicas edits one unit of one record of a set with replicas
// consistently (the record stays valid): Check must refuse any change
// when R ≥ 2, and accept the set unchanged.
func FuzzCheckReplicas(f *testing.F) {
	f.Add(uint8(4), uint8(2), uint8(1), uint8(0), uint16(8), uint16(1))
	f.Add(uint8(6), uint8(3), uint8(5), uint8(2), uint16(0), uint16(0))
	f.Add(uint8(3), uint8(1), uint8(0), uint8(1), uint16(8), uint16(1))
	f.Fuzz(func(t *testing.T, m, r, rec, unit uint8, dt, du uint16) {
		M := int(m%8) + 1
		R := int(r)%M + 1
		set := replicaSet(t, "", M, R)
		i := int(rec) % M
		if len(set[i].Units) == 0 {
			return
		}
		edited := set[i].Record
		id := edited.Units[int(unit)%len(edited.Units)].ID
		editUnit(t, &edited, id, uint64(dt), uint64(du))
		set[i].Record = edited
		got, err := Check(set, testPlan)
		switch changed := dt != 0 || du != 0; {
		case !changed && (err != nil || got.Solutions.Int64() != 8*190):
			t.Fatalf("m = %d, r = %d, unchanged: Check = %+v, %v", M, R, got, err)
		case changed && R > 1 && !errors.Is(err, ErrReplicas):
			t.Fatalf("m = %d, r = %d, unit %d of shard %d edited by %d, %d: Check error %v; want ErrReplicas", M, R, id, i, dt, du, err)
		}
	})
}
