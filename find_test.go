package nqueens

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestFind(t *testing.T) {
	for n := 1; n <= 300; n++ {
		p, err := Find(n)
		if n == 2 || n == 3 {
			if !errors.Is(err, ErrNoSolution) {
				t.Errorf("Find(%d) error = %v; want ErrNoSolution", n, err)
			}
			continue
		}
		if err != nil || Validate(p) != nil {
			t.Fatalf("Find(%d) = %v, %v; Validate: %v", n, p, err, Validate(p))
		}
		for r := range n {
			if FindColumn(n, r) != p[r] {
				t.Fatalf("FindColumn(%d, %d) = %d; Find says %d", n, r, FindColumn(n, r), p[r])
			}
		}
		var b bytes.Buffer
		if err := WriteFind(&b, n, FormatPerm); err != nil || b.String() != p.String()+"\n" {
			t.Fatalf("WriteFind(%d) = %q, %v; want %q", n, b.String(), err, p.String())
		}
		b.Reset()
		if err := WriteFind(&b, n, FormatJSON); err != nil {
			t.Fatal(err)
		}
		q, err := Parse(b.String())
		if err != nil || q.String() != p.String() {
			t.Fatalf("WriteFind(%d, json) = %q parses as %v, %v", n, b.String(), q, err)
		}
	}
	bad := []int{-1}
	if strconv.IntSize == 64 { // MaxFindN + 1 is not an int on a 32-bit one
		past := int64(MaxFindN)
		past++
		bad = append(bad, int(past))
	}
	for _, n := range bad {
		if _, err := Find(n); !errors.Is(err, ErrSize) {
			t.Errorf("Find(%d) error = %v; want ErrSize", n, err)
		}
	}
	if err := WriteFind(&bytes.Buffer{}, MaxBoardN+1, FormatBoard); !errors.Is(err, ErrSize) {
		t.Errorf("WriteFind(board, %d) = %v; want ErrSize", MaxBoardN+1, err)
	}
	if err := WriteFind(&bytes.Buffer{}, 8, "xml"); err == nil {
		t.Error("WriteFind(xml) = nil; want an error")
	}
}

