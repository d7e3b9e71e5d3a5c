package web

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/nqueens/nqueens"
)

// The puzzle's API: /api/complete asks the library's completion search
// about a board the learner builds, /api/generate draws a puzzle from one
// of the instance families of Gent, Jefferson and Nightingale. Both run a
// search, so both hold a slot of the gate, stop when the client goes away,
// and stop at Options.Timeout, which is an answer ("unknown", "at least
// K"), not an error.

// Limits of the puzzle API.
const (
	// CompleteLimitMax is the largest limit /api/complete?count=1 takes.
	CompleteLimitMax = 1_000_000
	// completeLimit is the default limit of a count.
	completeLimit = 10_000
)

// boardParam reads the required parameter b: the board as ParsePuzzle reads
// it, rows separated by "/" ("Q.../..x./..../...."), at most
// nqueens.MaxN squares wide. It checks the shape, not the queens.
func boardParam(q url.Values) (*nqueens.Puzzle, error) {
	s := q.Get("b")
	if s == "" {
		return nil, badf("b is missing (the board: rows of Q . x separated by /)")
	}
	if strings.ContainsAny(s, "\n\r#") {
		return nil, badf("b: %s: rows are separated by /, and hold only Q, . and x", quote(s))
	}
	b, err := nqueens.ParsePuzzle(strings.ReplaceAll(s, "/", "\n"))
	if err != nil {
		msg := strings.TrimPrefix(err.Error(), nqueens.ErrBadPuzzle.Error()+": ")
		msg = strings.TrimPrefix(msg, "bad board text: ")
		return nil, badf("b: %s", strings.ReplaceAll(msg, "line ", "row "))
	}
	return b, nil
}

// boardRows writes b as the rows of the b parameter, separated by "/".
func boardRows(b *nqueens.Puzzle) string {
	return strings.ReplaceAll(strings.TrimSuffix(b.String(), "\n"), "\n", "/")
}

// completeReply is the answer of /api/complete without count. Verdict is
// "completable" (Columns holds one completion, one-based), "dead end"
// (no completion; Why names a row or column without an open square when
// there is one, in English, and WhyCode and WhyLine say the same for the
// page to word: "row_closed" or "column_closed", and its number, one-
// based) or "unknown" (the search ran out of time).
type completeReply struct {
	N       int     `json:"n"`
	Verdict string  `json:"verdict"`
	Columns []int   `json:"columns"`
	Why     string  `json:"why,omitempty"`
	WhyCode string  `json:"whyCode,omitempty"`
	WhyLine int     `json:"whyLine,omitempty"`
	Nodes   uint64  `json:"nodes"`
	Seconds float64 `json:"seconds"`
}

// countCompletionsReply is the answer of /api/complete?count=1. Exact
// says whether Count is the number of completions; if not, Stopped says
// why the count stopped: "limit" (there are more than Limit) or "time"
// (there are at least Count).
type countCompletionsReply struct {
	N       int     `json:"n"`
	Count   uint64  `json:"count"`
	Exact   bool    `json:"exact"`
	Stopped string  `json:"stopped,omitempty"`
	Limit   int     `json:"limit"`
	Nodes   uint64  `json:"nodes"`
	Seconds float64 `json:"seconds"`
}

// complete answers a completion question about the board b: one
// completion or none, or with count=1 the number of completions, up to
// limit.
func (s *server) complete(w http.ResponseWriter, r *http.Request) error {
	q, err := query(r, "b", "count", "limit")
	if err != nil {
		return err
	}
	b, err := boardParam(q)
	if err != nil {
		return err
	}
	count, err := boolParam(q, "count")
	if err != nil {
		return err
	}
	if q.Has("limit") && !count {
		return badf("limit applies to a count: give it with count=1")
	}
	limit, err := intParam(q, "limit", completeLimit, 1, CompleteLimitMax)
	if err != nil {
		return err
	}
	if err := b.Check(); err != nil {
		return badf("%v", err)
	}
	if !s.start(w, r, "application/json") {
		return nil
	}
	defer s.gate.release(1)
	ctx, cancel := s.withTimeout(r.Context(), s.opts.Timeout)
	defer cancel()
	if count {
		return s.countCompletions(ctx, w, b, limit)
	}
	res, err := nqueens.Complete(ctx, b, nqueens.CompleteOptions{})
	reply := completeReply{N: b.N, Nodes: res.Nodes, Seconds: res.Elapsed.Seconds()}
	switch {
	case err == nil:
		reply.Verdict = "completable"
		reply.Columns = columns(res.Placement)
	case errors.Is(err, nqueens.ErrNoCompletion):
		reply.Verdict = "dead end"
		reply.Why, reply.WhyCode, reply.WhyLine = emptyLine(b)
	case errors.Is(err, context.DeadlineExceeded) && r.Context().Err() == nil:
		reply.Verdict = "unknown"
	default:
		return err
	}
	writeJSON(w, http.StatusOK, reply)
	return nil
}

