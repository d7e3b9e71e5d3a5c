package shard

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/nqueens/nqueens/internal/tally"
	"github.com/nqueens/nqueens/internal/testio"
)

func TestAssign(t *testing.T) {
	costs := []float64{5, 1, 1, 3, 8, 2, 2, 7, 1, 4}
	for m := 1; m <= 12; m++ {
		got := Assign(costs, m)
		if len(got) != m {
			t.Fatalf("Assign(m=%d) gave %d shards", m, len(got))
		}
		var all []int
		var maxLoad, sum float64
		for _, ids := range got {
			if !slices.IsSorted(ids) {
				t.Errorf("Assign(m=%d): shard ids %v not sorted", m, ids)
			}
			all = append(all, ids...)
			load := 0.0
			for _, id := range ids {
				load += costs[id]
			}
			maxLoad = max(maxLoad, load)
			sum += load
		}
		slices.Sort(all)
		for i, id := range all {
			if id != i {
				t.Fatalf("Assign(m=%d): units %v; want each of 0..%d once", m, all, len(costs)-1)
			}
		}
		// LPT bound: no shard exceeds the mean by more than the largest unit.
		if maxLoad > sum/float64(m)+8 {
			t.Errorf("Assign(m=%d): max load %v > mean %v + largest 8", m, maxLoad, sum/float64(m))
		}
		if again := Assign(costs, m); !slices.EqualFunc(again, got, slices.Equal) {
			t.Errorf("Assign(m=%d) is not deterministic", m)
		}
	}
	// Balanced by cost, not by count: the costly unit is alone.
	if got := Assign([]float64{10, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, 2); !slices.Equal(got[0], []int{0}) {
		t.Errorf("Assign(one heavy unit, 2) = %v; want [[0] [1..10]]", got)
	}
}

func record(t *testing.T, i, m int) Record {
	costs := make([]float64, 20)
	for k := range costs {
		costs[k] = float64(k%7 + 1)
	}
	var units []tally.UnitResult
	for _, id := range Assign(costs, m)[i] {
		units = append(units, tally.UnitResult{ID: id, Total: uint64(id) * 10, Unique: uint64(id), Nodes: 100})
	}
	return New("", 8, "test-v1", "plan1", i, m, units)
}

func testPlan(method string, n int) (Plan, error) {
	costs := make([]float64, 20)
	for k := range costs {
		costs[k] = float64(k%7 + 1)
	}
	return Plan{Version: "test-v1", Digest: "plan1", Costs: costs}, nil
}

func TestParseRoundTrip(t *testing.T) {
	r := record(t, 1, 3)
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Parse(b)
	if err != nil {
		t.Fatalf("Parse(Marshal(r)) error: %v\n%s", err, b)
	}
	if got.Solutions.Cmp(r.Solutions) != 0 || got.Digest != r.Digest || !slices.Equal(got.Units, r.Units) {
		t.Errorf("round trip = %+v; want %+v", got, r)
	}
}

func TestParseRefuses(t *testing.T) {
	good, _ := json.Marshal(record(t, 0, 2))
	edit := func(old, new string) string { return strings.Replace(string(good), old, new, 1) }
	r := record(t, 0, 2)
	for name, s := range map[string]string{
		"not json":      "{",
		"two values":    string(good) + string(good),
		"unknown field": edit(`"n":8`, `"n":8,"x":1`),
		"format":        edit(Format, "other/1"),
		"shard range":   edit(`"shard":0`, `"shard":2`),
		"units_done":    edit(`"units_done":`, `"units_done":1`),
		"total":         edit(`"solutions":`+r.Solutions.String(), `"solutions":`+new(big.Int).Add(r.Solutions, big.NewInt(1)).String()),
		"digest":        edit(`"digest":"`, `"digest":"0`),
		"negative":      edit(`"unique":`+r.Unique.String(), `"unique":-1`),
		"null total":    edit(`"solutions":`+r.Solutions.String(), `"solutions":null`),
	} {
		if _, err := Parse([]byte(s)); !errors.Is(err, ErrRecord) {
			t.Errorf("%s: Parse error = %v; want ErrRecord", name, err)
		}
	}
}

func TestCheck(t *testing.T) {
	set := func(m int, idx ...int) []Named {
		var out []Named
		for _, i := range idx {
			out = append(out, Named{record(t, i, m), "f" + string(rune('0'+i))})
		}
		return out
	}
	m, err := Check(set(3, 2, 0, 1), testPlan)
	if err != nil {
		t.Fatal(err)
	}
	if want := big.NewInt(10 * 190); m.Solutions.Cmp(want) != 0 || m.Units != 20 || m.Shards != 3 {
		t.Errorf("Check = %+v; want solutions %v, 20 units, 3 shards", m, want)
	}
	other := record(t, 1, 3)
	other.N = 9
	bad := record(t, 1, 4) // right ids for 1/4, claiming 1/3
	bad.Shards = 3
	for _, tc := range []struct {
		name string
		recs []Named
		want string
	}{
		{"missing", set(3, 0, 2), "missing shard 1 of 3"},
		{"duplicate", set(3, 0, 1, 1, 2), "shard 1/3 is given twice: f1 and f1"},
		{"other n", append(set(3, 0, 2), Named{other, "g"}), "g (shard 1/3) is n = 9"},
		{"other m", append(set(3, 0, 2), Named{record(t, 1, 4), "h"}), "h (shard 1/4)"},
		{"wrong units", append(set(3, 0, 2), Named{bad, "k"}), "shard 1/3 (k) holds"},
	} {
		_, err := Check(tc.recs, testPlan)
		if !errors.Is(err, ErrSet) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Check error = %v; want ErrSet mentioning %q", tc.name, err, tc.want)
		}
	}
	wrongPlan := func(string, int) (Plan, error) { p, _ := testPlan("", 8); p.Digest = "plan2"; return p, nil }
	if _, err := Check(set(3, 0, 1, 2), wrongPlan); !errors.Is(err, ErrSet) {
		t.Errorf("Check against another plan: error = %v; want ErrSet", err)
	}
}