func TestRandom(t *testing.T) {
	ctx := context.Background()
	a, err := Random(ctx, 5000, RandomOptions{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	p := a.Placement()
	if err := Validate(p); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := a.Write(&b, FormatPerm); err != nil || strings.TrimSpace(b.String()) != p.String() {
		t.Errorf("Write(perm) = %v; differs from Placement", err)
	}
	c, _ := Random(ctx, 5000, RandomOptions{Seed: 3})
	d, _ := Random(ctx, 5000, RandomOptions{Seed: 4})
	if c.Placement().String() != p.String() {
		t.Error("the same seed gave a different solution")
	}
	if d.Placement().String() == p.String() {
		t.Error("seeds 3 and 4 gave the same solution")
	}
	if _, err := Random(ctx, 3, RandomOptions{}); !errors.Is(err, ErrNoSolution) {
		t.Errorf("Random(3) = %v; want ErrNoSolution", err)
	}
}

func TestComplete(t *testing.T) {
	ctx := context.Background()
	b := &Puzzle{N: 6, Queens: []Square{{0, 1}}}
	res, err := Complete(ctx, b, CompleteOptions{})
	if err != nil || res.Placement.String() != "2 4 6 1 3 5" {
		t.Errorf("Complete = %v, %v; want 2 4 6 1 3 5", res.Placement, err)
	}
	b.Blocked = []Square{{1, 3}}
	if _, err := Complete(ctx, b, CompleteOptions{}); !errors.Is(err, ErrNoCompletion) {
		t.Errorf("Complete with 2:4 blocked = %v; want ErrNoCompletion", err)
	}
	res, err = Complete(ctx, &Puzzle{N: 8}, CompleteOptions{Count: true})
	if err != nil || res.Count != 92 {
		t.Errorf("Count(empty 8) = %d, %v; want 92", res.Count, err)
	}
	bad := []*Puzzle{
		{N: 8, Queens: []Square{{0, 0}, {7, 7}}},
		{N: 8, Queens: []Square{{0, 0}}, Blocked: []Square{{0, 0}}},
		{N: 8, Blocked: []Square{{8, 0}}},
		{N: 65},
	}
	for _, b := range bad {
		if _, err := Complete(ctx, b, CompleteOptions{}); !errors.Is(err, ErrBadPuzzle) {
			t.Errorf("Complete(%+v) = %v; want ErrBadPuzzle", b, err)
		}
	}
	cs, err := Completions(ctx, &Puzzle{N: 6})
	if err != nil {
		t.Fatal(err)
	}
	k := 0
	for p := range cs.All() {
		if Validate(p) != nil {
			t.Errorf("Completions yielded %v", p)
		}
		k++
	}
	if nodes, err := cs.Nodes(), cs.Err(); k != 4 || err != nil || nodes == 0 {
		t.Errorf("Completions(empty 6) = %d, nodes %d, %v; want 4", k, nodes, err)
	}
	if _, err := ParsePuzzle("Q..\n..\n..."); !errors.Is(err, ErrBadPuzzle) {
		t.Errorf("ParsePuzzle(ragged) = %v; want ErrBadPuzzle", err)
	}
	g, err := GeneratePuzzle(FamilyBlocked, 10, 5, 1)
	if err != nil || len(g.Blocked) != 5 {
		t.Errorf("GeneratePuzzle(blocked) = %v, %v", g, err)
	}
	if _, err := GeneratePuzzle("nope", 10, 5, 1); err == nil {
		t.Error("GeneratePuzzle(nope) = nil error")
	}
}

func TestRandomMaxN(t *testing.T) {
	for _, n := range []int{MaxRandomN + 1, MaxFindN} {
		if _, err := Random(context.Background(), n, RandomOptions{}); !errors.Is(err, ErrSize) {
			t.Errorf("Random(%d): %v, want ErrSize", n, err)
		}
	}
}

// TestFindZero: the empty board has one solution, the empty Placement,
// for Find, WriteFind and Random as for Count.
func TestFindZero(t *testing.T) {
	if p, err := Find(0); err != nil || p == nil || len(p) != 0 {
		t.Errorf("Find(0) = %#v, %v; want an empty Placement", p, err)
	}
	for f, want := range map[string]string{FormatPerm: "\n", FormatJSON: `{"n":0,"columns":[]}` + "\n"} {
		var b strings.Builder
		if err := WriteFind(&b, 0, f); err != nil || b.String() != want {
			t.Errorf("WriteFind(0, %s) = %q, %v; want %q", f, b.String(), err, want)
		}
	}
	s, err := Random(context.Background(), 0, RandomOptions{})
	if err != nil || s.N() != 0 || len(s.Placement()) != 0 {
		t.Errorf("Random(0) = %v, %v; want the empty solution", s, err)
	}
	if _, err := Find(-1); !errors.Is(err, ErrSize) {
		t.Errorf("Find(-1) error = %v; want ErrSize", err)
	}
}

// TestRandomDrawSeed: DrawSeed draws a seed, reported in Seed, which
// gives the same solution again; the zero options use seed 0.
func TestRandomDrawSeed(t *testing.T) {
	ctx := context.Background()
	z, err := Random(ctx, 50, RandomOptions{})
	if err != nil || z.Seed != 0 {
		t.Fatalf("Random(50, zero options) seed %d, %v; want seed 0", z.Seed, err)
	}
	a, err := Random(ctx, 50, RandomOptions{DrawSeed: true})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Random(ctx, 50, RandomOptions{DrawSeed: true})
	if err != nil {
		t.Fatal(err)
	}
	if a.Seed == b.Seed {
		t.Errorf("two drawn seeds are both %d", a.Seed)
	}
	again, err := Random(ctx, 50, RandomOptions{Seed: a.Seed})
	if err != nil || !slices.Equal(again.Placement(), a.Placement()) {
		t.Errorf("Random(50, seed %d) = %v; want the drawn seed's %v", a.Seed, again.Placement(), a.Placement())
	}
}

// TestCompleteShape: Complete returns the same shape with and without
// Count: the first completion and the number found.
func TestCompleteShape(t *testing.T) {
	ctx := context.Background()
	one, err := Complete(ctx, &Puzzle{N: 6}, CompleteOptions{})
	if err != nil || one.Count != 1 || one.Placement == nil {
		t.Fatalf("Complete(empty 6) = %+v, %v; want a placement and count 1", one, err)
	}
	all, err := Complete(ctx, &Puzzle{N: 6}, CompleteOptions{Count: true})
	if err != nil || all.Count != 4 || !slices.Equal(all.Placement, one.Placement) {
		t.Errorf("Complete(empty 6, Count) = %+v, %v; want count 4 and the first completion %v", all, err, one.Placement)
	}
	none, err := Complete(ctx, &Puzzle{N: 3}, CompleteOptions{Count: true})
	if err != nil || none.Count != 0 || none.Placement != nil {
		t.Errorf("Complete(empty 3, Count) = %+v, %v; want count 0, no placement", none, err)
	}
}
