package shard

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/nqueens/nqueens/internal/tally"
	"github.com/nqueens/nqueens/internal/testio"
)

// TestReadAllRepeatedShard: a stream that repeats a record (yes(1) of
// one record) is refused at the second copy, having read little: merge
// held every copy until the input ended (the review's defect 1).
func TestReadAllRepeatedShard(t *testing.T) {
	b, _ := json.Marshal(record(t, 1, 3))
	in := testio.Repeat(string(b)+"\n", 8<<20)
	_, err := ReadAll(context.Background(), in)
	if want := "record 2: bad shard record: shard 1/3 again: record 1 is shard 1/3 too"; !errors.Is(err, ErrRecord) || !strings.Contains(err.Error(), want) {
		t.Errorf("ReadAll(a record repeated) = %v; want %q", err, want)
	}
	if in.N > 1<<20 {
		t.Errorf("ReadAll(a record repeated) read %d bytes; want at most 1 MiB", in.N)
	}
	// The records of one count, each shard once, are read as before.
	var all []byte
	for i := range 3 {
		b, _ := json.Marshal(record(t, i, 3))
		all = append(append(all, b...), '\n')
	}
	if recs, err := ParseAll(all); err != nil || len(recs) != 3 {
		t.Errorf("ParseAll(shards 0, 1, 2 of 3) = %d records, %v; want 3, nil", len(recs), err)
	}
}

// TestReadAllOneCount: a record of another count than the first is
// refused at its header, before any of its units is read.
func TestReadAllOneCount(t *testing.T) {
	first, _ := json.Marshal(record(t, 0, 3))
	for name, hdr := range map[string]string{
		"other n":        `{"format":"nqueens-shard/1","n":9,"version":"test-v1","plan":"plan1","shard":1,"shards":3,"units_done":2000000,"units":[`,
		"other M":        `{"format":"nqueens-shard/1","n":8,"version":"test-v1","plan":"plan1","shard":1,"shards":4,"units_done":2000000,"units":[`,
		"other R":        `{"format":"nqueens-shard/1","n":8,"version":"test-v1","plan":"plan1","shard":1,"shards":3,"replicas":2,"units_done":2000000,"units":[`,
		"other method":   `{"format":"nqueens-shard/1","n":8,"method":"quadrant","version":"test-v1","plan":"plan1","shard":1,"shards":3,"units_done":2000000,"units":[`,
		"other plan":     `{"format":"nqueens-shard/1","n":8,"version":"test-v1","plan":"plan2","shard":1,"shards":3,"units_done":2000000,"units":[`,
		"repeated shard": `{"format":"nqueens-shard/1","n":8,"version":"test-v1","plan":"plan1","shard":0,"shards":3,"units_done":2000000,"units":[`,
	} {
		in := unitsAfter(string(first)+"\n"+hdr, 64<<20)
		_, err := ReadAll(context.Background(), in)
		if !errors.Is(err, ErrRecord) || !strings.Contains(err.Error(), "record 2: ") || in.N > 64<<10 {
			t.Errorf("%s: ReadAll = %v after %d bytes; want record 2 refused, at most 64 KiB read", name, err, in.N)
		}
	}
}

// unitsAfter is prefix, then units {"id":0,"total":8,"unique":1},
// {"id":1,…} without end, cut at limit bytes.
func unitsAfter(prefix string, limit int64) *testio.Endless {
	var buf []byte
	k := 0
	e := &testio.Endless{Limit: limit}
	e.Next = func(p []byte) {
		for len(buf) < len(p) {
			if k == 0 {
				buf = append(buf, prefix...)
			}
			buf = fmt.Appendf(buf, `{"id":%d,"total":8,"unique":1},`, k)
			k++
		}
		copy(p, buf)
		buf = buf[len(p):]
	}
	return e
}