// TestCheckUnitRule: a unit whose result breaks the plan's rule fails
// Check with a *UnitError naming the record's source and the unit.
func TestCheckUnitRule(t *testing.T) {
	recs := []Named{{record(t, 0, 2), "a.json"}, {record(t, 1, 2), "b.json"}}
	bad := recs[1].Units[0].ID
	rule := errors.New("no such total")
	withRule := func(method string, n int) (Plan, error) {
		p, err := testPlan(method, n)
		p.Unit = func(id int, total, unique uint64) error {
			if id == bad {
				return rule
			}
			return nil
		}
		return p, err
	}
	_, err := Check(recs, withRule)
	var ue *UnitError
	if !errors.As(err, &ue) || !errors.Is(err, ErrUnit) || !errors.Is(err, rule) {
		t.Fatalf("Check with unit %d refused: error %v; want a *UnitError wrapping the rule's error", bad, err)
	}
	if ue.Source != "b.json" || ue.Unit.ID != bad || ue.Record.Shard != 1 || !strings.HasPrefix(err.Error(), "b.json (shard 1/2): ") {
		t.Errorf("UnitError %q: source %q, unit %d, shard %d; want b.json, %d, 1", err, ue.Source, ue.Unit.ID, ue.Record.Shard, bad)
	}
}

