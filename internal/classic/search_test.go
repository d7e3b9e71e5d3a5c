package classic

import (
	"context"
	"errors"
	"testing"
)

// TestStats pins what each method does on small boards. The permutation
// figures are the C# tutorial's ("analizzati 40320 trovati 92"); the
// other three walk the same tree, so their node counts must agree.
func TestStats(t *testing.T) {
	tests := []struct {
		method string
		n      int
		want   Stats
	}{
		{"permutation", 0, Stats{0, 1, 1}},
		{"permutation", 4, Stats{64, 24, 2}},
		{"permutation", 8, Stats{109600, 40320, 92}},
		{"matrix", 1, Stats{1, 1, 1}},
		{"matrix", 4, Stats{16, 60, 2}},
		{"matrix", 8, Stats{2056, 15720, 92}},
		{"arrays", 8, Stats{2056, 15720, 92}},
		{"bitboard", 8, Stats{2056, 2056, 92}},
		{"bitboard", 0, Stats{0, 0, 1}},
	}
	for _, tt := range tests {
		s := Search{N: tt.n}
		if err := Methods[tt.method](&s); err != nil {
			t.Fatal(err)
		}
		if s.Stats != tt.want {
			t.Errorf("%s(%d) stats = %+v; want %+v", tt.method, tt.n, s.Stats, tt.want)
		}
	}
}

// TestSameTree: board, arrays and bitboard place the same queens in the
// same order for every N ≤ 9; permutation visits a superset.
func TestSameTree(t *testing.T) {
	for n := 0; n <= 9; n++ {
		var ref []Event
		for _, name := range []string{"matrix", "arrays", "bitboard"} {
			var places []Event
			s := Search{N: n, Trace: func(e Event) {
				if e.Kind == Place || e.Kind == Solution {
					e.Stats = Stats{}
					places = append(places, e)
				}
			}}
			if err := Methods[name](&s); err != nil {
				t.Fatal(err)
			}
			if ref == nil {
				ref = places
				continue
			}
			if len(places) != len(ref) {
				t.Fatalf("n=%d: %s has %d place/solution events; board has %d", n, name, len(places), len(ref))
			}
			for i := range ref {
				if places[i] != ref[i] {
					t.Fatalf("n=%d: %s event %d = %+v; board has %+v", n, name, i, places[i], ref[i])
				}
			}
		}
	}
}

func TestYieldStops(t *testing.T) {
	for name, m := range Methods {
		got := 0
		s := Search{N: 8, Yield: func([]int) bool { got++; return got < 5 }}
		if err := m(&s); err != nil {
			t.Fatal(err)
		}
		if got != 5 || s.Stats.Solutions != 5 {
			t.Errorf("%s: yielded %d, stats %d after stopping at 5", name, got, s.Stats.Solutions)
		}
	}
}

func TestCancel(t *testing.T) {
	for name, m := range Methods {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		s := Search{N: 14, Ctx: ctx}
		if err := m(&s); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: error %v; want context.Canceled", name, err)
		}
		if s.Stats.Nodes > 4096 {
			t.Errorf("%s: %d nodes after cancel; want at most 4096", name, s.Stats.Nodes)
		}
	}
}

func TestBadN(t *testing.T) {
	for _, n := range []int{-1, MaxN + 1} {
		s := Search{N: n}
		if err := s.Bitboard(); err == nil {
			t.Errorf("Bitboard(%d) error = nil", n)
		}
	}
}

func TestKindString(t *testing.T) {
	for k, want := range map[Kind]string{Try: "try", Conflict: "conflict", Place: "place", Remove: "remove", Solution: "solution", DeadEnd: "deadend", 0: "kind(0)"} {
		if got := k.String(); got != want {
			t.Errorf("Kind(%d).String() = %q; want %q", k, got, want)
		}
	}
}

var sink uint64

func BenchmarkMethods(b *testing.B) {
	for _, name := range []string{"permutation", "matrix", "arrays", "bitboard"} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			var nodes uint64
			for b.Loop() {
				s := Search{N: 8}
				Methods[name](&s)
				nodes += s.Stats.Nodes
			}
			sink = nodes
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
