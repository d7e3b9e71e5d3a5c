package run

import (
	"strings"
	"testing"
)

func TestParseMemAvailable(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want uint64
		ok   bool
	}{
		{"MemTotal: 100 kB\nMemAvailable:   2048 kB\n", 2 << 20, true},
		{"MemTotal: 100 kB\n", 0, false},
		{"MemAvailable: 12 MB\n", 0, false},
		{"MemAvailable: x kB\n", 0, false},
		{"MemAvailable: 9007199254740993 kB\n", 0, false},
	} {
		got, ok := parseMemAvailable(strings.NewReader(tc.in))
		if got != tc.want || ok != tc.ok {
			t.Errorf("parseMemAvailable(%q) = %d, %v; want %d, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}
