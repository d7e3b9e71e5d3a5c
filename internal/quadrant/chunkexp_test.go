package quadrant

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"
)

var expN = flag.Int("exp-n", 0, "chunk experiment N")
var expK = flag.Int("exp-k", 12, "")

func TestChunkExperiment(t *testing.T) {
	if *expN == 0 {
		t.Skip()
	}
	p, err := NewUnitPlan(*expN)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSampler(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	rnd := rand.New(rand.NewPCG(1, 1))
	w := &SampleWorker{Rand: rnd}
	var chunks []int
	for _, c := range []int{22, 24, 26} {
		chunks = append(chunks, c)
	}
	tot := make([]float64, len(chunks)+1)
	for k := 0; k < *expK; k++ {
		i := s.Draw(rnd)
		s.chunk = 0
		x, err := s.RunPiece(context.Background(), w, i)
		if err != nil {
			t.Fatal(err)
		}
		line := fmt.Sprintf("piece %d W=%d E=%d whole %.3fs cnt=%d", i, x.West, x.East, x.Join.Seconds(), x.Count)
		tot[0] += x.Join.Seconds() / x.Prob
		for ci, c := range chunks {
			s.chunk = 1 << c
			var est float64
			for range 3 {
				y, err := s.RunPiece(context.Background(), w, i)
				if err != nil {
					t.Fatal(err)
				}
				est += y.Join.Seconds() / 3
			}
			tot[ci+1] += est / x.Prob
			line += fmt.Sprintf(" | 2^%d %.3fs (%.2fx)", c, est, est/x.Join.Seconds())
		}
		t.Log(line)
	}
	for ci, c := range chunks {
		t.Logf("2^%d: total %.3gs vs whole %.3gs: %.2fx", c, tot[ci+1], tot[0], tot[ci+1]/tot[0])
	}
}
