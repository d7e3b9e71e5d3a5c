package nqueens

import (
	"context"
	"errors"
	"slices"
	"testing"
)

// TestSolutionsAllMethods checks, for every method and N ≤ 9 (10 for the
// fast ones), that every placement is valid, distinct, in strictly
// increasing lexicographic order, and that their number equals Count.
func TestSolutionsAllMethods(t *testing.T) {
	total := loadOEIS(t, "a000170")
	limits := map[Method]int{MethodKernel: 10, MethodArrays: 10, MethodMatrix: 9, MethodPermutation: 8}
	for _, m := range SearchMethods {
		for n := 0; n <= limits[m]; n++ {
			s, err := Solutions(context.Background(), n, SolveOptions{Method: m})
			if err != nil {
				t.Fatal(err)
			}
			var prev Placement
			var got uint64
			for p := range s.All() {
				if err := Validate(p); err != nil {
					t.Fatalf("%s n=%d: %v invalid: %v", m, n, p, err)
				}
				if prev != nil && slices.Compare(prev, p) >= 0 {
					t.Fatalf("%s n=%d: %v follows %v; want increasing order", m, n, p, prev)
				}
				prev = p
				got++
			}
			if want := want(t, total, n).Lo; got != want {
				t.Errorf("%s n=%d: %d solutions; want %d", m, n, got, want)
			}
			if st := s.Stats(); st.Solutions != got {
				t.Errorf("%s n=%d: Stats.Solutions = %d; want %d", m, n, st.Solutions, got)
			}
		}
	}
}

func TestSolutionsFirst(t *testing.T) {
	seq, err := Solutions(context.Background(), 8, SolveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for p := range seq.All() {
		if got, want := p.String(), "1 5 8 6 3 7 2 4"; got != want {
			t.Errorf("first solution of 8 = %q; want %q", got, want)
		}
		break
	}
}

// TestSolutionsStopEarly: breaking out of the loop stops the search, so
// taking one solution of N = 30 returns at once.
func TestSolutionsStopEarly(t *testing.T) {
	s, err := Solutions(context.Background(), 30, SolveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for p := range s.All() {
		if err := Validate(p); err != nil {
			t.Fatal(err)
		}
		if n++; n == 3 {
			break
		}
	}
	if n != 3 {
		t.Fatalf("got %d solutions; want 3", n)
	}
	if st := s.Stats(); st.Solutions != 3 {
		t.Errorf("Stats().Solutions = %d after taking 3; want 3 (the search ran on)", st.Solutions)
	}
}

func TestSolutionsLimitUnique(t *testing.T) {
	tests := []struct {
		n      int
		opts   SolveOptions
		want   int
		method Method
	}{
		{8, SolveOptions{Limit: 5}, 5, ""},
		{8, SolveOptions{Unique: true}, 12, ""},
		{8, SolveOptions{Unique: true, Limit: 3}, 3, ""},
		{8, SolveOptions{Unique: true, Method: MethodPermutation}, 12, ""},
		{6, SolveOptions{Limit: 100}, 4, ""},
		{3, SolveOptions{}, 0, ""},
		{0, SolveOptions{}, 1, ""},
	}
	for _, tt := range tests {
		seq, err := Solutions(context.Background(), tt.n, tt.opts)
		if err != nil {
			t.Fatal(err)
		}
		got := 0
		for p := range seq.All() {
			if tt.opts.Unique && !isCanonical(p) {
				t.Errorf("Solutions(%d, %+v) yielded non-canonical %v", tt.n, tt.opts, p)
			}
			got++
		}
		if got != tt.want {
			t.Errorf("Solutions(%d, %+v) gave %d; want %d", tt.n, tt.opts, got, tt.want)
		}
	}
}

func TestSolutionsErrors(t *testing.T) {
	if _, err := Solutions(context.Background(), -1, SolveOptions{}); !errors.Is(err, ErrSize) {
		t.Errorf("Solutions(-1) error = %v; want ErrSize", err)
	}
	if _, err := Solutions(context.Background(), 8, SolveOptions{Method: "x"}); !errors.Is(err, ErrMethod) {
		t.Errorf("Solutions(8, x) error = %v; want ErrMethod", err)
	}
	if _, err := Solutions(context.Background(), 8, SolveOptions{Limit: -1}); err == nil {
		t.Errorf("Solutions(8, limit -1) error = nil")
	}
}

// TestAllCancel: All stops when the context of Solutions is done, and
// Err says why.
func TestAllCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s, _ := Solutions(ctx, 20, SolveOptions{Method: MethodArrays})
	n := 0
	for range s.All() {
		if n++; n == 10 {
			cancel()
		}
	}
	if !errors.Is(s.Err(), context.Canceled) {
		t.Errorf("Err() = %v after cancel; want context.Canceled", s.Err())
	}
}

// TestTraceReplay replays the events of every method on N = 6 and checks
// that they describe a consistent search: places and removes balance,
// depth matches, every solution event shows a valid full board, and the
// final counters match Stats.
func TestTraceReplay(t *testing.T) {
	for _, m := range SearchMethods {
		board := make([]int, 6)
		for i := range board {
			board[i] = -1
		}
		depth, sols := 0, 0
		var last Event
		s, _ := Solutions(context.Background(), 6, SolveOptions{Method: m, Trace: func(e Event) {
			switch e.Kind {
			case EventPlace:
				if board[e.Row] != -1 {
					t.Fatalf("%s: place on row %d which holds a queen", m, e.Row)
				}
				board[e.Row] = e.Col
				depth++
			case EventRemove:
				if board[e.Row] != e.Col {
					t.Fatalf("%s: remove (%d,%d) not on the board", m, e.Row, e.Col)
				}
				board[e.Row] = -1
				depth--
			case EventSolution:
				sols++
				if err := Validate(Placement(board)); err != nil {
					t.Fatalf("%s: solution event on invalid board %v: %v", m, board, err)
				}
			case EventConflict:
				if e.ByRow < 0 || board[e.ByRow] != e.ByCol {
					t.Fatalf("%s: conflict names (%d,%d), not a queen on %v", m, e.ByRow, e.ByCol, board)
				}
			}
			if e.Kind == EventPlace || e.Kind == EventRemove || e.Kind == EventSolution {
				if e.Depth != depth {
					t.Fatalf("%s: %v event depth %d; replay says %d", m, e.Kind, e.Depth, depth)
				}
			}
			last = e
		}})
		for range s.All() {
		}
		if sols != 4 || depth != 0 {
			t.Errorf("%s: replay ended with %d solutions, depth %d; want 4, 0", m, sols, depth)
		}
		if last.Stats != s.Stats() {
			t.Errorf("%s: last event stats %+v; Stats() = %+v", m, last.Stats, s.Stats())
		}
	}
}
