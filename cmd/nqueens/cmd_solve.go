package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/nqueens/nqueens"
	"github.com/nqueens/nqueens/internal/quote"
)

var solveCmd = &command{
	name:    "solve",
	run:     runSolve,
	args:    "N [flags]",
	summary: "list the solutions, one per line, in lexicographic order",
	help: `Writes every solution for an N×N board as it is found, in lexicographic
order: a one-based permutation per line (row 1's column first), a drawn
board, or JSON Lines. Output streams, so "nqueens solve 16 | head" returns
at once. -v prints to standard error what the search did next to the
spaces the tutorials discuss: N^N arrangements with one queen per row, N!
permutations.

Which N are practical: every solution (no -limit) is Q(N) lines, 14.8
million at N = 16, 666 million at 18, 39 billion at 20. solve first
estimates the whole search on this machine (-v prints it) and
refuses, exit 2, one estimated above an hour unless -force; 'nqueens
count N' counts the solutions without listing them. With -limit K the
time to the K-th solution cannot be told ahead: the first solution takes
at most 3 million nodes up to N = 29, then 56 million at N = 30, 87
million at 32, and 236 million to over 330 million at 34 to 40, without
a trend. So when the whole search is estimated above an hour, solve
-limit K searches for 2 s, streaming what it finds, and if it has not
found K by then, stops and refuses, exit 2, unless -force; 'nqueens find
N' prints a solution of any N at once.

-format svg draws the solutions on one sheet, or in one file each when
the -o name holds %d.

Examples:
  nqueens solve 8                           92 lines, first "1 5 8 6 3 7 2 4"
  nqueens solve 8 -unique                   12 lines, one per symmetry class
  nqueens solve 8 -format board -o regine.txt
  nqueens solve 8 -method permutation -v
  nqueens solve 14 -format json -limit 3
  nqueens solve 6 -format svg -o six.svg        a sheet of the 4 boards
  nqueens solve 8 -format svg -o 'q8-%d.svg'    one file per solution`,
}

func runSolve(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e)
	format := fs.String("format", "perm", "output `FORMAT`: perm, board, json (JSON Lines) or svg")
	unique := fs.Bool("unique", false, "only the canonical solution of each symmetry class")
	limit := fs.Int("limit", 0, "stop after `K` solutions (0 = all)")
	method := fs.String("method", "bitboard", "method `NAME`: bitboard, arrays, matrix or permutation")
	out := fs.String("o", "", "write to `FILE` instead of standard output")
	stats := fs.verboseFlag("print the estimate and what the search did to standard error")
	force := fs.Bool("force", false, "list although the whole search is estimated above an hour, or with -limit search on past the 2 s trial")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	n, err := oneN(pos, nqueens.MaxN)
	if err != nil {
		return err
	}
	switch *format {
	case "perm", "board", "json", "svg":
	default:
		return usagef("-format %q: want perm, board, json or svg", *format)
	}
	m, err := parseListMethod(*method)
	if err != nil {
		return err
	}
	s, err := nqueens.Solutions(ctx, n, nqueens.SolveOptions{Method: m, Unique: *unique, Limit: *limit})
	if err != nil {
		if errors.Is(err, nqueens.ErrOption) {
			return err // a bad -limit: run's exitCode names the flag
		}
		return usagef("%v", err)
	}
	// The gate: the whole search estimated above an hour is refused, or
	// with -limit tried for solveTrial.
	var est nqueens.SearchEstimate
	trial := false
	if !*force || *stats {
		est, err = nqueens.EstimateSolve(ctx, n, nqueens.SolveOptions{Method: m, Unique: *unique}, nqueens.SearchEstimateOptions{})
		if err != nil {
			return err
		}
		if *stats {
			fmt.Fprintln(e.stderr, describeSearch(est, "solutions"))
		}
		if !*force && overHour(est) {
			if *limit == 0 {
				return solveRefusal(n, est)
			}
			trial = true
		}
	}
	seq := s.All()
	if trial {
		seq = s.AllWithin(solveTrial)
	}
	outName := *out
	var svg *svgSolutions
	if *format == "svg" {
		svg, outName = newSVGSolutions(outName)
	}
	w, closeOut, err := openOutput(e, outName)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	count := 0
	var buf []byte
	for p := range seq {
		count++
		switch *format {
		case "perm":
			buf = buf[:0]
			for i, c := range p {
				if i > 0 {
					buf = append(buf, ' ')
				}
				buf = strconv.AppendInt(buf, int64(c)+1, 10)
			}
			buf = append(buf, '\n')
			_, err = bw.Write(buf)
		case "board":
			_, err = fmt.Fprintf(bw, "Solution #%d\n\n%s\n", count, p.Board())
		case "json":
			var b []byte
			b, err = json.Marshal(p)
			if err == nil {
				b = append(b, '\n')
				_, err = bw.Write(b)
			}
		case "svg":
			err = svg.add(bw, p, count)
		}
		if err != nil {
			break
		}
	}
	if err == nil && svg != nil && count > 0 {
		err = svg.finish(bw)
	}
	if err == nil {
		err = bw.Flush()
	}
	if cerr := closeOut(); err == nil {
		err = cerr
	}
	if err == nil {
		err = s.Err()
	}
	if errors.Is(err, nqueens.ErrTrialOver) {
		return trialRefusal(n, *limit, count, s.Stats().Nodes, est)
	}
	if err != nil {
		return err
	}
	if *stats {
		st := s.Stats()
		nn := new(big.Int).Exp(big.NewInt(int64(n)), big.NewInt(int64(n)), nil)
		fact := new(big.Int).MulRange(1, int64(max(n, 1)))
		fmt.Fprintf(e.stderr, "method %s: analyzed %s, found %s", m, groupU(st.Candidates), groupU(st.Solutions))
		if *unique {
			fmt.Fprintf(e.stderr, " (%s unique written)", group(strconv.Itoa(count)))
		}
		fmt.Fprintf(e.stderr, "\nnodes (queens placed): %s\n", groupU(st.Nodes))
		fmt.Fprintf(e.stderr, "for comparison: %d^%d = %s arrangements with one queen per row, %d! = %s permutations\n",
			n, n, group(nn.String()), n, group(fact.String()))
	}
	if count == 0 {
		return answerNo(fmt.Sprintf("no solution for N = %d", n))
	}
	return nil
}

// parseListMethod reads --method for the commands that list solutions
// one by one (solve, watch): one of nqueens.Methods. The quadrant join
// counts totals only and is refused, naming the methods that list.
func parseListMethod(s string) (nqueens.Method, error) {
	names := make([]string, len(nqueens.SearchMethods))
	for i, m := range nqueens.SearchMethods {
		names[i] = string(m)
	}
	want := strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
	m, err := nqueens.ParseMethod(s)
	switch {
	case err == nil && slices.Contains(nqueens.SearchMethods, m):
		return m, nil
	case err == nil && m != nqueens.MethodAuto:
		return "", usagef("-method %s counts totals only and cannot list solutions; want %s", m, want)
	}
	return "", usagef("-method %s: unknown method; want %s", quote.Token(s), want)
}
