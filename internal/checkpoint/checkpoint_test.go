package checkpoint

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"
)

var hdr = Header{N: 8, Version: "test-v1", Plan: "abc123", Units: 20}

func encode(h Header, recs ...Record) []byte {
	b := AppendHeader(nil, h)
	for _, r := range recs {
		b = AppendRecord(b, r)
	}
	return b
}

func TestRoundTrip(t *testing.T) {
	recs := []Record{{0, 1, 2, 3}, {19, 1<<64 - 1, 0, 1<<64 - 1}, {5, 0, 0, 0}}
	data := encode(hdr, recs...)
	p, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if p.Header != hdr || !reflect.DeepEqual(p.Records, recs) || p.Valid != len(data) || p.Empty {
		t.Errorf("Parse(encode) = %+v; want header %+v, records %v, valid %d", p, hdr, recs, len(data))
	}
}

func TestTornTail(t *testing.T) {
	good := encode(hdr, Record{1, 10, 1, 100}, Record{2, 20, 2, 200})
	last := AppendRecord(nil, Record{3, 30, 3, 300})
	for cut := 0; cut < len(last); cut++ {
		data := append(append([]byte{}, good...), last[:cut]...)
		p, err := Parse(data)
		if err != nil {
			t.Fatalf("cut %d: %v", cut, err)
		}
		if len(p.Records) != 2 || p.Valid != len(good) {
			t.Errorf("cut %d: %d records, valid %d; want 2, %d", cut, len(p.Records), p.Valid, len(good))
		}
	}
	// A flipped digit in the last line, and a zero-filled tail.
	bad := append([]byte{}, last...)
	bad[0] = '4'
	for _, tail := range [][]byte{bad, make([]byte, 4096), append(bad, bytes.Repeat([]byte{0}, 100)...)} {
		p, err := Parse(append(append([]byte{}, good...), tail...))
		if err != nil || len(p.Records) != 2 || p.Valid != len(good) {
			t.Errorf("tail %q: %d records, valid %d, err %v; want 2, %d, nil", tail[:min(len(tail), 20)], len(p.Records), p.Valid, err, len(good))
		}
	}
}

func TestRefusals(t *testing.T) {
	good := encode(hdr, Record{1, 10, 1, 100})
	mid := encode(hdr, Record{1, 10, 1, 100}, Record{2, 20, 2, 200})
	i := bytes.Index(mid, []byte("\n1 10"))
	mid[i+2] = '7' // damage the first record; the second stays valid
	hdrBad := append([]byte{}, good...)
	hdrBad[len(Magic)+3] = '9' // n=8 -> n=9 without fixing the CRC
	for _, tc := range []struct {
		name string
		data string
		want error
	}{
		{"foreign", "hello world\n", ErrForeign},
		{"foreign no newline", "PK\x03\x04", ErrForeign},
		{"other format", "nqueens-checkpoint/9 n=8\n", ErrForeign},
		{"damage before valid", string(mid), ErrCorrupt},
		{"header crc", string(hdrBad), ErrCorrupt},
	} {
		if _, err := Parse([]byte(tc.data)); !errors.Is(err, tc.want) {
			t.Errorf("%s: Parse error = %v; want %v", tc.name, err, tc.want)
		}
	}
	for _, s := range []string{"", "nqueens-check", Magic + " n=8 vers"} {
		if p, err := Parse([]byte(s)); err != nil || !p.Empty {
			t.Errorf("Parse(%q) = %+v, %v; want Empty", s, p, err)
		}
	}
}

func TestDedup(t *testing.T) {
	m, err := Dedup(hdr, []Record{{1, 10, 1, 5}, {2, 3, 0, 1}, {1, 10, 1, 5}})
	if err != nil || len(m) != 2 {
		t.Errorf("Dedup with an identical repeat = %v, %v; want 2 units", m, err)
	}
	for _, bad := range []Record{{1, 11, 1, 5}, {1, 10, 2, 5}} {
		if _, err := Dedup(hdr, []Record{{1, 10, 1, 5}, bad}); !errors.Is(err, ErrCorrupt) {
			t.Errorf("Dedup with a conflicting repeat %+v: error = %v; want ErrCorrupt", bad, err)
		}
	}
	// Another build may visit another number of nodes for the same unit.
	m, err = Dedup(hdr, []Record{{1, 10, 1, 5}, {1, 10, 1, 7}})
	if err != nil || len(m) != 1 || m[1] != (Record{1, 10, 1, 5}) {
		t.Errorf("Dedup with a repeat that differs in nodes = %v, %v; want the first record", m, err)
	}
	if _, err := Dedup(hdr, []Record{{20, 1, 1, 1}}); !errors.Is(err, ErrCorrupt) {
		t.Errorf("Dedup with unit 20 of 20: error = %v; want ErrCorrupt", err)
	}
}

