package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/nqueens/nqueens"
)

var mergeCmd = &command{
	name:    "merge",
	run:     runMerge,
	args:    "FILE... [flags]",
	summary: "add up the shard records of 'count -shard' into the exact total",
	help: `Reads the JSON records that 'nqueens count N -shard I/M' wrote (one per
file, or many per file as JSON Lines; "-" is standard input), checks that
shards 0..M-1 of the same N and decomposition are each present exactly
once and hold exactly the units the plan gives them, and prints the exact
total (128-bit). Records of the quadrant join (count -total-only from
N = 18, or -method join) hold totals only, and so does their merge;
records of the kernel and of the quadrant join never merge together. A
missing, duplicated or mismatched shard, or a mix of methods, is an error
that names it and its file (exit 1), given at the file that brings it,
before the files after it are read; an unreadable record exits 2, and so
does a file (or standard input) that repeats a shard or holds records of
two counts, at the record that does.

Before adding up, every unit's result is checked against what its unit
can hold (see "Trust" in docs/LONG-COUNTS.md), and a merge of the kernel's records
against Burnside's lemma, 8·unique − total = S180 + 2·S90 (the solutions
the half and the quarter turn map onto themselves, counted here); a
failure names the record and unit at fault and the command that counts
its shard again. Quadrant records hold totals only: their merge is
checked by the lemma as a whole (the total plus S180 + 2·S90 is a
multiple of 8), and a failure names every file. Neither check can see
an edit that keeps the identity: a unit's total +8 with its unique +1.

Records of 'count -shard I/M -replicas R' hold every unit R times, in
R different shards: merge compares the copies and adds up each unit
once, only if all its copies agree. Copies that disagree (even when a
majority agrees) are refused, naming the unit, every copy's shard and
file, and the commands that count those shards again (exit 1). That
catches an edit which keeps every other rule, unless it is made to all
R copies. All M shards are needed with replicas too, and records of
different R do not merge.

-recompute K counts K units chosen at random again on this machine and
compares them with their records: a cheap check against a faulty
machine. The seed is printed so that the check can be repeated, with the
chance that one wrong unit among the U units escaped the K samples,
(U−K)/U.

Examples:
  nqueens merge results/shard-*.json
  nqueens merge -recompute 20 results/shard-*.json
  nqueens merge r*.json      the shards of count -shard I/M -replicas 2
  cat shards.jsonl | nqueens merge -`,
}

type mergeJSON struct {
	N          int              `json:"n"`
	Solutions  nqueens.Uint128  `json:"solutions"`
	Unique     *nqueens.Uint128 `json:"unique,omitempty"` // nil: totals only
	Nodes      uint64           `json:"nodes"`
	Method     nqueens.Method   `json:"method"`
	Shards     int              `json:"shards"`
	Replicas   int              `json:"replicas,omitempty"` // R ≥ 2; left out for 1
	Units      int              `json:"units"`
	Recomputed int              `json:"recomputed,omitempty"`
	Seed       uint64           `json:"seed,omitempty"`
	// Escape is the chance that one wrong unit escaped the recomputed
	// sample: (units − recomputed)/units. Only with -recompute.
	Escape *float64 `json:"escape,omitempty"`
}

// oneCount reports whether the records r of a file can join recs, the
// records of the files before it, in one count: the same count as
// recs[0], and shards that none of recs holds (shards: their indexes,
// to which it adds r's). Each file holds at most M records of its first
// record's count (nqueens.ReadShardRecords), so merge holds at most M
// records in all, whatever it is given.
func oneCount(recs, r []nqueens.ShardRecord, shards map[int]bool) bool {
	if len(recs) == 0 && len(r) > 0 {
		recs = r[:1]
	}
	f := recs[0]
	for _, x := range r {
		if x.N != f.N || x.Method != f.Method || x.Version != f.Version || x.Plan != f.Plan ||
			x.Shard.Count != f.Shard.Count || max(x.Shard.Replicas, 1) != max(f.Shard.Replicas, 1) || shards[x.Shard.Index] {
			return false
		}
		shards[x.Shard.Index] = true
	}
	return true
}

