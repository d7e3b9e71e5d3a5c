package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/nqueens/nqueens/internal/quadrant"
)

// unitTime is one line of a -units file.
type unitTime struct {
	id, frame, layer int
	cost, count      uint64
	ns               int64
}

// readUnits reads a file written by -units.
func readUnits(name string) ([]unitTime, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []unitTime
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		var u unitTime
		if _, err := fmt.Sscan(sc.Text(), &u.id, &u.frame, &u.layer, &u.cost, &u.count, &u.ns); err != nil {
			return nil, fmt.Errorf("%s: %q: %v", name, sc.Text(), err)
		}
		out = append(out, u)
	}
	return out, sc.Err()
}

// balance prints, for the units' CPU times measured by a whole count
// (-units), how the plan's cost model shares them: measured over
// estimated seconds per layer (the estimate scaled so that both sum to
// the same), and the CPU of each of the m shards of Plan.Shards(m, 1)
// against 1/m of the whole. The plan comes from NewUnitPlan (no table),
// so the costs are those of the code as built, not those in the file.
func balance(w io.Writer, n int, name string, m int) error {
	ut, err := readUnits(name)
	if err != nil {
		return err
	}
	p, err := quadrant.NewUnitPlan(context.Background(), n)
	if err != nil {
		return err
	}
	units := p.Units()
	if len(ut) != len(units) {
		return fmt.Errorf("%s has %d units; the plan of N = %d has %d", name, len(ut), n, len(units))
	}
	sec := make([]float64, len(units))
	var total, costSum float64
	for _, u := range ut {
		if u.id < 0 || u.id >= len(units) || units[u.id].Frame != u.frame {
			return fmt.Errorf("%s: unit %d is not that of the plan", name, u.id)
		}
		sec[u.id] = float64(u.ns) / 1e9
		total += sec[u.id]
	}
	for _, u := range units {
		costSum += float64(u.Cost)
	}
	scale := total / costSum
	type agg struct {
		meas, est float64
		k         int
	}
	layers := map[int]*agg{}
	for _, u := range units {
		a := layers[u.Layer()]
		if a == nil {
			a = new(agg)
			layers[u.Layer()] = a
		}
		a.meas += sec[u.ID]
		a.est += float64(u.Cost) * scale
		a.k++
	}
	fmt.Fprintf(w, "N = %d: %d units, %.1f CPU s measured\nlayer units measured_s estimated_s ratio\n", n, len(units), total)
	keys := make([]int, 0, len(layers))
	for k := range layers {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		a := layers[k]
		fmt.Fprintf(w, "%5d %5d %10.1f %11.1f %5.2f\n", k, a.k, a.meas, a.est, a.meas/a.est)
	}
	if m > 0 {
		share := total / float64(m)
		fmt.Fprintf(w, "shards of M = %d (1/M = %.1f s)\nshard units layers measured_s ratio\n", m, share)
		worst := 0.0
		for i, ids := range p.Shards(m, 1) {
			var s float64
			lo, hi := 99, -1
			for _, id := range ids {
				s += sec[id]
				lo, hi = min(lo, units[id].Layer()), max(hi, units[id].Layer())
			}
			worst = max(worst, s/share)
			fmt.Fprintf(w, "%5d %5d %3d-%-3d %10.1f %5.2f\n", i, len(ids), lo, hi, s, s/share)
		}
		fmt.Fprintf(w, "largest shard: %.2f× 1/M\n", worst)
	}
	return nil
}