func TestOpenResume(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ck")
	f, o, err := Open(path, hdr, 0)
	if err != nil || !o.Created || len(o.Done) != 0 {
		t.Fatalf("Open new = %+v, %v", o, err)
	}
	for _, r := range []Record{{1, 10, 1, 5}, {2, 20, 2, 6}, {1, 10, 1, 5}} {
		if err := f.Append(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	// Tear the tail as a power loss would.
	af, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	af.Write([]byte("3 30 3 7 dead"))
	af.Close()
	f, o, err = Open(path, hdr, 0)
	if err != nil {
		t.Fatal(err)
	}
	if o.Created || len(o.Done) != 2 || o.Lines != 3 || o.Dropped != len("3 30 3 7 dead") {
		t.Errorf("reopen = %+v; want 2 units from 3 lines, %d bytes dropped", o, len("3 30 3 7 dead"))
	}
	f.Append(Record{3, 30, 3, 7})
	f.Close()
	data, _ := os.ReadFile(path)
	p, err := Parse(data)
	if err != nil || len(p.Records) != 4 || p.Valid != len(data) {
		t.Errorf("after append: %d records, valid %d of %d, %v; want 4, all valid", len(p.Records), p.Valid, len(data), err)
	}
	// Another count is refused, and the file is left as it was.
	for _, h := range []Header{{9, "test-v1", "abc123", 20}, {8, "test-v2", "abc123", 20}, {8, "test-v1", "fff", 20}, {8, "test-v1", "abc123", 21}} {
		if _, _, err := Open(path, h, 0); !errors.Is(err, ErrMismatch) {
			t.Errorf("Open with %+v: error = %v; want ErrMismatch", h, err)
		} else if !strings.Contains(err.Error(), path) {
			t.Errorf("Open with %+v: error %q does not name the file", h, err)
		}
	}
	if again, _ := os.ReadFile(path); !bytes.Equal(again, data) {
		t.Errorf("a refused Open changed the file")
	}
}

func TestOpenForeign(t *testing.T) {
	path := filepath.Join(t.TempDir(), "notes.txt")
	os.WriteFile(path, []byte("my notes\n"), 0o644)
	if _, _, err := Open(path, hdr, 0); !errors.Is(err, ErrForeign) {
		t.Errorf("Open(foreign) error = %v; want ErrForeign", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "my notes\n" {
		t.Errorf("Open(foreign) changed the file to %q", b)
	}
}

func FuzzParse(f *testing.F) {
	f.Add(encode(hdr, Record{1, 10, 1, 100}, Record{2, 20, 2, 200}))
	f.Add(append(encode(hdr, Record{1, 10, 1, 100}), "2 20 2"...))
	f.Add([]byte(Magic + " n=8"))
	f.Add([]byte("garbage\n1 2 3 4 00000000\n"))
	f.Add(append(encode(hdr, Record{1, 10, 1, 100}), bytes.Repeat([]byte("9"), 200)...))
	f.Add(append([]byte(Magic+" n=8 version="), bytes.Repeat([]byte("v"), 1100)...))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Parse(data)
		if err != nil {
			return
		}
		if p.Empty {
			return
		}
		if p.Valid > len(data) {
			t.Fatalf("Valid %d > len %d", p.Valid, len(data))
		}
		// The valid prefix parses to the same content, all of it valid,
		// and re-encoding gives it back byte for byte.
		q, err := Parse(data[:p.Valid])
		if err != nil || q.Valid != p.Valid || q.Header != p.Header || !reflect.DeepEqual(q.Records, p.Records) {
			t.Fatalf("prefix reparse = %+v, %v; want %+v", q, err, p)
		}
		if enc := encode(p.Header, p.Records...); !bytes.Equal(enc, data[:p.Valid]) {
			t.Fatalf("re-encoding differs:\n%q\n%q", enc, data[:p.Valid])
		}
	})
}

func TestBusyAndSync(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ck")
	f, _, err := Open(path, hdr, 5*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := Open(path, hdr, 0); !errors.Is(err, ErrBusy) {
		t.Errorf("second Open while the first is open: error = %v; want ErrBusy", err)
	}
	f.Append(Record{1, 2, 3, 4})
	deadline := time.Now().Add(5 * time.Second)
	for {
		f.mu.Lock()
		dirty := f.dirty
		f.mu.Unlock()
		if !dirty {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("an appended record was not fsynced by the sync loop")
		}
		time.Sleep(time.Millisecond)
	}
	f.Close()
	g, o, err := Open(path, hdr, 0)
	if err != nil || len(o.Done) != 1 {
		t.Fatalf("Open after Close = %+v, %v; want the lock released and 1 unit", o, err)
	}
	g.Close()
}

// TestLongLines: a line longer than a record can be is damaged, without
// being kept in memory; a header longer than a header can be is refused.
func TestLongLines(t *testing.T) {
	good := encode(hdr, Record{1, 10, 1, 100})
	next := AppendRecord(nil, Record{2, 20, 2, 200})
	long := append(bytes.Repeat([]byte("1"), 5000), '\n')
	// A long line followed by a valid one cannot be a torn append.
	_, err := Parse(append(append(append([]byte{}, good...), long...), next...))
	if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "line 3 is damaged but line 4 after it is valid") {
		t.Errorf("long middle line: %v; want corrupt at line 3", err)
	}
	// At the end it is a torn tail.
	p, err := Parse(append(append([]byte{}, good...), long...))
	if err != nil || len(p.Records) != 1 || p.Valid != len(good) {
		t.Errorf("long last line: %+v, %v; want 1 record, valid %d", p, err, len(good))
	}
	// A line too long for a record whose checksum matches was written
	// so, not torn: it is refused, whatever its length (100-digit
	// fields, as in the review; lines longer than the reader's buffer)
	// and with or without its '\n'.
	big := strings.Repeat("9", 100)
	for _, text := range []string{
		"1 " + strings.Repeat("0", 120) + " 1 1",
		big + " " + big + " " + big + " " + big,
		"1 " + strings.Repeat("1", 5000) + " 1 1",
		"1 " + strings.Repeat("1", 2*MaxHeader-3) + " 1 1",
	} {
		line := appendCRC([]byte(text), 0, " ")
		for _, data := range [][]byte{
			append(append([]byte{}, good...), line...),
			append(append([]byte{}, good...), line[:len(line)-1]...),
			append(append(append([]byte{}, good...), line...), next...),
		} {
			_, err := Parse(data)
			if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "line 3, of ") || !strings.Contains(err.Error(), "matching checksum") {
				t.Errorf("Parse(… a %d-byte line with its checksum …) = %v; want ErrCorrupt, line 3, matching checksum", len(line), err)
			}
		}
		// One byte of its checksum changed, it is a torn tail again.
		line[len(line)-2] ^= 1
		if p, err := Parse(append(append([]byte{}, good...), line...)); err != nil || len(p.Records) != 1 || p.Valid != len(good) {
			t.Errorf("Parse(… a %d-byte line with a wrong checksum) = %+v, %v; want it dropped", len(line), p, err)
		}
	}
	h := append([]byte(Magic+" n=8 version="), bytes.Repeat([]byte("v"), 2000)...)
	for _, data := range [][]byte{h, append(h, '\n')} {
		if _, err := Parse(data); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "longer than 1024 bytes") {
			t.Errorf("2 KB header: %v; want corrupt, longer than 1024 bytes", err)
		}
	}
}