// countCompletions counts the completions of b, stopping after limit+1
// of them or when ctx ends.
func (s *server) countCompletions(ctx context.Context, w http.ResponseWriter, b *nqueens.Puzzle, limit int) error {
	start := time.Now()
	cs, err := nqueens.Completions(ctx, b)
	if err != nil {
		return badf("%v", err)
	}
	reply := countCompletionsReply{N: b.N, Limit: limit}
	for range cs.All() {
		if reply.Count == uint64(limit) {
			reply.Stopped = "limit"
			break
		}
		reply.Count++
	}
	nodes, err := cs.Nodes(), cs.Err()
	reply.Nodes, reply.Seconds = nodes, time.Since(start).Seconds()
	switch {
	case reply.Stopped != "":
	case err == nil:
		reply.Exact = true
	case errors.Is(err, context.DeadlineExceeded) && ctx.Err() != nil:
		reply.Stopped = "time"
	default:
		return err
	}
	writeJSON(w, http.StatusOK, reply)
	return nil
}

// emptyLine names a row or a column of b without a queen and without an
// open square (every square blocked or attacked by a queen): the text
// "row 3 has no open square", the code "row_closed" (or "column_closed")
// and the line's number, one-based. It returns "", "", 0 when there is
// none.
func emptyLine(b *nqueens.Puzzle) (text, code string, line int) {
	n := b.N
	closed := make([][]bool, n)
	for r := range closed {
		closed[r] = make([]bool, n)
	}
	for _, x := range b.Blocked {
		closed[x.Row][x.Col] = true
	}
	rowQ, colQ := make([]bool, n), make([]bool, n)
	for _, q := range b.Queens {
		rowQ[q.Row], colQ[q.Col] = true, true
		for r := range n {
			for c := range n {
				if r == q.Row || c == q.Col || r-c == q.Row-q.Col || r+c == q.Row+q.Col {
					closed[r][c] = true
				}
			}
		}
	}
	for r := range n {
		if !rowQ[r] && !anyOpen(n, func(i int) bool { return closed[r][i] }) {
			return fmt.Sprintf("row %d has no open square", r+1), "row_closed", r + 1
		}
	}
	for c := range n {
		if !colQ[c] && !anyOpen(n, func(i int) bool { return closed[i][c] }) {
			return fmt.Sprintf("column %d has no open square", c+1), "column_closed", c + 1
		}
	}
	return "", "", 0
}

func anyOpen(n int, closed func(int) bool) bool {
	for i := range n {
		if !closed(i) {
			return true
		}
	}
	return false
}

// generateReply is the answer of /api/generate: the board (as the b
// parameter of /api/complete writes it, and as one-based squares) and
// its verdict, as /api/complete gives it.
type generateReply struct {
	Family  string  `json:"family"`
	N       int     `json:"n"`
	K       int     `json:"k"`
	Seed    uint64  `json:"seed"`
	Board   string  `json:"board"`
	Queens  [][]int `json:"queens"`
	Blocked [][]int `json:"blocked"`
	Verdict string  `json:"verdict"`
	Nodes   uint64  `json:"nodes"`
	Seconds float64 `json:"seconds"`
}

// generate draws a puzzle with nqueens.GeneratePuzzle and tells whether it
// can be completed.
func (s *server) generate(w http.ResponseWriter, r *http.Request) error {
	q, err := query(r, "family", "n", "k", "seed")
	if err != nil {
		return err
	}
	family := q.Get("family")
	switch family {
	case nqueens.FamilyQueens, nqueens.FamilyBlocked, nqueens.FamilyDiagonals:
	case "":
		return badf("family is missing (want queens, blocked or diag)")
	default:
		return badf("family: unknown family %s (want queens, blocked or diag)", quote(family))
	}
	n, err := nParam(q, nqueens.MaxN)
	if err != nil {
		return err
	}
	if !q.Has("k") {
		return badf("k is missing")
	}
	k, err := intParam(q, "k", 0, 0, n*n)
	if err != nil {
		return err
	}
	// No seed, or seed 0, draws one (never 0), as the command line's
	// gen, find --random and merge do; the reply names it.
	seed := rand.Uint64() | 1
	if v := q.Get("seed"); v != "" && v != "0" {
		seed, err = strconv.ParseUint(v, 10, 64)
		if err != nil {
			return badf("seed: %s is not an unsigned 64-bit number", quote(v))
		}
	}
	if !s.start(w, r, "application/json") {
		return nil
	}
	defer s.gate.release(1)
	// Drawing a board of the queens family may take up to 1000 attempts:
	// it holds the slot like the search.
	b, err := nqueens.GeneratePuzzle(family, n, k, seed)
	if err != nil {
		return badf("%v", err)
	}
	ctx, cancel := s.withTimeout(r.Context(), s.opts.Timeout)
	defer cancel()
	res, err := nqueens.Complete(ctx, b, nqueens.CompleteOptions{})
	reply := generateReply{Family: family, N: n, K: k, Seed: seed, Board: boardRows(b),
		Queens: [][]int{}, Blocked: [][]int{}, Nodes: res.Nodes, Seconds: res.Elapsed.Seconds()}
	for _, x := range b.Queens {
		reply.Queens = append(reply.Queens, []int{x.Row + 1, x.Col + 1})
	}
	for _, x := range b.Blocked {
		reply.Blocked = append(reply.Blocked, []int{x.Row + 1, x.Col + 1})
	}
	switch {
	case err == nil:
		reply.Verdict = "completable"
	case errors.Is(err, nqueens.ErrNoCompletion):
		reply.Verdict = "dead end"
	case errors.Is(err, context.DeadlineExceeded) && r.Context().Err() == nil:
		reply.Verdict = "unknown"
	default:
		return err
	}
	writeJSON(w, http.StatusOK, reply)
	return nil
}
