package checkpoint

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
)

// TestReadHeader: a header is read alone and checked: a damaged one, or
// one whose checksum matches but whose fields break the format, is
// corrupt, for Open as for ReadHeader.
func TestReadHeader(t *testing.T) {
	h := Header{N: 18, Version: "quad-v2", Plan: "abc123", Units: 457}
	good := string(AppendHeader(nil, h))
	rec := string(AppendRecord(nil, Record{Unit: 3, Total: 8}))
	for _, tc := range []struct {
		name, in string
		want     error // nil: h
	}{
		{"header only", good, nil},
		{"header and records", good + rec + rec, nil},
		{"header and a torn record", good + rec[:5], nil},
		{"empty", "", ErrForeign},
		{"torn header", good[:len(good)-4], ErrForeign},
		{"other file", "hello\n", ErrForeign},
		{"damaged header", strings.Replace(good, "n=18", "n=19", 1), ErrCorrupt},
		{"endless header", Magic + " " + strings.Repeat("x", 5000), ErrCorrupt},
		{"zeros", string(make([]byte, 5000)), ErrForeign},
		// Headers whose checksum matches but whose fields break the
		// format: written so, not torn.
		{"units=0", signHeader(Magic + " n=18 version=quad-v2 plan=abc123 units=0"), ErrCorrupt},
		{"a sixth field", signHeader(Magic + " n=18 version=quad-v2 plan=abc123 units=457 x=1"), ErrCorrupt},
		{"a 10-digit n", signHeader(Magic + " n=1000000000 version=quad-v2 plan=abc123 units=457"), ErrCorrupt},
		{"10-digit units", signHeader(Magic + " n=18 version=quad-v2 plan=abc123 units=1000000000"), ErrCorrupt},
	} {
		got, err := ReadHeader(strings.NewReader(tc.in))
		switch {
		case tc.want == nil && (err != nil || got != h):
			t.Errorf("%s: ReadHeader = %+v, %v; want %+v, nil", tc.name, got, err, h)
		case tc.want != nil && !errors.Is(err, tc.want):
			t.Errorf("%s: ReadHeader error = %v; want %v", tc.name, err, tc.want)
		}
		if tc.want == ErrCorrupt {
			// Open refuses it as corrupt too (not as another count's),
			// and leaves it as it was.
			path := filepath.Join(t.TempDir(), "ck")
			os.WriteFile(path, []byte(tc.in), 0o644)
			if _, _, err := Open(path, h, 0); !errors.Is(err, ErrCorrupt) || errors.Is(err, ErrMismatch) {
				t.Errorf("%s: Open error = %v; want %v", tc.name, err, ErrCorrupt)
			}
			if b, _ := os.ReadFile(path); string(b) != tc.in {
				t.Errorf("%s: Open changed the file", tc.name)
			}
		}
	}
	// Nine digits are the most a number may have.
	big := Header{N: 999999999, Version: "quad-v2", Plan: "abc123", Units: 999999999}
	if got, err := ReadHeader(strings.NewReader(signHeader(Magic + " n=999999999 version=quad-v2 plan=abc123 units=999999999"))); err != nil || got != big {
		t.Errorf("ReadHeader(9-digit n and units) = %+v, %v; want %+v, nil", got, err, big)
	}
	// An error of the reader comes back as is.
	boom := errors.New("boom")
	if _, err := ReadHeader(iotest.ErrReader(boom)); !errors.Is(err, boom) {
		t.Errorf("ReadHeader(failing reader) error = %v; want %v", err, boom)
	}
	// It reads no more than a header's worth of an endless input.
	r := &countingZeros{}
	ReadHeader(r)
	if r.n > MaxHeader+1 {
		t.Errorf("ReadHeader read %d bytes of an endless input; want ≤ %d", r.n, MaxHeader+1)
	}
}

type countingZeros struct{ n int }

func (c *countingZeros) Read(b []byte) (int, error) {
	clear(b)
	c.n += len(b)
	return len(b), nil
}

// signHeader returns the header line of text with its checksum.
func signHeader(text string) string { return string(appendCRC([]byte(text), 0, " crc=")) }
