package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"

	"github.com/nqueens/nqueens/internal/quadrant"
)

// pieces checks the estimator's sampled pieces at N against whole joins:
// it draws k pieces as the count's estimate does (quadrant.Sampler), and
// runs each whole (no thinning, no cut) and reps times as the estimate
// runs it (west lists thinned past maxWest, joins cut past maxPairs).
// One line per piece, then the estimate of the whole count's join CPU
// from each: the mean of time over probability, with its standard error.
func pieces(ctx context.Context, out io.Writer, n, k, reps int, seed uint64, maxWest, maxPairs int) error {
	p, err := quadrant.NewUnitPlan(context.Background(), n)
	if err != nil {
		return err
	}
	smp, err := quadrant.NewSampler(context.Background(), p, nil)
	if err != nil {
		return err
	}
	rnd := rand.New(rand.NewPCG(seed, 1))
	whole := &quadrant.SampleWorker{Rand: rnd}
	cut := &quadrant.SampleWorker{MaxWest: maxWest, MaxPairs: maxPairs, Rand: rnd}
	// Warm both workers' buffers on a piece (its first run grows them).
	if _, err := smp.RunPiece(ctx, whole, smp.Draw(rnd)); err != nil {
		return err
	}
	if _, err := smp.RunPiece(ctx, cut, smp.Draw(rnd)); err != nil {
		return err
	}
	fmt.Fprintf(out, "# N=%d pieces=%d proxy=%.4g draws=%d reps=%d maxWest=%d maxPairs=%d seed=%d\n",
		n, smp.Pieces(), smp.Proxy(), k, reps, maxWest, maxPairs, seed)
	fmt.Fprintln(out, "# piece unit layer west east pairs count prob whole_s ps/pair est_s est/whole K scale")
	var sw, sw2, se, se2 float64
	for range k {
		i := smp.Draw(rnd)
		x, err := smp.RunPiece(ctx, whole, i)
		if err != nil {
			return err
		}
		var est, scale float64
		K := 0
		for range reps {
			y, err := smp.RunPiece(ctx, cut, i)
			if err != nil {
				return err
			}
			est += y.Join.Seconds()
			scale += y.Scale
			K = y.K
		}
		if reps > 0 {
			est /= float64(reps)
			scale /= float64(reps)
		}
		w := x.Join.Seconds()
		fmt.Fprintf(out, "%d %d %d %d %d %d %d %.4g %.4f %.2f %.4f %.3f %d %.2f\n",
			i, x.Unit, x.Layer, x.West, x.East, x.Pairs, x.Count, x.Prob, w, 1e12*w/max(float64(x.Pairs), 1), est, est/max(w, 1e-9), K, scale)
		a, b := w/x.Prob, est/x.Prob
		sw += a
		sw2 += a * a
		se += b
		se2 += b * b
	}
	mean := func(s, s2 float64) (float64, float64) {
		m := s / float64(k)
		v := (s2/float64(k) - m*m) / float64(max(k-1, 1))
		return m, math.Sqrt(max(v, 0))
	}
	mw, ew := mean(sw, sw2)
	me, ee := mean(se, se2)
	fmt.Fprintf(out, "join CPU, whole pieces: %.0f s ± %.0f (%.1f%%)\n", mw, ew, 100*ew/mw)
	fmt.Fprintf(out, "join CPU, as estimated: %.0f s ± %.0f (%.1f%%)\n", me, ee, 100*ee/me)
	return nil
}
