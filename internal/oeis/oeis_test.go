package oeis

import "testing"

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
