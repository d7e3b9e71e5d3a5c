package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/nqueens/nqueens"
	"github.com/nqueens/nqueens/internal/quote"
)

var estimateCmd = &command{
	name:    "estimate",
	run:     runEstimate,
	args:    "N [flags]",
	summary: "estimate the solutions Q(N) with a 95% interval, without counting",
	help: `Estimates Q(N), the number of solutions of the N×N board, from random
samples of the search for -time (10 s by default), on every core. Each
sample draws a queen for each of the top rows in turn, uniformly among the
row's free squares (Knuth's random descent), and counts the rows below
exhaustively; the number of completions times the product of the numbers
of free squares met is an unbiased sample of Q(N). The estimate is their
mean and the 95% interval mean ± 1.96 standard errors; it narrows as the
square root of the samples (four times the time, half the width). How
many top rows are drawn depends on N alone (none up to N = 10: the count
is then exact); -v prints it. Without -seed (or with -seed 0) a seed is
drawn; -v and -format json print it. A seed and a number of samples
give the same estimate on any machine; the samples a time allows differ.
The estimates of one seed at different N are independent. On a terminal,
standard error shows the time sampled so far; -v also says, before the
sampling, what it samples and for how long.

-format json prints one object: n, solutions (the estimate), low, high,
samples, seconds, seed and depth (the rows drawn).

Examples:
  nqueens estimate 20
  nqueens estimate 23 -time 1m -v
  nqueens estimate 16 -seed 7 -format json`,
}

// estimateJSON is estimate's -format json.
type estimateJSON struct {
	N         int     `json:"n"`
	Solutions float64 `json:"solutions"`
	Low       float64 `json:"low"`
	High      float64 `json:"high"`
	Samples   int     `json:"samples"`
	Seconds   float64 `json:"seconds"`
	Seed      uint64  `json:"seed"`
	Depth     int     `json:"depth"`
}

func runEstimate(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e)
	budget := fs.Duration("time", 10*time.Second, "sample for `D`, e.g. 30s or 5m")
	seedS := fs.String("seed", "0", "seed `S`, an unsigned 64-bit number (0 = draw one)")
	format := fs.formatFlag("text", "output `FORMAT`: text or json")
	verbose := fs.verboseFlag("print the budget, the seed, the rows drawn per sample and the standard error to standard error")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	n, err := oneN(pos, nqueens.MaxN)
	if err != nil {
		return err
	}
	if err := checkFormat(*format, "text", "json"); err != nil {
		return err
	}
	if *budget <= 0 {
		return usagef("-time %v: want a positive duration, e.g. 10s", *budget)
	}
	seed, err := strconv.ParseUint(*seedS, 10, 64)
	if err != nil {
		return usagef("-seed %s: want an unsigned 64-bit number", quote.Token(*seedS))
	}
	for seed == 0 { // 0 asks for a drawn seed; the library's zero is a fixed one
		seed = rand.Uint64()
	}
	if *verbose {
		fmt.Fprintf(e.stderr, "estimate %d: sampling for %v, seed %d\n", n, *budget, seed)
	}
	stop := func() {}
	if isTerminal(e.stderr) {
		stop = sampledLine(e.stderr, n, *budget)
	}
	est, err := nqueens.EstimateSolutions(ctx, n, nqueens.SolutionEstimateOptions{Budget: *budget, Seed: seed})
	stop()
	if err != nil {
		return err
	}
	if *verbose {
		fmt.Fprintf(e.stderr, "seed %d; %s drawn per sample, %s counted; standard error %s\n",
			est.Seed, nouns(est.Depth, "row"), nouns(n-est.Depth, "row"), approx(est.StdErr, est.StdErr))
	}
	if *format == "json" {
		b, err := json.Marshal(estimateJSON{N: n, Solutions: est.Solutions, Low: est.Low, High: est.High,
			Samples: est.Samples, Seconds: est.Seconds, Seed: est.Seed, Depth: est.Depth})
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(e.stdout, "%s\n", b)
		return err
	}
	half := (est.High - est.Low) / 2
	rel := 0.0
	if est.Solutions > 0 {
		rel = 100 * half / est.Solutions
	}
	about := "about "
	if half == 0 {
		about = ""
	}
	_, err = fmt.Fprintf(e.stdout, "%d-queens: %s%s, 95%% interval [%s, %s] (±%.2g%%), %s in %s\n",
		n, about, solutions(approx(est.Solutions, half)), approx(est.Low, half), approx(est.High, half), rel,
		groupNouns(est.Samples, "sample"), humanSeconds(est.Seconds))
	return err
}

// sampledLine shows on the terminal w, once a second, the time sampled
// so far of budget on one line, until the returned stop is called; stop
// erases the line.
func sampledLine(w io.Writer, n int, budget time.Duration) (stop func()) {
	done, finished := make(chan struct{}), make(chan struct{})
	start := time.Now()
	go func() {
		defer close(finished)
		t := time.NewTicker(time.Second)
		defer t.Stop()
		shown := false
		for {
			select {
			case <-done:
				if shown {
					fmt.Fprint(w, "\r\x1b[K")
				}
				return
			case <-t.C:
				shown = true
				fmt.Fprintf(w, "\r\x1b[Kestimate %d: %v of %v sampled", n, time.Since(start).Round(time.Second), budget)
			}
		}
	}()
	return func() { close(done); <-finished }
}

// approx writes x rounded to two significant digits of half (the
// interval's half-width; exact when half is 0), with thousands
// separators: 39,029,000,000 for x ≈ 3.90291·10^10 and half 1.2·10^8.
func approx(x, half float64) string {
	x = math.Round(x)
	if half <= 0 || x <= 0 || math.IsInf(x, 0) || math.IsNaN(x) {
		return group(strconv.FormatFloat(x, 'f', 0, 64))
	}
	// The digits of x down to the unit 10^(e−1), e the exponent of half.
	e := int(math.Floor(math.Log10(half)))
	xe := int(math.Floor(math.Log10(x)))
	if e <= 1 || xe < e-1 {
		return group(strconv.FormatFloat(x, 'f', 0, 64))
	}
	m, exp, _ := strings.Cut(strconv.FormatFloat(x, 'e', xe-e+1, 64), "e")
	k, _ := strconv.Atoi(exp)
	m = strings.Replace(m, ".", "", 1)
	return group(m + strings.Repeat("0", max(k-len(m)+1, 0)))
}
