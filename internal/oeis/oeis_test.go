package oeis

import (
	"fmt"
	"strings"
	"testing"
)

func TestLoad(t *testing.T) {
	a, err := Load("a000170")
	if err != nil {
		t.Fatal(err)
	}
	u := Uint64s(a)
	for n, want := range map[int]uint64{0: 1, 2: 0, 8: 92, 27: 234907967154122528} {
		if got := u[n]; got != want {
			t.Errorf("a000170(%d) = %d; want %d", n, got, want)
		}
	}
	b, err := Load("a002562")
	if err != nil {
		t.Fatal(err)
	}
	if got := b[8].Int64(); got != 12 {
		t.Errorf("a002562(8) = %d; want 12", got)
	}
	if _, err := Load("nonexistent"); err == nil {
		t.Errorf("Load(nonexistent) error = nil")
	}
}

// fakeTB records a Fatalf instead of ending the test.
type fakeTB struct{ failed string }

func (f *fakeTB) Helper()                           {}
func (f *fakeTB) Fatalf(format string, args ...any) { f.failed = fmt.Sprintf(format, args...) }

func TestMustLoad(t *testing.T) {
	var f fakeTB
	if m := MustLoad(&f, "a000170"); f.failed != "" || m[8].Int64() != 92 {
		t.Errorf("MustLoad(a000170): a(8) = %v, failed %q; want 92 and no failure", m[8], f.failed)
	}
	f = fakeTB{}
	if m := MustLoad(&f, "nonexistent"); m != nil || !strings.Contains(f.failed, "no testdata/nonexistent.txt at or above") {
		t.Errorf("MustLoad(nonexistent) = %v, failed %q; want nil and a failure naming the file", m, f.failed)
	}
}
