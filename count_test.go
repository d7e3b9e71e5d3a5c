package nqueens

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"testing"
	"time"
)

var (
	long    = flag.Bool("long", false, "run the long tests (counts up to N = 17, methods up to 12)")
	countTo = flag.Int("maxn", 0, "check Count (default options, and from N = 18 the kernel by name too) against A000170 and A002562 through this N (default 15, 17 with -long; .ci/run: 18)")
)

func TestCountMatchesOEIS(t *testing.T) {
	total := loadOEIS(t, "a000170")
	unique := loadOEIS(t, "a002562")
	unique[0] = total[0] // one empty board, one class
	maxN := 15
	if *long {
		maxN = 17
	}
	if *countTo > 0 {
		maxN = *countTo
	}
	if testing.Short() {
		maxN = 12
	}
	for n := 0; n <= maxN; n++ {
		// The default options (MethodAuto: the kernel below N = 18, the
		// join from 18 where it fits) on 1 and 2 workers through N = 17;
		// above, on all cores, and the kernel asked for by name: N = 18
		// takes it some 6 s of CPU per run.
		optSets := []CountOptions{{Workers: 1}, {Workers: 2}}
		if n > 17 {
			optSets = []CountOptions{{}, {Method: MethodKernel}}
		}
		for _, opts := range optSets {
			res, err := Count(context.Background(), n, opts)
			if err != nil {
				t.Fatalf("Count(%d, %+v) error: %v", n, opts, err)
			}
			if n <= 17 && res.Method != MethodKernel || opts.Method == MethodKernel && res.Method != MethodKernel {
				t.Errorf("Count(%d, %+v).Method = %s; want the kernel", n, opts, res.Method)
			}
			if got, want := res.Solutions, want(t, total, n); got != want {
				t.Errorf("Count(%d).Solutions = %v; want %v", n, got, want)
			}
			if got, want := res.Unique, want(t, unique, n); got != want {
				t.Errorf("Count(%d).Unique = %v; want %v", n, got, want)
			}
			if n >= 4 && res.Method == MethodKernel && res.Nodes == 0 {
				t.Errorf("Count(%d).Nodes = 0", n)
			}
		}
	}
}

func TestMethodsAgree(t *testing.T) {
	total := loadOEIS(t, "a000170")
	unique := loadOEIS(t, "a002562")
	unique[0] = total[0]
	limits := map[Method]int{MethodJoin: 10, MethodKernel: 10, MethodBitboard: 10, MethodArrays: 10, MethodMatrix: 9, MethodPermutation: 8}
	if *long {
		limits = map[Method]int{MethodJoin: 12, MethodKernel: 12, MethodBitboard: 12, MethodArrays: 12, MethodMatrix: 12, MethodPermutation: 10}
	}
	for _, m := range Methods {
		for n := 0; n <= limits[m]; n++ {
			res, err := Count(context.Background(), n, CountOptions{Method: m})
			if err != nil {
				t.Fatalf("Count(%d, %s) error: %v", n, m, err)
			}
			if got, want := res.Solutions, want(t, total, n); got != want {
				t.Errorf("Count(%d, %s).Solutions = %v; want %v", n, m, got, want)
			}
			if got, want := res.Unique, want(t, unique, n); got != want {
				t.Errorf("Count(%d, %s).Unique = %v; want %v", n, m, got, want)
			}
			if res.Method != m {
				t.Errorf("Count(%d, %s).Method = %s", n, m, res.Method)
			}
		}
	}
}

// TestCountBitboardIsTheSearch: MethodBitboard counts by the tutorials'
// bitboard search, on one goroutine and in one unit, with the nodes the
// search places (Search.Stats), not by the kernel.
func TestCountBitboardIsTheSearch(t *testing.T) {
	s, err := Solutions(context.Background(), 10, SolveOptions{Method: MethodBitboard})
	if err != nil {
		t.Fatal(err)
	}
	for range s.All() {
	}
	res, err := Count(context.Background(), 10, CountOptions{Method: MethodBitboard})
	if err != nil {
		t.Fatal(err)
	}
	if res.Units != 1 || res.Nodes != s.Stats().Nodes || res.Solutions.Lo != s.Stats().Solutions {
		t.Errorf("Count(10, bitboard) = %d units, %d nodes, %v solutions; want 1 unit and the search's %d nodes, %d solutions",
			res.Units, res.Nodes, res.Solutions, s.Stats().Nodes, s.Stats().Solutions)
	}
	k, err := Count(context.Background(), 10, CountOptions{Method: MethodKernel})
	if err != nil {
		t.Fatal(err)
	}
	if k.Units <= 1 || k.Nodes == res.Nodes {
		t.Errorf("Count(10, kernel) = %d units, %d nodes; want the kernel's units and nodes, not the search's", k.Units, k.Nodes)
	}
}