// TestReadAllUnitsBound: the records of one input hold at most R × U
// units in all (U the plan's units, as the header check gives it): a
// record whose units_done passes that is refused at its header.
func TestReadAllUnitsBound(t *testing.T) {
	const planUnits = 30
	check := func(*Record) (int, error) { return planUnits, nil }
	rec := func(i, m, r, units int) string {
		var us []tally.UnitResult
		for id := range units {
			us = append(us, tally.UnitResult{ID: id, Total: 8, Unique: 1})
		}
		b, _ := json.Marshal(NewReplicas("", 8, "v", "p", i, m, r, us))
		return string(b) + "\n"
	}
	for _, tc := range []struct {
		name string
		in   string
		want string // "" for no error
	}{
		{"R × U units", rec(0, 3, 1, 10) + rec(1, 3, 1, 10) + rec(2, 3, 1, 10), ""},
		{"R × U + 1 units", rec(0, 3, 1, 10) + rec(1, 3, 1, 10) + rec(2, 3, 1, 11),
			"record 3: bad shard record: shard 2/3: units_done = 11, and the records before it hold 20 units: more than the 30 of a whole count (1 copy of the plan's 30 units)"},
		{"2 replicas", rec(0, 3, 2, 30) + rec(1, 3, 2, 30) + rec(2, 3, 2, 1), "more than the 60 of a whole count (2 copies"},
	} {
		_, err := ReadAllFor(context.Background(), strings.NewReader(tc.in), check)
		if tc.want == "" && err != nil || tc.want != "" && (!errors.Is(err, ErrRecord) || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s: ReadAllFor = %v; want %q", tc.name, err, tc.want)
		}
	}
}

// TestParseShardRange: a record without a unit list is checked as one
// with: shard I = M is refused (the mutation audit's S3: headerFirst saw
// only records with "units", and Check then panicked on such a record).
func TestParseShardRange(t *testing.T) {
	const rec = `{"format":"nqueens-shard/1","n":8,"version":"v","plan":"p","shard":%d,"shards":1,"units_done":0,"solutions":0,"unique":0,"nodes":0,"digest":"%s"}`
	if _, err := Parse(fmt.Appendf(nil, rec, 0, Digest(nil))); err != nil {
		t.Fatalf("Parse(shard 0 of 1, no units) = %v; want it accepted", err)
	}
	for _, i := range []int{1, 2, -1} {
		b := fmt.Appendf(nil, rec, i, Digest(nil))
		if _, err := Parse(b); !errors.Is(err, ErrRecord) || !strings.Contains(err.Error(), "want 0 ≤ I < M") {
			t.Errorf("Parse(shard %d of 1, no units) = %v; want ErrRecord with 0 ≤ I < M", i, err)
		}
		r := New("", 8, "v", "p", 0, 1, nil)
		r.Shard = i
		if _, err := Check([]Named{{r, "f"}}, testPlan); !errors.Is(err, ErrRecord) {
			t.Errorf("Check(shard %d of 1) = %v; want ErrRecord", i, err)
		}
	}
}

// TestRecordFieldMessages: a field of the wrong kind is named in plain
// words, not Go's types ("math/big: cannot unmarshal", "not uint64").
func TestRecordFieldMessages(t *testing.T) {
	good, _ := json.Marshal(record(t, 0, 2))
	r := record(t, 0, 2)
	sol := `"solutions":` + r.Solutions.String()
	for _, tc := range []struct{ old, new, want string }{
		{sol, `"solutions":"5040"`, `field "solutions": want a whole number of at most 39 digits, got the string "5040"`},
		{sol, `"solutions":5040.0`, `field "solutions": want a whole number of at most 39 digits, got 5040.0`},
		{sol, `"solutions":-1`, `field "solutions": want a whole number of at most 39 digits, got -1`},
		{sol, `"solutions":` + strings.Repeat("9", 40), `field "solutions": want a whole number of at most 39 digits, got ` + strings.Repeat("9", 40)},
		{sol, `"solutions":[1]`, `field "solutions": want a whole number of at most 39 digits, got an array`},
		{`"shards":2`, `"shards":99999999999999999999`, `field "shards": want a whole number of at most 18 digits, got 99999999999999999999`},
		{`"n":8`, `"n":"8"`, `field "n": want a whole number of at most 18 digits, got a string`},
		{`"total":10`, `"total":1e400`, `field "units[0].total": want a whole number from 0 to 18446744073709551615, got 1e400`},
		{`"version":"test-v1"`, `"version":7`, `field "version": want a string, got a number`},
	} {
		s := strings.Replace(string(good), tc.old, tc.new, 1)
		if s == string(good) {
			t.Fatalf("%s is not in the record %s", tc.old, good)
		}
		_, err := Parse([]byte(s))
		if !errors.Is(err, ErrRecord) || !strings.HasSuffix(err.Error(), tc.want) {
			t.Errorf("Parse(%s) = %v; want ErrRecord ending %q", tc.new, err, tc.want)
		}
	}
}

