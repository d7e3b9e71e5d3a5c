package main

import (
	"bufio"
	"context"
	"encoding/json"
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
	method := fs.String("method", "bitboard", "method `NAME`: bitboard, arrays, board or permutation")
	out := fs.String("o", "", "write to `FILE` instead of standard output")
	stats := fs.verboseFlag("print what the search did to standard error")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one board size N, got %d arguments", len(pos))
	}
	n, err := parseN(pos[0], nqueens.MaxN)
	if err != nil {
		return err
	}
	switch *format {
	case "perm", "board", "json", "svg":
	default:
		return usagef("--format %q: want perm, board, json or svg", *format)
	}
	if *limit < 0 {
		return usagef("--limit = %d: must be 0 (all) or more", *limit)
	}
	m, err := parseListMethod(*method)
	if err != nil {
		return err
	}
	s, err := nqueens.NewSearch(n, nqueens.SolveOptions{Method: m, Unique: *unique, Limit: *limit})
	if err != nil {
		return usagef("%v", err)
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
	for p := range s.AllContext(ctx) {
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
	names := make([]string, len(nqueens.Methods))
	for i, m := range nqueens.Methods {
		names[i] = string(m)
	}
	want := strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
	m, err := nqueens.ParseMethod(s)
	switch {
	case err == nil && slices.Contains(nqueens.Methods, m):
		return m, nil
	case err == nil:
		return "", usagef("--method %s counts totals only and cannot list solutions; want %s", m, want)
	}
	return "", usagef("--method %s: unknown method; want %s", quote.Token(s), want)
}