func FuzzParse(f *testing.F) {
	for _, r := range []Record{New("", 8, "v", "p", 0, 1, []tally.UnitResult{{ID: 0, Total: 5, Unique: 1, Nodes: 9}, {ID: 3, Total: 1 << 63, Unique: 0, Nodes: 1}}), New("", 0, "v", "p", 2, 3, nil), New(MethodQuadrant, 9, "q", "p", 0, 2, []tally.UnitResult{{ID: 1, Total: 40, Unique: 0, Nodes: 0}})} {
		b, _ := json.Marshal(r)
		f.Add(b)
	}
	f.Add([]byte(`{"format":"nqueens-shard/1","n":1}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		r, err := Parse(b)
		if err != nil {
			return
		}
		// A record Parse accepts survives a round trip unchanged.
		again, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		r2, err := Parse(again)
		if err != nil {
			t.Fatalf("reparse of %s: %v", again, err)
		}
		if r2.Solutions.Cmp(r.Solutions) != 0 || r2.Digest != r.Digest || !slices.Equal(r2.Units, r.Units) {
			t.Fatalf("round trip changed the record: %+v vs %+v", r, r2)
		}
	})
}

// totalsRecord is shard i of m of a totals-only count of the test plan.
func totalsRecord(t *testing.T, i, m int) Record {
	t.Helper()
	p, _ := testPlan(MethodQuadrant, 8)
	var units []tally.UnitResult
	for _, id := range Assign(p.Costs, m)[i] {
		units = append(units, tally.UnitResult{ID: id, Total: uint64(id) * 10})
	}
	return New(MethodQuadrant, 8, "test-v1", "plan1", i, m, units)
}

func TestTotalsOnly(t *testing.T) {
	r := totalsRecord(t, 1, 3)
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	if s := string(b); !strings.Contains(s, `"method":"quadrant"`) || strings.Contains(s, "unique") || !strings.Contains(s, `"nodes":0,`) {
		t.Errorf("totals-only record %s; want method quadrant, no unique anywhere, nodes 0", s)
	}
	got, err := Parse(b)
	if err != nil || !got.TotalsOnly() || got.Unique != nil || got.Solutions.Cmp(r.Solutions) != 0 {
		t.Fatalf("Parse(totals-only) = %+v, %v; want the record back, unique nil", got, err)
	}
	// A kernel record has no method field.
	if kb, _ := json.Marshal(record(t, 0, 3)); strings.Contains(string(kb), "method") {
		t.Errorf("kernel record %s has a method field", kb)
	}
	edit := func(old, new string) string {
		if !strings.Contains(string(b), old) {
			t.Fatalf("%q not in %s", old, b)
		}
		return strings.Replace(string(b), old, new, 1)
	}
	for name, s := range map[string]string{
		"unique total":   edit(`"nodes":`, `"unique":0,"nodes":`),
		"unit unique":    edit(`"total":10}`, `"total":10,"unique":1}`),
		"unknown method": edit(`"method":"quadrant"`, `"method":"magic"`),
		"no method":      edit(`"method":"quadrant",`, ``),
	} {
		if _, err := Parse([]byte(s)); !errors.Is(err, ErrRecord) {
			t.Errorf("%s: Parse error = %v; want ErrRecord", name, err)
		}
	}
	set := []Named{{totalsRecord(t, 0, 3), "q0"}, {totalsRecord(t, 2, 3), "q2"}, {totalsRecord(t, 1, 3), "q1"}}
	m, err := Check(set, testPlan)
	if err != nil {
		t.Fatal(err)
	}
	if want := big.NewInt(10 * 190); m.Solutions.Cmp(want) != 0 || m.Unique != nil || m.Method != MethodQuadrant {
		t.Errorf("Check(totals only) = %+v; want solutions %v, unique nil, method quadrant", m, want)
	}
	// Methods are never mixed, even when everything else would fit.
	mixed := []Named{set[0], {record(t, 1, 3), "k1"}, set[1]}
	if _, err := Check(mixed, testPlan); !errors.Is(err, ErrSet) || !strings.Contains(err.Error(), "k1 (shard 1/3) is a shard of method kernel, but q0 (shard 0/3) is of method join") {
		t.Errorf("Check(mixed methods) error = %v; want ErrSet naming both methods", err)
	}
	var asked string
	Check(set, func(method string, n int) (Plan, error) { asked = method; return testPlan(method, n) })
	if asked != MethodQuadrant {
		t.Errorf("Check asked for the plan of method %q; want %q", asked, MethodQuadrant)
	}
}

// TestReadAllHostile: endless garbage is refused having read little of
// the 32 MiB offered (merge - < /dev/zero grew to 24 GB).
func TestReadAllHostile(t *testing.T) {
	for name, r := range testio.Hostile(32<<20, "1\n", "{\n", "\n") {
		_, err := ReadAll(context.Background(), r)
		if !errors.Is(err, ErrRecord) || len(err.Error()) > 300 {
			t.Errorf("%s: ReadAll = %.300v; want a short ErrRecord", name, err)
		}
		if r.N > 2<<20 {
			t.Errorf("%s: read %d bytes; want at most 2 MiB", name, r.N)
		}
	}
	// A record that never ends is cut at the limit.
	prefix := `{"format":"nqueens-shard/1","version":"`
	r := &testio.Endless{Limit: 32 << 20}
	r.Next = func(p []byte) {
		for i := range p {
			p[i] = 'a'
			if k := r.N + int64(i); k < int64(len(prefix)) {
				p[i] = prefix[k]
			}
		}
	}
	if _, err := ReadAll(context.Background(), r); err == nil || !strings.Contains(err.Error(), "a value longer than 4096 bytes") || r.N > 64<<10 {
		t.Errorf("endless record: %v after %d bytes; want a value longer than 4096 bytes, at most 64 KiB read", err, r.N)
	}
	// Endless units stop at the first that is out of order, or past
	// units_done.
	for _, tt := range []struct{ prefix, unit, want string }{
		{`{"n":8,"version":"v","plan":"p","shard":0,"shards":1,"units_done":1000,"units":[`, `{"id":0},`, "unit ids are not ascending and distinct at unit 0"},
		{`{"n":8,"version":"v","plan":"p","shard":0,"shards":1,"units_done":3,"units":[`, `{"id":%d},`, "more than 3 units"},
		// The header is refused before the list: no field read past it.
		{`{"units":[`, `{"id":%d},`, `field "units" before field "n"`},
		{`{"n":8,"version":"v","plan":"p","shard":0,"shards":2147483648,"units_done":3,"units":[`, `{"id":%d},`, "shards = 2147483648: more than"},
		{`{"n":8,"version":"v","plan":"p","shard":0,"shards":1,"units_done":3000000,"units":[`, `{"id":%d},`, "units_done = 3000000: want 0 to 2097152"},
	} {
		var buf []byte
		k := 0
		r := &testio.Endless{Limit: 32 << 20}
		r.Next = func(p []byte) {
			for len(buf) < len(p) {
				if k == 0 {
					buf = append(buf, tt.prefix...)
				}
				if strings.Contains(tt.unit, "%d") {
					buf = fmt.Appendf(buf, tt.unit, k)
				} else {
					buf = append(buf, tt.unit...)
				}
				k++
			}
			copy(p, buf)
			buf = buf[len(p):]
		}
		if _, err := ReadAll(context.Background(), r); err == nil || !strings.Contains(err.Error(), tt.want) || r.N > 64<<10 {
			t.Errorf("endless units %q: %v after %d bytes; want %q, at most 64 KiB read", tt.unit, err, r.N, tt.want)
		}
	}
}

// FuzzReadAll: the stream parser of merge, with limits small enough
// for the fuzzer to cross: it never panics, its errors are short valid
// UTF-8, and
// what it accepts is what ParseAll accepts.
func FuzzReadAll(f *testing.F) {
	for _, r := range []Record{New("", 8, "v", "p", 0, 1, []tally.UnitResult{{ID: 0, Total: 5, Unique: 1, Nodes: 9}, {ID: 3, Total: 1 << 63, Unique: 0, Nodes: 1}}), New(MethodQuadrant, 9, "q", "p", 0, 2, []tally.UnitResult{{ID: 1, Total: 40, Unique: 0, Nodes: 0}})} {
		b, _ := json.Marshal(r)
		f.Add(append(append(b, '\n'), b...))
	}
	f.Add([]byte("\ufeff{}"))
	f.Add([]byte("\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n1"))
	f.Add([]byte(`{"format":"` + strings.Repeat("a", 300) + `"}`))
	f.Add([]byte(`{"format":"nqueens-shard/1","n":1,"version":"v","plan":"p","shard":0,"shards":1,"units_done":0,"solutions":` + strings.Repeat("9", 90) + `,"unique":0,"nodes":0,"digest":"d","units":[]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		const maxVal, maxWS = 64, 8
		recs, err := readAll(context.Background(), bytes.NewReader(b), maxVal, maxWS, nil)
		if err != nil {
			if m := err.Error(); !utf8.ValidString(m) || len(m) > 400 {
				t.Fatalf("readAll(%q) error %q: invalid UTF-8 or longer than 400 bytes", b, m)
			}
			return
		}
		all, err := ParseAll(b)
		if err != nil || len(all) != len(recs) {
			t.Fatalf("readAll(%q) = %d records; ParseAll: %d, %v", b, len(recs), len(all), err)
		}
	})
}

// TestReadAllBadByte: a byte no record holds is named with its record,
// even when it comes after a good record in the same read.
func TestReadAllBadByte(t *testing.T) {
	b, _ := json.Marshal(New("", 8, "v", "p", 0, 2, []tally.UnitResult{{ID: 0, Total: 5, Unique: 1, Nodes: 9}}))
	b1, _ := json.Marshal(New("", 8, "v", "p", 1, 2, []tally.UnitResult{{ID: 1, Total: 5, Unique: 1, Nodes: 9}}))
	in := append(append(append([]byte{}, b...), "\n"...), b1...)
	in = append(in, "\n{\"n\":\xff}\n"...)
	_, err := ReadAll(context.Background(), bytes.NewReader(in))
	want := fmt.Sprintf("record 3: bad shard record: byte %d: '\\xff' cannot appear in a record", 2*len(b)+2+6)
	if !errors.Is(err, ErrRecord) || !strings.Contains(err.Error(), want) {
		t.Errorf("ReadAll = %v; want %q", err, want)
	}
}

// TestDecodeRecordFields: the streaming decoder reads every field of a
// Record, so that a field added to the struct is not refused as unknown.
func TestDecodeRecordFields(t *testing.T) {
	r := Record{Format: Format, N: 9, Method: "m", Version: "v", Plan: "p", Shard: 1, Shards: 4, Replicas: 2, UnitsDone: 1,
		Solutions: big.NewInt(5), Unique: big.NewInt(1), Nodes: 7, Digest: "d", Units: []tally.UnitResult{{ID: 3, Total: 5, Unique: 1, Nodes: 7}}}
	v := reflect.ValueOf(r)
	for i := range v.NumField() {
		if v.Field(i).IsZero() {
			t.Fatalf("test record: field %s is zero; give it a value", v.Type().Field(i).Name)
		}
	}
	b, _ := json.Marshal(r)
	cr := &capReader{r: bytes.NewReader(b), limit: int64(len(b)), maxBlank: len(b)}
	got, err := decodeRecord(newDecoder(cr), cr, nil, int64(len(b)))
	if err != nil || !reflect.DeepEqual(got, r) {
		t.Errorf("decodeRecord(%s) = %+v, %v; want %+v", b, got, err, r)
	}
}
