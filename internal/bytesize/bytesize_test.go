package bytesize

import (
	"math"
	"testing"
)

func TestFormat(t *testing.T) {
	for _, c := range []struct {
		b           uint64
		need, limit string
	}{
		{0, "0 B", "0 B"},
		{1023, "1023 B", "1023 B"},
		{1024, "1.0 KiB", "1.0 KiB"},
		{1025, "1.1 KiB", "1.0 KiB"},
		{1 << 20, "1.0 MiB", "1.0 MiB"},
		{1100 << 10, "1.1 MiB", "1.1 MiB"},
		{1<<20 + 1<<20/10 + 1, "1.2 MiB", "1.1 MiB"},
		{2700 << 10, "2.7 MiB", "2.6 MiB"},
		{27 << 20 / 10, "2.7 MiB", "2.7 MiB"},
		{16 << 30, "16.0 GiB", "16.0 GiB"},
		{math.MaxUint64, "16.0 EiB", "16.0 EiB"},
	} {
		if got := Need(c.b); got != c.need {
			t.Errorf("Need(%d) = %q; want %q", c.b, got, c.need)
		}
		if got := Limit(c.b); got != c.limit {
			t.Errorf("Limit(%d) = %q; want %q", c.b, got, c.limit)
		}
	}
}
