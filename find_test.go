package nqueens

import (
	"bytes"
	"context"
	"errors"
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
	for _, n := range []int{0, -1} {
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
	b := &PartialBoard{N: 6, Queens: []Square{{0, 1}}}
	res, err := Complete(ctx, b, CompleteOptions{})
	if err != nil || res.Placement.String() != "2 4 6 1 3 5" {
		t.Errorf("Complete = %v, %v; want 2 4 6 1 3 5", res.Placement, err)
	}
	b.Blocked = []Square{{1, 3}}
	if _, err := Complete(ctx, b, CompleteOptions{}); !errors.Is(err, ErrNoCompletion) {
		t.Errorf("Complete with 2:4 blocked = %v; want ErrNoCompletion", err)
	}
	res, err = Complete(ctx, &PartialBoard{N: 8}, CompleteOptions{Count: true})
	if err != nil || res.Count != 92 {
		t.Errorf("Count(empty 8) = %d, %v; want 92", res.Count, err)
	}
	bad := []*PartialBoard{
		{N: 8, Queens: []Square{{0, 0}, {7, 7}}},
		{N: 8, Queens: []Square{{0, 0}}, Blocked: []Square{{0, 0}}},
		{N: 8, Blocked: []Square{{8, 0}}},
		{N: 65},
	}
	for _, b := range bad {
		if _, err := Complete(ctx, b, CompleteOptions{}); !errors.Is(err, ErrBadBoard) {
			t.Errorf("Complete(%+v) = %v; want ErrBadBoard", b, err)
		}
	}
	seq, done, err := Completions(ctx, &PartialBoard{N: 6})
	if err != nil {
		t.Fatal(err)
	}
	k := 0
	for p := range seq {
		if Validate(p) != nil {
			t.Errorf("Completions yielded %v", p)
		}
		k++
	}
	if nodes, err := done(); k != 4 || err != nil || nodes == 0 {
		t.Errorf("Completions(empty 6) = %d, nodes %d, %v; want 4", k, nodes, err)
	}
	if _, err := ParseBoard("Q..\n..\n..."); !errors.Is(err, ErrBadBoard) {
		t.Errorf("ParseBoard(ragged) = %v; want ErrBadBoard", err)
	}
	g, err := GenerateBoard(FamilyBlocked, 10, 5, 1)
	if err != nil || len(g.Blocked) != 5 {
		t.Errorf("GenerateBoard(blocked) = %v, %v", g, err)
	}
	if _, err := GenerateBoard("nope", 10, 5, 1); err == nil {
		t.Error("GenerateBoard(nope) = nil error")
	}
}

func TestRandomMaxN(t *testing.T) {
	for _, n := range []int{MaxRandomN + 1, MaxFindN} {
		if _, err := Random(context.Background(), n, RandomOptions{}); !errors.Is(err, ErrSize) {
			t.Errorf("Random(%d): %v, want ErrSize", n, err)
		}
	}
}