// TestRecordReplicasZero: "replicas":0 written out is refused, as the
// help's 1 ≤ R ≤ M says; a record without the field has one copy of
// each unit, and "replicas":1 is that too.
func TestRecordReplicasZero(t *testing.T) {
	good, _ := json.Marshal(record(t, 0, 2))
	for _, tc := range []struct {
		field string
		ok    bool
	}{{"", true}, {`"replicas":1,`, true}, {`"replicas":2,`, true}, {`"replicas":0,`, false}, {`"replicas":-1,`, false}, {`"replicas":3,`, false}} {
		s := strings.Replace(string(good), `"units_done"`, tc.field+`"units_done"`, 1)
		r, err := Parse([]byte(s))
		switch {
		case tc.ok && (err != nil || r.Copies() < 1):
			t.Errorf("Parse(%s) = %v; want it accepted", tc.field, err)
		case !tc.ok && (!errors.Is(err, ErrRecord) || !strings.Contains(err.Error(), "want 1 ≤ R ≤ M")):
			t.Errorf("Parse(%s) = %v; want ErrRecord with 1 ≤ R ≤ M", tc.field, err)
		}
	}
	huge := strings.Replace(string(good), `"shards":2,`, `"shards":1000000000000,"replicas":1000000000000,`, 1)
	if _, err := Parse([]byte(huge)); !errors.Is(err, ErrRecord) || !strings.Contains(err.Error(), "R ≤ 2097152") {
		t.Errorf("Parse(shards = replicas = 10^12) = %v; want ErrRecord with R ≤ 2097152", err)
	}
}

// TestCheckSizedByRecords: Check sizes nothing by M or R × U before the
// records show them: one record claiming M = R = 2^21 shards is a
// missing-shards error, and M = R = 64 records of one unit each against
// a plan of 2^14 units are refused before the 2^20 ids of the plan's
// assignment are laid out (a record of M = R = 10^12 was a fatal
// out-of-memory in merge).
func TestCheckSizedByRecords(t *testing.T) {
	alloc := func(f func()) uint64 {
		var a, b runtime.MemStats
		runtime.ReadMemStats(&a)
		f()
		runtime.ReadMemStats(&b)
		return b.TotalAlloc - a.TotalAlloc
	}
	one := NewReplicas("", 8, "test-v1", "plan1", 5, MaxUnits, MaxUnits, []tally.UnitResult{{ID: 1, Total: 8, Unique: 1}})
	var err error
	if a := alloc(func() { _, err = Check([]Named{{one, "f"}}, testPlan) }); !errors.Is(err, ErrSet) || !strings.Contains(err.Error(), "missing shard 0, 1, 2, 3, 4, 6,") || a > 1<<20 {
		t.Errorf("Check(shard 5 of M = R = 2^21) = %v, %d bytes allocated; want a missing-shards error and at most 1 MiB", err, a)
	}
	const m, units = 64, 1 << 14
	big := func(string, int) (Plan, error) {
		return Plan{Version: "test-v1", Digest: "plan1", Costs: make([]float64, units)}, nil
	}
	var thin []Named
	for i := range m {
		thin = append(thin, Named{NewReplicas("", 8, "test-v1", "plan1", i, m, m, []tally.UnitResult{{ID: i, Total: 8, Unique: 1}}), fmt.Sprintf("f%d", i)})
	}
	want := "the 64 records hold 64 units, but 64 shards with 64 copies of the plan's 16384 units hold 1048576"
	if a := alloc(func() { _, err = Check(thin, big) }); !errors.Is(err, ErrSet) || !strings.Contains(err.Error(), want) || a > 1<<20 {
		t.Errorf("Check(64 records of 1 unit, M = R = 64) = %v, %d bytes allocated; want %q, at most 1 MiB", err, a, want)
	}
}
