package placetext

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestChunked: columns and bits across the 2^20 block boundaries read
// back as written.
func TestChunked(t *testing.T) {
	var c chunked
	const n = 1<<chunkBits*2 + 5
	for i := range n {
		c.add(int32(i ^ 0x5555))
	}
	for _, i := range []int{0, 1<<chunkBits - 1, 1 << chunkBits, 1<<chunkBits + 1, n - 1} {
		if got := c.at(i); got != int32(i^0x5555) {
			t.Errorf("chunked.at(%d) = %d; want %d", i, got, i^0x5555)
		}
	}
	var b bitset
	for _, i := range []int{0, 63, 64, 1<<bitBlock - 1, 1 << bitBlock, 3<<bitBlock + 7} {
		if b.set(i) {
			t.Errorf("bitset.set(%d) the first time = true", i)
		}
		if !b.set(i) {
			t.Errorf("bitset.set(%d) the second time = false", i)
		}
	}
	if b.set(65) || b.set(1<<bitBlock+1) {
		t.Errorf("bitset: a neighbour of a set bit reads as set")
	}
}

// TestReaderAgreesWithCheck: on every placement of N ≤ 5, in the two
// forms, Reader's verdict is Check's, and an attack found before the end
// (N smaller than the placement's) is the one Check names.
func TestReaderAgreesWithCheck(t *testing.T) {
	for n := 1; n <= 5; n++ {
		p := make([]int, n)
		var rec func(r int)
		rec = func(r int) {
			if r == n {
				want := fmt.Sprint(Check(p))
				var sb strings.Builder
				for i, c := range p {
					if i > 0 {
						sb.WriteByte(' ')
					}
					fmt.Fprint(&sb, c+1)
				}
				for _, lines := range []bool{false, true} {
					rd := NewReader(strings.NewReader(sb.String()), 1<<31-1)
					if lines {
						rd = NewLines(strings.NewReader(sb.String()+"\n"), 1<<31-1)
					}
					got, err := rd.Next()
					var a *Attack
					if errors.As(err, &a) {
						if got > n || lines && got != n {
							t.Fatalf("%v (lines %v): N = %d after an attack", p, lines, got)
						}
					} else if got != n {
						t.Fatalf("%v (lines %v): N = %d; want %d", p, lines, got, n)
					}
					if fmt.Sprint(err) != want {
						t.Fatalf("%v (lines %v): %v; Check says %s", p, lines, err, want)
					}
				}
				return
			}
			for c := range n {
				p[r] = c
				rec(r + 1)
			}
		}
		rec(0)
	}
}

// TestLines: line numbers past comments, blank lines and records over
// lines; io.EOF at the end; a syntax error names its line.
func TestLines(t *testing.T) {
	in := "\ufeff# c\n\n  2 4 1 3 # x\n{\"n\":1,\n\"columns\":[1]}\n\n[]\n1 x\n"
	r := NewLines(strings.NewReader(in), 1<<31-1)
	type res struct {
		n, line int
		err     string
	}
	var got []res
	for {
		n, err := r.Next()
		if err != nil && !errors.As(err, new(*Attack)) {
			got = append(got, res{n, r.Line(), err.Error()})
			break
		}
		got = append(got, res{n, r.Line(), fmt.Sprint(err)})
	}
	want := []res{{4, 3, "<nil>"}, {1, 4, "<nil>"}, {0, 7, "<nil>"}, {0, 8, `bad placement: line 8: entry 2: "x" is not a column number`}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Lines(%q) = %v; want %v", in, got, want)
	}
}
