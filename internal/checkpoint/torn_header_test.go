package checkpoint

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpenTornHeader checks that a file holding only a header cut off
// mid-line is written anew and that Open says so (TornHeader), while a
// new file and a whole one do not.
func TestOpenTornHeader(t *testing.T) {
	full := AppendHeader(nil, hdr)
	for _, tc := range []struct {
		name string
		data []byte // nil: no file
		want int
	}{
		{"new", nil, 0},
		{"empty", []byte{}, 0},
		{"cut-at-30", full[:30], 30},
		{"cut-before-newline", full[:len(full)-1], len(full) - 1},
		{"whole", full, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "c.ckpt")
			if tc.data != nil {
				if err := os.WriteFile(p, tc.data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			f, o, err := Open(p, hdr, 0)
			if err != nil {
				t.Fatalf("Open: %v", err)
			}
			f.Close()
			if o.TornHeader != tc.want {
				t.Errorf("Open of %q: TornHeader = %d; want %d", tc.data, o.TornHeader, tc.want)
			}
			if b, _ := os.ReadFile(p); !bytes.Equal(b, full) {
				t.Errorf("file after Open = %q; want the header %q", b, full)
			}
		})
	}
}

// TestParseCRLF checks that a checkpoint whose lines end in CR LF is
// refused with a message naming the line endings, not a checksum.
func TestParseCRLF(t *testing.T) {
	var b []byte
	b = AppendHeader(b, hdr)
	b = AppendRecord(b, Record{Unit: 3, Total: 8, Unique: 1, Nodes: 100})
	crlf := bytes.ReplaceAll(b, []byte("\n"), []byte("\r\n"))
	_, err := Parse(crlf)
	if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "CR LF") {
		t.Errorf("Parse of a CR LF file: %v; want ErrCorrupt naming CR LF", err)
	}
	if _, err := Parse(b); err != nil {
		t.Errorf("Parse of the LF file: %v", err)
	}
}
