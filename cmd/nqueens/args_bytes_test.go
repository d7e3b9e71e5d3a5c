package main

import "testing"

func TestParseBytes(t *testing.T) {
	tests := []struct {
		in   string
		want uint64
		ok   bool
	}{
		{"1048576", 1 << 20, true},
		{"512M", 512 << 20, true},
		{"4G", 4 << 30, true},
		{"4GiB", 4 << 30, true},
		{"4gb", 4 << 30, true},
		{"2k", 2048, true},
		{"1T", 1 << 40, true},
		{"0", 0, false},
		{"", 0, false},
		{"G", 0, false},
		{"-1G", 0, false},
		{"1.5G", 3 << 29, true},
		{"2.7M", 27 << 20 / 10, true},
		{"0.0K", 0, false},
		{"1.55G", 0, false},
		{"1.G", 0, false},
		{"1.5", 0, false},
		{"9999999999.9T", 0, false},
		{"99999999999T", 0, false},
	}
	for _, tt := range tests {
		got, err := parseBytes(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("parseBytes(%q) = %d, %v; want %d, ok=%v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

func FuzzParseBytes(f *testing.F) {
	for _, s := range []string{"512M", "4GiB", "0", "1T", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := parseBytes(s)
		if err == nil && v == 0 {
			t.Errorf("parseBytes(%q) = 0 without error", s)
		}
	})
}
