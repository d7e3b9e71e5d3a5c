package nqueens

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// countShards counts n by method in m shards, each unit in r of them
// (r ≤ 1: one), and returns the records as read back from their JSON.
// A record's Source is name formatted with its shard: "%d" takes its
// index ("r%d.json": r0.json, …), "%v" the shard ("q%v": q0/3, …). A
// join record must name its method as records always have, quadrant,
// and hold totals only.
func countShards(t *testing.T, method Method, n, m, r int, name string) []ShardRecord {
	t.Helper()
	var recs []ShardRecord
	for i := range m {
		s, err := Shard{Index: i, Count: m}.WithReplicas(max(r, 1))
		if err != nil {
			t.Fatal(err)
		}
		res, err := Count(context.Background(), n, CountOptions{Workers: 2, Method: method, Shard: s})
		if err != nil {
			t.Fatalf("Count(%d, %s, shard %v): %v", n, method, s, err)
		}
		if res.Units != len(res.UnitResults) || res.Shard != s {
			t.Fatalf("Count(%d, %s, shard %v) = %d units, %d results, shard %v", n, method, s, res.Units, len(res.UnitResults), res.Shard)
		}
		rec, err := res.ShardRecord()
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		if js := string(b); res.Method == MethodJoin && (!strings.Contains(js, `"method":"quadrant"`) || strings.Contains(js, "unique")) {
			t.Fatalf("join shard record %s; want the method's recorded name quadrant and no unique count", js)
		}
		source := fmt.Sprintf(name, i)
		if strings.Contains(name, "%v") {
			source = fmt.Sprintf(name, Shard{Index: i, Count: m})
		}
		back, err := ParseShardRecords(b, source)
		if err != nil {
			t.Fatalf("ParseShardRecords(%s): %v", b, err)
		}
		recs = append(recs, back...)
	}
	return recs
}
