package nqueens

import (
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The tests of this file tamper with checkpoints the way a black-box
// review did: edited numbers with a checksum that matches, which only
// the rules of the units and Burnside's lemma can catch
// (shard_merge_test.go's TestMergeTampered does the same to shard
// records).

// A ckRecord is one record line of a checkpoint.
type ckRecord struct {
	unit                 int
	total, unique, nodes uint64
}

// line returns r as internal/checkpoint writes it: "unit total unique
// nodes crc", the CRC-32C (Castagnoli) of the text before it in 8 hex
// digits.
func (r ckRecord) line() string {
	text := fmt.Sprintf("%d %d %d %d", r.unit, r.total, r.unique, r.nodes)
	return fmt.Sprintf("%s %08x\n", text, crc32.Checksum([]byte(text), crc32.MakeTable(crc32.Castagnoli)))
}

// readCheckpoint returns the header line of the checkpoint at path and
// its records.
func readCheckpoint(t *testing.T, path string) (string, []ckRecord) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(strings.TrimSuffix(string(b), "\n"), "\n")
	var recs []ckRecord
	for _, l := range lines[1:] {
		var r ckRecord
		var crc string
		if _, err := fmt.Sscan(l, &r.unit, &r.total, &r.unique, &r.nodes, &crc); err != nil {
			t.Fatalf("%s: record %q: %v", path, l, err)
		}
		if r.line() != strings.TrimSuffix(l, "\n")+"\n" {
			t.Fatalf("%s: record %q: re-signed it reads %q (the test's CRC is not the format's)", path, l, r.line())
		}
		recs = append(recs, r)
	}
	return lines[0], recs
}

