package nqueens_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/nqueens/nqueens"
)

// TestEstimateSolve: small searches are estimated without a trial and
// near their exact size; the permutation method's nodes are exact; a
// board far beyond any hour is timed and estimated at centuries; bad
// questions are errors.
func TestEstimateSolve(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		n            int
		method       string
		nodes, sols  float64 // exact, from the whole search
		exact, timed bool
	}{
		{8, "", 2056, 92, false, false},
		{10, "arrays", 35538, 724, false, false},
		{8, "permutation", 109600, 92, false, false},
	}
	for _, tt := range tests {
		e, err := nqueens.EstimateSolve(ctx, tt.n, nqueens.SolveOptions{Method: nqueens.Method(tt.method)}, nqueens.SearchEstimateOptions{})
		if err != nil {
			t.Fatalf("EstimateSolve(%d, %q): %v", tt.n, tt.method, err)
		}
		if e.Timed != tt.timed || e.Exact != tt.exact || e.Probes != 1000 {
			t.Errorf("EstimateSolve(%d, %q) = %+v; want Timed %v, Exact %v, 1000 probes", tt.n, tt.method, e, tt.timed, tt.exact)
		}
		again, _ := nqueens.EstimateSolve(ctx, tt.n, nqueens.SolveOptions{Method: nqueens.Method(tt.method)}, nqueens.SearchEstimateOptions{})
		if again.Nodes != e.Nodes || again.Solutions != e.Solutions {
			t.Errorf("EstimateSolve(%d, %q) twice: %.0f, %.0f then %.0f, %.0f; want the same figures (fixed seed)", tt.n, tt.method, e.Nodes, e.Solutions, again.Nodes, again.Solutions)
		}
		if math.Abs(e.Nodes-tt.nodes) > 0.1*tt.nodes || math.Abs(e.Solutions-tt.sols) > 0.2*tt.sols {
			t.Errorf("EstimateSolve(%d, %q): nodes %.0f, solutions %.0f; want about %.0f and %.0f", tt.n, tt.method, e.Nodes, e.Solutions, tt.nodes, tt.sols)
		}
	}
	e, err := nqueens.EstimateSolve(ctx, 64, nqueens.SolveOptions{Limit: 1}, nqueens.SearchEstimateOptions{})
	if err != nil || !e.Timed || e.Exact || !(e.Seconds > 1e9) || !(e.NodeSeconds > 0) {
		t.Errorf("EstimateSolve(64) = %+v, %v; want timed, not exact, over 10^9 s", e, err)
	}
	for _, tt := range []struct {
		n   int
		eo  nqueens.SearchEstimateOptions
		ctx context.Context
	}{
		{65, nqueens.SearchEstimateOptions{}, ctx},
		{8, nqueens.SearchEstimateOptions{Budget: -1}, ctx},
		{20, nqueens.SearchEstimateOptions{}, cancelled()},
	} {
		if _, err := nqueens.EstimateSolve(tt.ctx, tt.n, nqueens.SolveOptions{}, tt.eo); err == nil {
			t.Errorf("EstimateSolve(%d, %+v) = nil error; want one", tt.n, tt.eo)
		}
	}
}

func cancelled() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}

// TestEstimateComplete: a small board is counted whole in the trial; an
// empty 20×20 board is not, and its estimate is near Q(20) completions
// and timed; bad boards are errors.
func TestEstimateComplete(t *testing.T) {
	ctx := context.Background()
	e, err := nqueens.EstimateComplete(ctx, &nqueens.Puzzle{N: 8}, nqueens.SearchEstimateOptions{Budget: 4 * time.Second})
	if err != nil || !e.Exact || e.Solutions != 92 || e.Nodes == 0 {
		t.Errorf("EstimateComplete(empty 8) = %+v, %v; want exact, 92 completions", e, err)
	}
	e, err = nqueens.EstimateComplete(ctx, &nqueens.Puzzle{N: 20}, nqueens.SearchEstimateOptions{})
	const q20 = 39029188884.0
	if err != nil || e.Exact || !e.Timed || e.Probes < 50 || e.Solutions < q20/2 || e.Solutions > 2*q20 || !(e.Seconds > 0) {
		t.Errorf("EstimateComplete(empty 20) = %+v, %v; want timed, 50 probes or more, about %.0f completions", e, err, q20)
	}
	bad := &nqueens.Puzzle{N: 8, Queens: []nqueens.Square{{Row: 0, Col: 0}, {Row: 1, Col: 1}}}
	if _, err := nqueens.EstimateComplete(ctx, bad, nqueens.SearchEstimateOptions{}); !errors.Is(err, nqueens.ErrBadPuzzle) {
		t.Errorf("EstimateComplete(attacking queens) error = %v; want ErrBadPuzzle", err)
	}
	if _, err := nqueens.EstimateComplete(cancelled(), &nqueens.Puzzle{N: 20}, nqueens.SearchEstimateOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("EstimateComplete(cancelled) error = %v; want context.Canceled", err)
	}
}

// TestAllWithin: a search that ends or reaches its limit in time is
// not a trial over; one that does not is, with its nodes in Stats; a
// cancelled context is the context's error.
func TestAllWithin(t *testing.T) {
	ctx := context.Background()
	run := func(ctx context.Context, n, limit int, d time.Duration) (int, *nqueens.Search) {
		s, err := nqueens.Solutions(ctx, n, nqueens.SolveOptions{Limit: limit})
		if err != nil {
			t.Fatal(err)
		}
		k := 0
		for range s.AllWithin(d) {
			k++
		}
		return k, s
	}
	if k, s := run(ctx, 8, 0, time.Minute); k != 92 || s.Err() != nil {
		t.Errorf("solve 8 within a minute: %d solutions, %v; want 92, nil", k, s.Err())
	}
	if k, s := run(ctx, 14, 3, time.Minute); k != 3 || s.Err() != nil {
		t.Errorf("solve 14 -limit 3 within a minute: %d solutions, %v; want 3, nil", k, s.Err())
	}
	start := time.Now()
	k, s := run(ctx, 64, 1, 50*time.Millisecond)
	if k != 0 || !errors.Is(s.Err(), nqueens.ErrTrialOver) || s.Stats().Nodes == 0 {
		t.Errorf("solve 64 -limit 1 within 50 ms: %d solutions, %v, %d nodes; want 0, ErrTrialOver, some nodes", k, s.Err(), s.Stats().Nodes)
	}
	if el := time.Since(start); el > 2*time.Second {
		t.Errorf("a trial of 50 ms took %v", el)
	}
	if _, s := run(cancelled(), 64, 1, time.Minute); !errors.Is(s.Err(), context.Canceled) || errors.Is(s.Err(), nqueens.ErrTrialOver) {
		t.Errorf("cancelled trial: %v; want context.Canceled alone", s.Err())
	}
}

func ExampleEstimateSolve() {
	// The permutation method's nodes are the partial permutations,
	// counted exactly; a search this small is not timed.
	e, err := nqueens.EstimateSolve(context.Background(), 8, nqueens.SolveOptions{Method: "permutation"}, nqueens.SearchEstimateOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Println(e.Nodes, e.Timed)
	// Output: 109600 false
}
