package testio

import (
	"bytes"
	"io"
	"testing"
)

func TestEndless(t *testing.T) {
	for _, tc := range []struct {
		name  string
		r     *Endless
		limit int64
		want  func(b []byte) bool
	}{
		{"zeros", Zeros(10_000), 10_000, func(b []byte) bool { return bytes.Count(b, []byte{0}) == len(b) }},
		{"yes", Repeat("ab\n", 10_000), 10_000, func(b []byte) bool { return bytes.Equal(b, bytes.Repeat([]byte("ab\n"), 3334)[:10_000]) }},
		{"random", Random(1, 2, 10_000), 10_000, func(b []byte) bool { return bytes.Count(b, []byte{b[0]}) < 200 }},
	} {
		b, err := io.ReadAll(tc.r)
		if err != nil || int64(len(b)) != tc.limit || tc.r.N != tc.limit || !tc.want(b) {
			t.Errorf("%s: read %d bytes (N = %d), %v; want %d bytes of the right kind", tc.name, len(b), tc.r.N, err, tc.limit)
		}
		if n, err := tc.r.Read(make([]byte, 8)); n != 0 || err != io.EOF {
			t.Errorf("%s: Read past the limit = %d, %v; want 0, EOF", tc.name, n, err)
		}
	}
	// The same seeds give the same bytes.
	a, _ := io.ReadAll(Random(1, 2, 4096))
	b, _ := io.ReadAll(Random(1, 2, 4096))
	if !bytes.Equal(a, b) {
		t.Errorf("Random(1, 2) gave different bytes on two readers")
	}
}

func TestHostile(t *testing.T) {
	m := Hostile(100, "1\n", "{\n", "\n")
	for _, name := range []string{"/dev/zero", "/dev/urandom", "yes 1", "yes {", "yes "} {
		r, ok := m[name]
		if !ok {
			t.Errorf("Hostile has no %q (has %d readers)", name, len(m))
			continue
		}
		if b, _ := io.ReadAll(r); len(b) != 100 {
			t.Errorf("%s: %d bytes; want 100", name, len(b))
		}
	}
	if len(m) != 5 {
		t.Errorf("Hostile gave %d readers; want 5", len(m))
	}
}