// writeCheckpoint writes a checkpoint of header and recs, each record
// signed with a matching checksum.
func writeCheckpoint(t *testing.T, path, header string, recs []ckRecord) {
	t.Helper()
	var b strings.Builder
	b.WriteString(header)
	for _, r := range recs {
		b.WriteString(r.line())
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// symmetricUnit returns the index in units of a unit that holds
// solutions symmetric under a rotation, read from its counts alone:
// total < 8·unique (a unit whose border no rotation maps onto itself has
// total = 8·unique), with room for one more class, 4·(unique+1) ≤ total.
// Its unique+1 keeps the unit's own rule (4·unique ≤ total ≤ 8·unique
// under the half turn, 2·unique ≤ total under the quarter turn) and
// moves Q + S180 + 2·S90 − 8·U by 8: an edit that only Burnside's lemma,
// and only exactly (not its residue mod 8), catches. (internal/run's
// TestCheckBurnsideHalfTurn makes the edits that need the unit's weight.)
func symmetricUnit(t *testing.T, units int, total, unique func(i int) uint64) int {
	t.Helper()
	for i := range units {
		tt, uu := total(i), unique(i)
		if uu > 0 && tt < 8*uu && 4*(uu+1) <= tt {
			return i
		}
	}
	t.Fatalf("no unit of %d has total < 8·unique and 4·(unique+1) ≤ total", units)
	return 0
}

// TestCheckpointTampered: a kernel checkpoint of n = 12 edited with a
// matching checksum, as in the review, is refused, naming the file, the
// unit and the rule, and telling to delete it. (Unit total+8 with unique
// +1 keeps every rule and the lemma: only a recount finds it; see
// kernel.TestCheckResultRefuses.)
func TestCheckpointTampered(t *testing.T) {
	const n = 12
	dir := t.TempDir()
	good := filepath.Join(dir, "good")
	if _, err := Count(context.Background(), n, CountOptions{Workers: 2, Checkpoint: good}); err != nil {
		t.Fatal(err)
	}
	header, recs := readCheckpoint(t, good)
	byUnit := map[int]ckRecord{}
	plain := -1 // a record with total = 8·unique > 0
	for i, r := range recs {
		byUnit[r.unit] = r
		if plain < 0 && r.total > 0 && r.total == 8*r.unique {
			plain = i
		}
	}
	sym := recs[symmetricUnit(t, len(recs), func(i int) uint64 { return recs[i].total }, func(i int) uint64 { return recs[i].unique })].unit
	editUnitOf := func(id int, dt, du uint64) []ckRecord {
		out := append([]ckRecord{}, recs...)
		for i := range out {
			if out[i].unit == id {
				out[i].total += dt
				out[i].unique += du
			}
		}
		return out
	}
	edit := func(f func(r *ckRecord)) []ckRecord {
		out := append([]ckRecord{}, recs...)
		f(&out[plain])
		return out
	}
	// A partial checkpoint (the first half of the records) with
	// records of units it does not hold appended.
	partial := recs[:len(recs)/2]
	var missing []int
	held := map[int]bool{}
	for _, r := range partial {
		held[r.unit] = true
	}
	for _, r := range recs {
		if !held[r.unit] {
			missing = append(missing, r.unit)
		}
	}
	appended := func(add ...ckRecord) []ckRecord { return append(append([]ckRecord{}, partial...), add...) }
	const max64 = ^uint64(0)
	for _, c := range []struct {
		name string
		recs []ckRecord
		want []string
	}{
		{"unit total+8, unique kept", edit(func(r *ckRecord) { r.total += 8 }),
			[]string{"unit " + strconv.Itoa(recs[plain].unit), "total = 8 × unique"}},
		{"unit total+2", edit(func(r *ckRecord) { r.total += 2 }),
			[]string{"unit " + strconv.Itoa(recs[plain].unit), "not a multiple of the unit's weight"}},
		{"unique > total (appended)", appended(ckRecord{missing[0], 1, 5, 1}),
			[]string{"unit " + strconv.Itoa(missing[0])}},
		{"three units of total 2^64−1 (appended)", appended(ckRecord{missing[0], max64, 0, 1}, ckRecord{missing[1], max64, 0, 1}, ckRecord{missing[2], max64, 0, 1}),
			[]string{"unit " + strconv.Itoa(missing[0])}},
		{"units of total 2^64−8, unique (2^64−8)/8 (appended)", appended(ckRecord{missing[0], max64 - 7, (max64 - 7) / 8, 1}),
			[]string{"unit " + strconv.Itoa(missing[0]), "free rows hold at most"}},
		{"symmetric unit unique+1", editUnitOf(sym, 0, 1), []string{"unit " + strconv.Itoa(sym), "Burnside"}},
	} {
		path := filepath.Join(dir, "t")
		writeCheckpoint(t, path, header, c.recs)
		res, err := Count(context.Background(), n, CountOptions{Workers: 2, Checkpoint: path})
		if !errors.Is(err, ErrCheckpoint) {
			t.Errorf("%s: Count = %v solutions, %v unique, error %v; want ErrCheckpoint", c.name, res.Solutions, res.Unique, err)
			continue
		}
		for _, w := range append(c.want, path+": ", "delete it and count again") {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q; want it to name %q", c.name, err, w)
			}
		}
	}
}

// TestCheckpointDroppedNotice: a damaged last record is dropped, its
// unit counted again, and Notice told so in one line.
func TestCheckpointDroppedNotice(t *testing.T) {
	total := loadOEIS(t, "a000170")
	path := filepath.Join(t.TempDir(), "ck")
	if _, err := Count(context.Background(), 12, CountOptions{Checkpoint: path}); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	b[len(b)-3] ^= 1 // a hex digit of the last record's checksum
	os.WriteFile(path, b, 0o644)
	var notices []string
	res, err := Count(context.Background(), 12, CountOptions{Checkpoint: path, Notice: func(s string) { notices = append(notices, s) }})
	if err != nil || res.Solutions != want(t, total, 12) || res.Resumed != res.Units-1 {
		t.Fatalf("Count after a damaged last record = %v (%d of %d resumed), %v; want %v, all but one resumed", res.Solutions, res.Resumed, res.Units, err, want(t, total, 12))
	}
	wantNotice := "dropped 1 damaged trailing record of " + path + "; its unit is counted again"
	if len(notices) != 1 || notices[0] != wantNotice {
		t.Errorf("notices %q; want [%q]", notices, wantNotice)
	}
	// The tail is gone: the next run has nothing to tell.
	notices = nil
	if _, err := Count(context.Background(), 12, CountOptions{Checkpoint: path, Notice: func(s string) { notices = append(notices, s) }}); err != nil || len(notices) != 0 {
		t.Errorf("rerun: notices %q, error %v; want none", notices, err)
	}
}

// TestJoinCheckpointTampered: a join checkpoint of n = 12 with a
// unit's total +2 (a matching checksum) fails Burnside's lemma with a
// message that names the file and says to delete it, not "(a bug)"; a
// unique count or an impossible total in a record is refused first.
func TestJoinCheckpointTampered(t *testing.T) {
	const n = 12
	dir := t.TempDir()
	good := filepath.Join(dir, "good")
	opts := CountOptions{Workers: 2, Method: MethodJoin, Checkpoint: good}
	if _, err := Count(context.Background(), n, opts); err != nil {
		t.Fatal(err)
	}
	header, recs := readCheckpoint(t, good)
	k := 0
	for recs[k].total == 0 {
		k++
	}
	for _, c := range []struct {
		name string
		edit func(r *ckRecord)
		want string
	}{
		{"total+2", func(r *ckRecord) { r.total += 2 }, "Burnside"},
		{"total+2, nodes kept", func(r *ckRecord) { r.total += 2; r.nodes = 0 }, "Burnside"},
		{"a unique count", func(r *ckRecord) { r.unique = 1 }, "totals only"},
		{"total 2^64−1", func(r *ckRecord) { r.total = ^uint64(0) }, "exceeds"},
	} {
		out := append([]ckRecord{}, recs...)
		c.edit(&out[k])
		path := filepath.Join(dir, "t")
		writeCheckpoint(t, path, header, out)
		opts.Checkpoint = path
		_, err := Count(context.Background(), n, opts)
		if !errors.Is(err, ErrCheckpoint) {
			t.Errorf("%s: error %v; want ErrCheckpoint", c.name, err)
			continue
		}
		msg := err.Error()
		for _, w := range []string{path + ": ", c.want, "delete it and count again"} {
			if !strings.Contains(msg, w) {
				t.Errorf("%s: error %q; want it to name %q", c.name, msg, w)
			}
		}
		if strings.Contains(msg, "a bug") {
			t.Errorf("%s: error %q blames the program for a damaged file", c.name, msg)
		}
	}
}

// TestCheckpointGarbageTail: a tail of garbage lines that holds no record
// is described as a tail of so many bytes and lines, not as that many
// damaged records whose units are counted again; every unit recorded
// before it is resumed.
func TestCheckpointGarbageTail(t *testing.T) {
	total := loadOEIS(t, "a000170")
	path := filepath.Join(t.TempDir(), "ck")
	if _, err := Count(context.Background(), 12, CountOptions{Checkpoint: path}); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	tail := strings.Repeat("garbage that is no record at all\n", 3000) // 99,000 bytes
	os.WriteFile(path, append(b, tail...), 0o644)
	var notices []string
	res, err := Count(context.Background(), 12, CountOptions{Checkpoint: path, Notice: func(s string) { notices = append(notices, s) }})
	if err != nil || res.Solutions != want(t, total, 12) || res.Resumed != res.Units {
		t.Fatalf("Count after a garbage tail = %v (%d of %d resumed), %v; want %v, all resumed", res.Solutions, res.Resumed, res.Units, err, want(t, total, 12))
	}
	wantNotice := "dropped a damaged tail of 99.0 kB (3000 lines) of " + path + "; the units recorded before it are kept, any unit it held is counted again"
	if len(notices) != 1 || notices[0] != wantNotice {
		t.Errorf("notices %q; want [%q]", notices, wantNotice)
	}
}