// escape is the probability that a single wrong unit among units is not
// among k drawn without replacement: (units − k)/units.
func escape(units, k int) float64 {
	if units <= 0 || k >= units {
		return 0
	}
	return float64(units-k) / float64(units)
}

func runMerge(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e)
	recompute := fs.Int("recompute", 0, "recompute `K` units chosen at random and compare them with the records")
	seed := fs.Uint64("seed", 0, "seed `S` for -recompute's choice (0 = draw one, printed)")
	workers := fs.Int("workers", 0, "-recompute on `W` goroutines (0 = one per core)")
	format := fs.formatFlag("text", "output `FORMAT`: text or json (one object)")
	files, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return usagef("want the shard record files")
	}
	if err := checkFormat(*format, "text", "json"); err != nil {
		return err
	}
	if *recompute < 0 || *workers < 0 {
		return usagef("-recompute and -workers must be 0 or more")
	}
	if i := slices.Index(files, "-"); i >= 0 && slices.Contains(files[i+1:], "-") {
		return usagef("- is given twice: standard input can be read once")
	}
	var (
		recs    []nqueens.ShardRecord
		indexes = map[int]bool{} // the shard indexes of recs
	)
	for _, name := range files {
		in, source, closeIn, err := openInput(ctx, e, name)
		if err != nil {
			return err
		}
		r, err := nqueens.ReadShardRecords(ctx, in, source)
		closeIn()
		switch {
		case errors.Is(err, nqueens.ErrShard):
			return usagef("%v", err)
		case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
			return err
		case err != nil:
			return fmt.Errorf("reading %s: %w", source, pathErr(err))
		}
		if !oneCount(recs, r, indexes) {
			// A second copy of a shard, or a record of another count:
			// refused at once, with the words of the whole set's check.
			if _, err := nqueens.MergeShards(append(recs, r...)); err != nil {
				return answerNo(err.Error())
			}
		}
		recs = append(recs, r...)
	}
	res, err := nqueens.MergeShards(recs)
	if err != nil {
		return answerNo(err.Error()) // not one complete count: exit 1, as documented
	}
	out := mergeJSON{N: res.N, Solutions: res.Solutions, Nodes: res.Nodes, Method: res.Method, Shards: res.Shard.Count, Replicas: res.Shard.Replicas, Units: res.Units}
	if res.UniqueCounted() {
		out.Unique = &res.Unique
	}
	if *recompute > 0 {
		if *seed == 0 {
			*seed = rand.Uint64() | 1
		}
		got, err := nqueens.VerifyShards(ctx, recs, *recompute, *seed, *workers)
		if errors.Is(err, nqueens.ErrVerify) {
			return answerNo(fmt.Sprintf("%v (seed %d)", err, *seed))
		}
		if err != nil {
			return err
		}
		out.Recomputed, out.Seed = len(got), *seed
		p := escape(out.Units, out.Recomputed)
		out.Escape = &p
	}
	if *format == "json" {
		b, _ := json.Marshal(out)
		fmt.Fprintf(e.stdout, "%s\n", b)
		return nil
	}
	shards := fmt.Sprintf("%d shards", out.Shards)
	if out.Replicas > 1 {
		shards += fmt.Sprintf(", %d replicas agree", out.Replicas)
	}
	switch {
	case res.UniqueCounted() && res.Method == nqueens.MethodJoin:
		fmt.Fprintf(e.stdout, "%d-queens: %s solutions, %s unique (%s, %d units; method %s, unique by symmetry)\n", res.N, res.Solutions, res.Unique, shards, out.Units, res.Method)
	case res.UniqueCounted():
		fmt.Fprintf(e.stdout, "%d-queens: %s solutions, %s unique (%s, %d units)\n", res.N, res.Solutions, res.Unique, shards, out.Units)
	default:
		fmt.Fprintf(e.stdout, "%d-queens: %s solutions (%s, %d units; method %s, totals only)\n", res.N, res.Solutions, shards, out.Units, res.Method)
	}
	if out.Recomputed > 0 {
		fmt.Fprintf(e.stdout, "recomputed %d units (seed %d): all match their records; one wrong unit among the %d would escape this check with probability %.4g (%d/%d)\n",
			out.Recomputed, out.Seed, out.Units, *out.Escape, out.Units-out.Recomputed, out.Units)
	}
	return nil
}
