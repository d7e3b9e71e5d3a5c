package quadrant

import (
	"bufio"
	"context"
	"flag"
	"os"
	"strconv"
	"strings"
	"testing"
)

var long = flag.Bool("long", false, "check N = 15..19 against A000170 (minutes)")

// knownCounts reads testdata/a000170.txt at the repository root.
func knownCounts(t testing.TB) map[int]uint64 {
	t.Helper()
	f, err := os.Open("../../testdata/a000170.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m := map[int]uint64{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		fs := strings.Fields(line)
		if len(fs) != 2 {
			t.Fatalf("bad line %q", line)
		}
		n, err1 := strconv.Atoi(fs[0])
		v, err2 := strconv.ParseUint(fs[1], 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("bad line %q", line)
		}
		m[n] = v
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return m
}

// backtrack counts Q(n) with a plain bitboard backtracker, the reference.
func backtrack(n int) uint64 {
	if n == 0 {
		return 1
	}
	full := uint64(1)<<n - 1
	var rec func(cols, ld, rd uint64) uint64
	rec = func(cols, ld, rd uint64) uint64 {
		if cols == full {
			return 1
		}
		var c uint64
		for free := full &^ (cols | ld | rd); free != 0; free &= free - 1 {
			b := free & -free
			c += rec(cols|b, (ld|b)<<1&full, (rd|b)>>1)
		}
		return c
	}
	return rec(0, 0, 0)
}

func TestCountSmall(t *testing.T) {
	known := knownCounts(t)
	for n := 0; n <= 14; n++ {
		res, err := Count(context.Background(), n, Options{})
		if err != nil {
			t.Fatalf("Count(%d): %v", n, err)
		}
		if res.Total.Hi != 0 || res.Total.Lo != known[n] {
			t.Errorf("Count(%d) = %v; want %d", n, res.Total, known[n])
		}
		if n <= 14 {
			if b := backtrack(n); b != res.Total.Lo {
				t.Errorf("Count(%d) = %v; backtracker %d", n, res.Total, b)
			}
		}
	}
}

func TestCountLong(t *testing.T) {
	if !*long {
		t.Skip("use -long")
	}
	known := knownCounts(t)
	for n := 15; n <= 19; n++ {
		res, err := Count(context.Background(), n, Options{})
		if err != nil {
			t.Fatalf("Count(%d): %v", n, err)
		}
		if res.Total.Hi != 0 || res.Total.Lo != known[n] {
			t.Errorf("Count(%d) = %v; want %d", n, res.Total, known[n])
		}
		t.Logf("Count(%d) = %v, peak %d MiB", n, res.Total, res.PeakMemory>>20)
	}
}