func TestParseMethod(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Method
	}{
		{"", MethodAuto}, {"auto", MethodAuto}, {"kernel", MethodKernel}, {"KERNEL", MethodKernel},
		{"join", MethodJoin}, {"quadrant", MethodJoin}, {"Quadrant", MethodJoin},
		{"bitboard", MethodBitboard}, {"arrays", MethodArrays}, {"matrix", MethodMatrix}, {"board", MethodMatrix}, {"permutation", MethodPermutation},
	} {
		if got, err := ParseMethod(tc.in); err != nil || got != tc.want {
			t.Errorf("ParseMethod(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	for _, m := range Methods {
		if got, err := ParseMethod(m.String()); err != nil || got != m {
			t.Errorf("ParseMethod(%q) = %q, %v; want it back", m, got, err)
		}
	}
	_, err := ParseMethod("magic")
	if want := `unknown method "magic" (want auto, join, kernel, bitboard, arrays, matrix, permutation)`; err == nil || err.Error() != want {
		t.Errorf("ParseMethod(magic) error = %v; want %s", err, want)
	}
}

// TestRecordedMethod: shard records and checkpoints name the kernel ""
// or "bitboard" (its name before MethodKernel) and the join "quadrant".
func TestRecordedMethod(t *testing.T) {
	for in, want := range map[Method]Method{"": MethodKernel, "bitboard": MethodKernel, "kernel": MethodKernel, "quadrant": MethodJoin, "join": MethodJoin} {
		if got := in.recorded(); got != want {
			t.Errorf("Method(%q).recorded() = %q; want %q", in, got, want)
		}
	}
}

func TestCountErrors(t *testing.T) {
	for _, n := range []int{-1, MaxN + 1, 1000} {
		if _, err := Count(context.Background(), n, CountOptions{}); !errors.Is(err, ErrSize) {
			t.Errorf("Count(%d) error = %v; want ErrSize", n, err)
		}
	}
	if _, err := Count(context.Background(), 8, CountOptions{Method: "magic"}); !errors.Is(err, ErrMethod) {
		t.Errorf("Count(8, magic) error = %v; want ErrMethod", err)
	}
	if _, err := Count(context.Background(), 8, CountOptions{Workers: -1}); err == nil {
		t.Errorf("Count(8, workers -1) error = nil; want an error")
	}
}

func TestCountCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	start := time.Now()
	_, err := Count(ctx, 22, CountOptions{Method: MethodKernel}) // would take hours
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Count(22) with cancel: error = %v; want context.Canceled", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("Count(22) returned %v after cancel; want promptly", d)
	}
}

func TestPermutationStats(t *testing.T) {
	// The C# tutorial prints "analizzati 40320 trovati 92" for N = 8.
	s, err := Solutions(context.Background(), 8, SolveOptions{Method: MethodPermutation})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for range s.All() {
		n++
	}
	st := s.Stats()
	if st.Candidates != 40320 || st.Solutions != 92 || n != 92 {
		t.Errorf("permutation N=8: candidates %d, solutions %d, yielded %d; want 40320, 92, 92", st.Candidates, st.Solutions, n)
	}
}

// TestCountHugeWorkers: a huge Workers value starts no more goroutines
// than there are units (it once started 10^8 of them for N = 5).
func TestCountHugeWorkers(t *testing.T) {
	for _, m := range []Method{MethodKernel, MethodJoin} {
		done := make(chan error, 1)
		go func() {
			res, err := Count(context.Background(), 12, CountOptions{Workers: 100_000_000, Method: m})
			if err == nil && res.Solutions.Lo != 14200 {
				err = fmt.Errorf("Count(12).Solutions = %v; want 14200", res.Solutions)
			}
			done <- err
		}()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("%s: %v", m, err)
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("%s: Count(12, Workers: 1e8) still running after 30 s", m)
		}
	}
}
