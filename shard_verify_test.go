package nqueens

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// editCopy adds dt to the total and du to the unique count of unit id in
// rec, and to rec's sums, and reads the record back from its JSON: a
// record valid by itself.
func editCopy(t *testing.T, rec *ShardRecord, id int, dt uint64, du int64) {
	t.Helper()
	rec.Units = append([]UnitResult(nil), rec.Units...)
	for j := range rec.Units {
		if rec.Units[j].ID != id {
			continue
		}
		rec.Units[j].Total += dt
		rec.Solutions, _ = rec.Solutions.Add64(dt)
		switch {
		case du > 0:
			rec.Units[j].Unique += uint64(du)
			rec.Unique, _ = rec.Unique.Add64(uint64(du))
		case du < 0:
			rec.Units[j].Unique -= uint64(-du)
			rec.Unique = rec.Unique.sub64(uint64(-du))
		}
		b, _ := json.Marshal(*rec)
		back, err := ParseShardRecords(b, rec.Source)
		if err != nil {
			t.Fatalf("the edited record does not parse: %v", err)
		}
		*rec = back[0]
		return
	}
	t.Fatalf("%s has no unit %d", rec.Source, id)
}

// laterCopy returns a unit id whose copies are in two records of recs
// and the index of the later of those records: a copy that is not the
// first of its unit in the order of recs.
func laterCopy(t *testing.T, recs []ShardRecord) (id, rec int) {
	t.Helper()
	first := map[int]int{}
	for i, r := range recs {
		for _, u := range r.Units {
			if _, ok := first[u.ID]; ok && u.Total > 0 {
				return u.ID, i
			}
			if _, ok := first[u.ID]; !ok {
				first[u.ID] = i
			}
		}
	}
	t.Fatal("no unit with a nonzero total is in two records")
	return 0, 0
}

// TestVerifyShardsEveryCopy: VerifyShards (merge --recompute) compares
// the recount of a unit with every copy of it, not only the first in
// the order of the records, and compares the unique count as well as
// the total where the method counts it (Bitboard): an edit of a later
// copy, or of the unique count alone, is ErrVerify naming the edited
// record. Totals-only records (Quadrant) verify without a unique count.
func TestVerifyShardsEveryCopy(t *testing.T) {
	const n = 12
	for _, c := range []struct {
		name   string
		method Method
		r      int
		dt     uint64
		du     int64
		later  bool // edit a copy that is not its unit's first
	}{
		{"bitboard, 2 replicas: later copy total+8, unique+1", MethodKernel, 2, 8, 1, true},
		{"bitboard, 2 replicas: later copy unique+1 alone", MethodKernel, 2, 0, 1, true},
		{"bitboard, 3 replicas: later copy total+8, unique+1", MethodKernel, 3, 8, 1, true},
		{"quadrant, 2 replicas: later copy total+8", MethodJoin, 2, 8, 0, true},
		{"bitboard, 1 copy: unique+1 alone", MethodKernel, 1, 0, 1, false},
		{"bitboard, 1 copy: unique−1 alone", MethodKernel, 1, 0, -1, false},
	} {
		recs := countShards(t, c.method, n, 4, c.r, "r%d.json")
		if got, err := VerifyShards(context.Background(), recs, 1<<20, 1, 2); err != nil || len(got) == 0 {
			t.Fatalf("%s: VerifyShards of the untampered records = %d units, %v; want nil", c.name, len(got), err)
		}
		var id, at int
		if c.later {
			id, at = laterCopy(t, recs)
		} else {
			for i, r := range recs {
				for _, u := range r.Units {
					if u.Unique > 0 && id == 0 {
						id, at = u.ID, i
					}
				}
			}
		}
		bad := append([]ShardRecord(nil), recs...)
		editCopy(t, &bad[at], id, c.dt, c.du)
		_, err := VerifyShards(context.Background(), bad, 1<<20, 1, 2)
		want := fmt.Sprintf("n = %d unit %d of shard %s (%s)", n, id, bad[at].Shard, bad[at].Source)
		if !errors.Is(err, ErrVerify) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: VerifyShards error = %v; want ErrVerify naming %q", c.name, err, want)
		}
		if err != nil && c.method == MethodJoin && strings.Contains(err.Error(), "unique") {
			t.Errorf("%s: VerifyShards error %q names a unique count the method does not have", c.name, err)
		}
	}
}
