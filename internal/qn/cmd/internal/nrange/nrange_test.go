package nrange

import "testing"

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		s      string
		lo, hi int
		ok     bool
	}{
		{"12", 12, 12, true}, {"11-13", 11, 13, true}, {"4-32", 4, 32, true},
		{"3", 0, 0, false}, {"4-33", 0, 0, false}, {"13-12", 0, 0, false},
		{"08", 0, 0, false}, {"8-", 0, 0, false}, {"8-9x", 0, 0, false}, {"", 0, 0, false},
	} {
		lo, hi, err := Parse(tc.s, 4, 32)
		if (err == nil) != tc.ok || lo != tc.lo || hi != tc.hi {
			t.Errorf("Parse(%q, 4, 32) = %d, %d, %v; want %d, %d, ok %v", tc.s, lo, hi, err, tc.lo, tc.hi, tc.ok)
		}
	}
}