// TestZeroTail: a torn tail of 64 MiB of zeros is read in constant
// memory (the whole file was read into memory).
func TestZeroTail(t *testing.T) {
	good := encode(hdr, Record{1, 10, 1, 100})
	r := io.MultiReader(bytes.NewReader(good), io.LimitReader(zeros{}, 64<<20))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	p, err := ParseReader(r)
	runtime.ReadMemStats(&after)
	if err != nil || len(p.Records) != 1 || p.Valid != len(good) {
		t.Errorf("zero tail: %+v, %v; want 1 record, valid %d", p, err, len(good))
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 1<<20 {
		t.Errorf("zero tail: allocated %d bytes; want at most 1 MiB", got)
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// TestOpenDroppedLines: Open counts the lines of the torn tail it cuts
// off, a last line without its '\n' included.
func TestOpenDroppedLines(t *testing.T) {
	good := encode(hdr, Record{1, 10, 1, 100}, Record{2, 20, 2, 200})
	damaged := AppendRecord(nil, Record{3, 30, 3, 300})
	damaged[0] = '4' // the checksum no longer matches
	for _, c := range []struct {
		name string
		tail []byte
		want int
	}{
		{"none", nil, 0},
		{"one damaged line", damaged, 1},
		{"a cut line", damaged[:5], 1},
		{"two damaged lines", append(append([]byte{}, damaged...), damaged...), 2},
		{"a damaged line and a cut one", append(append([]byte{}, damaged...), damaged[:5]...), 2},
		{"zeros", make([]byte, 4096), 1},
	} {
		path := filepath.Join(t.TempDir(), "ck")
		os.WriteFile(path, append(append([]byte{}, good...), c.tail...), 0o644)
		f, o, err := Open(path, hdr, 0)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		f.Close()
		if o.DroppedLines != c.want || o.Dropped != len(c.tail) || len(o.Done) != 2 {
			t.Errorf("%s: DroppedLines %d, Dropped %d, %d units; want %d, %d, 2", c.name, o.DroppedLines, o.Dropped, len(o.Done), c.want, len(c.tail))
		}
	}
}

// TestParseBounded: a file of more records than its plan's units and
// MaxRepeats allow is refused at the first one beyond them, having read
// no more (29 MB of repeated records took 139 MB), and a header of
// another count is refused before any record is read.
func TestParseBounded(t *testing.T) {
	rec := AppendRecord(nil, Record{1, 10, 1, 100})
	lines := 0
	// The bound's records and a read buffer, with room to spare: 1 MiB.
	const limit = 1 << 20
	r := &repeatReader{head: AppendHeader(nil, hdr), line: rec, lines: &lines, limit: limit}
	_, err := ParseReaderFor(r, hdr)
	if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "more than 1044 records") {
		t.Errorf("ParseReaderFor(endless records) = %v; want ErrCorrupt, more than 1044 records", err)
	}
	if lines > hdr.Units+MaxRepeats+1+4096/len(rec) {
		t.Errorf("ParseReaderFor(endless records) read %d records; want at most %d and a buffer", lines, hdr.Units+MaxRepeats+1)
	}
	other := hdr
	other.N = 9
	lines = 0
	r = &repeatReader{head: AppendHeader(nil, other), line: rec, lines: &lines, limit: limit}
	var me *MismatchError
	if _, err := ParseReaderFor(r, hdr); !errors.As(err, &me) || lines > 4096/len(rec)+1 {
		t.Errorf("ParseReaderFor(another count) = %v after %d records; want a MismatchError at once", err, lines)
	}
	// Within the bound: the plan's units and MaxRepeats repeats.
	var recs []Record
	for i := range hdr.Units + MaxRepeats {
		recs = append(recs, Record{i % hdr.Units, 10, 1, 100})
	}
	if p, err := ParseReaderFor(bytes.NewReader(encode(hdr, recs...)), hdr); err != nil || len(p.Records) != len(recs) {
		t.Errorf("ParseReaderFor(%d records) = %d, %v; want them all", len(recs), len(p.Records), err)
	}
}

// repeatReader gives head, then line over and over, counting the lines.
// It fails with errReadLimit once it has given limit bytes (if limit >
// 0), so that a parser without its bound fails at once instead of
// reading without end.
type repeatReader struct {
	head, line []byte
	off        int
	lines      *int
	limit, n   int
}

// errReadLimit is the error of a repeatReader read past its limit.
var errReadLimit = errors.New("test reader: read past its limit (the parser's bound is gone)")

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.limit > 0 {
		if r.n >= r.limit {
			return 0, errReadLimit
		}
		p = p[:min(len(p), r.limit-r.n)]
		defer func() { r.n += len(p) }()
	}
	n := 0
	for n < len(p) {
		if len(r.head) > 0 {
			k := copy(p[n:], r.head)
			r.head = r.head[k:]
			n += k
			continue
		}
		k := copy(p[n:], r.line[r.off:])
		r.off += k
		n += k
		if r.off == len(r.line) {
			r.off = 0
			*r.lines++
		}
	}
	return n, nil
}

// TestCheckedBadRecord: a line whose checksum matches but whose fields
// are no record is corrupt, not torn, last line or not; two records of a
// unit that disagree are named in a sentence with the remedy.
func TestCheckedBadRecord(t *testing.T) {
	good := encode(hdr, Record{1, 10, 1, 100})
	withCRC := func(text string) []byte { return appendCRC([]byte(text), 0, " ") }
	for _, line := range []string{"5 -8 -1 1", "5 8 1 1 7", "05 8 1 1", "5 8 1"} {
		for _, after := range [][]byte{nil, AppendRecord(nil, Record{2, 20, 2, 200})} {
			data := append(append(append([]byte{}, good...), withCRC(line)...), after...)
			if _, err := Parse(data); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "matching checksum") {
				t.Errorf("Parse(… %q with its checksum, %d lines after) = %v; want ErrCorrupt, matching checksum", line, bytes.Count(after, []byte("\n")), err)
			}
		}
	}
	_, err := Dedup(hdr, []Record{{5, 33312, 4164, 1}, {5, 33320, 4165, 1}})
	want := "unit 5 is recorded twice with different results (total 33312, unique 4164; then total 33320, unique 4165): the file was damaged or edited with a matching checksum; delete it and count again"
	if !errors.Is(err, ErrCorrupt) || !strings.HasSuffix(err.Error(), want) {
		t.Errorf("Dedup(two results of unit 5) = %v; want ErrCorrupt ending %q", err, want)
	}
}
