package nqueens_test

import (
	"context"
	"fmt"

	"github.com/nqueens/nqueens"
)

// Three machines each count one shard; their records add up to the
// count.
func ExampleMergeShards() {
	var recs []nqueens.ShardRecord
	for i := range 3 {
		res, err := nqueens.Count(context.Background(), 10, nqueens.CountOptions{Shard: nqueens.Shard{Index: i, Count: 3}})
		if err != nil {
			panic(err)
		}
		rec, err := res.ShardRecord() // json.Marshal(rec) is what "count --shard" writes
		if err != nil {
			panic(err)
		}
		recs = append(recs, rec)
	}
	total, err := nqueens.MergeShards(recs)
	fmt.Println(total.Solutions, total.Unique, err)
	// Output: 724 92 <nil>
}

func ExampleCountOptions_progress() {
	last := 0
	res, _ := nqueens.Count(context.Background(), 12, nqueens.CountOptions{
		Progress: func(p nqueens.Progress) { last = p.UnitsDone }, // called after each unit
	})
	fmt.Println(res.Solutions, last == res.Units)
	// Output: 14200 true
}
