package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/nqueens/nqueens"
)

// columns returns p one-based, as the text and JSON forms write it.
func columns(p nqueens.Placement) []int {
	c := make([]int, len(p))
	for i, v := range p {
		c[i] = v + 1
	}
	return c
}

type countReply struct {
	N         int             `json:"n"`
	Solutions nqueens.Uint128 `json:"solutions"`
	Unique    nqueens.Uint128 `json:"unique"`
	Nodes     uint64          `json:"nodes"`
	Seconds   float64         `json:"seconds"`
}

// count runs the library's fast counter. With stream=1 the answer is an
// event stream: "progress" events with the elapsed seconds every quarter
// second, then one "result" (or "error") event. Either way the count stops
// when the client goes away or the count timeout passes. The count runs
// one worker for each slot of the gate it holds: the one every search
// holds, and the slots that no other request holds or waits for when it
// starts.
func (s *server) count(w http.ResponseWriter, r *http.Request) error {
	q, err := query(r, "n", "stream")
	if err != nil {
		return err
	}
	n, err := nParam(q, s.opts.CountMax)
	if err != nil {
		return err
	}
	if s.browser && n > BrowserCountMax {
		return &badRequest{
			msg:  fmt.Sprintf("N = %d is more than this page counts in the browser (up to N = %d): run nqueens count %d on a computer, or open the page from nqueens serve", n, BrowserCountMax, n),
			code: "browser_count_max",
			args: map[string]int{"n": n, "max": BrowserCountMax},
		}
	}
	stream, err := boolParam(q, "stream")
	if err != nil {
		return err
	}
	ct := "application/json"
	if stream {
		ct = "text/event-stream"
	}
	if !s.start(w, r, ct) {
		return nil
	}
	workers := 1 + s.gate.extra(s.opts.Cores-1)
	ctx, cancel := s.withTimeout(r.Context(), s.opts.CountTimeout)
	defer cancel()
	type outcome struct {
		res nqueens.Result
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		// The slots are free once the count has returned, whether or
		// not the handler still waits for it.
		defer s.gate.release(workers)
		res, err := nqueens.Count(ctx, n, nqueens.CountOptions{Workers: workers})
		done <- outcome{res, err}
	}()
	reply := func(o outcome) countReply {
		return countReply{o.res.N, o.res.Solutions, o.res.Unique, o.res.Nodes, o.res.Elapsed.Seconds()}
	}
	if !stream {
		o := <-done
		if o.err != nil {
			return o.err
		}
		writeJSON(w, http.StatusOK, reply(o))
		return nil
	}
	sse, ok := newSSE(w)
	if !ok {
		return nil
	}
	start := time.Now()
	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case o := <-done:
			if o.err != nil {
				code := "internal"
				if errors.Is(o.err, context.DeadlineExceeded) {
					o.err = fmt.Errorf("the count ran out of time (%v)", s.opts.CountTimeout)
					code = "timeout"
				}
				sse.send("error", map[string]string{"error": o.err.Error(), "code": code})
				return nil
			}
			sse.send("result", reply(o))
			return nil
		case <-tick.C:
			if sse.send("progress", map[string]any{"n": n, "seconds": time.Since(start).Seconds()}) != nil {
				return nil // the client is gone; cancel stops the count
			}
		}
	}
}

// solve lists up to limit solutions (default 100) of an N ≤ StepMax board.
func (s *server) solve(w http.ResponseWriter, r *http.Request) error {
	q, err := query(r, "n", "limit", "method", "unique")
	if err != nil {
		return err
	}
	n, err := nParam(q, StepMax)
	if err != nil {
		return err
	}
	limit, err := intParam(q, "limit", 100, 1, SolveMax)
	if err != nil {
		return err
	}
	m, err := methodParam(q)
	if err != nil {
		return err
	}
	unique, err := boolParam(q, "unique")
	if err != nil {
		return err
	}
	so := nqueens.SolveOptions{Method: m, Limit: limit, Unique: unique}
	if _, err := nqueens.Solutions(r.Context(), n, so); err != nil {
		return badf("%v", err)
	}
	if !s.start(w, r, "application/json") {
		return nil
	}
	defer s.gate.release(1)
	ctx, cancel := s.withTimeout(r.Context(), s.opts.Timeout)
	defer cancel()
	search, err := nqueens.Solutions(ctx, n, so) // the options were checked above
	if err != nil {
		return err
	}
	sols := [][]int{}
	for p := range search.All() {
		sols = append(sols, columns(p))
	}
	if err := search.Err(); err != nil {
		return err
	}
	st := search.Stats()
	writeJSON(w, http.StatusOK, map[string]any{
		"n": n, "method": m, "solutions": sols,
		"nodes": st.Nodes, "candidates": st.Candidates,
	})
	return nil
}

// findReply is the answer of /api/find. A board without a solution (N = 2
// or 3) is an answer, not an error: Solution false and Columns null.
type findReply struct {
	N        int     `json:"n"`
	Solution bool    `json:"solution"`
	Columns  []int   `json:"columns"`
	Seconds  float64 `json:"seconds"`
}

// find returns one solution of the n×n board, or says there is none.
func (s *server) find(w http.ResponseWriter, r *http.Request) error {
	q, err := query(r, "n")
	if err != nil {
		return err
	}
	n, err := nParam(q, s.opts.FindMax)
	if err != nil {
		return err
	}
	if !s.start(w, r, "application/json") {
		return nil
	}
	defer s.gate.release(1)
	ctx, cancel := s.withTimeout(r.Context(), s.opts.Timeout)
	defer cancel()
	start := time.Now()
	p, err := s.opts.Find(ctx, n)
	if errors.Is(err, nqueens.ErrNoSolution) {
		writeJSON(w, http.StatusOK, findReply{N: n, Seconds: time.Since(start).Seconds()})
		return nil
	}
	if err != nil {
		return err
	}
	if err := nqueens.Validate(p); err != nil || len(p) != n {
		return fmt.Errorf("find returned a bad placement for n = %d: %v", n, err)
	}
	writeJSON(w, http.StatusOK, findReply{N: n, Solution: true, Columns: columns(p), Seconds: time.Since(start).Seconds()})
	return nil
}

// check validates a placement given as ?p= or as a JSON body
// {"placement": "2 4 1 3"} (any text form Parse reads), not both. A
// POST holds a slot of the gate while it parses and checks the body.
func (s *server) check(w http.ResponseWriter, r *http.Request) error {
	q, err := query(r, "p")
	if err != nil {
		return err
	}
	text := q.Get("p")
	if r.Method == http.MethodPost {
		if q.Has("p") {
			return badf("POST /api/check takes the placement in the body, not in p: give one of the two (GET with p, or POST with the body)")
		}
		var body struct {
			Placement string `json:"placement"`
		}
		dec := json.NewDecoder(r.Body)
		dec.DisallowUnknownFields()
		if err := dec.Decode(&body); err != nil {
			var mbe *http.MaxBytesError
			if errors.As(err, &mbe) {
				return badf("request body larger than %d bytes", BodyMax)
			}
			return badf("body: want {\"placement\": \"...\"}: %v", err)
		}
		if _, err := dec.Token(); err != io.EOF {
			return badf("body: more than one JSON value")
		}
		text = body.Placement
	}
	if strings.TrimSpace(text) == "" {
		return badf("placement is missing")
	}
	if r.Method == http.MethodPost {
		// A body of 1 MiB holds some 150,000 queens: about 0.1 s of
		// parsing and checking, so it waits for a slot like a search.
		// A query (p) is at most the 16 KiB of the headers.
		if !s.start(w, r, "application/json") {
			return nil
		}
		defer s.gate.release(1)
	}
	p, err := nqueens.Parse(text)
	if err != nil {
		return badf("%v", err)
	}
	reply := map[string]any{"n": len(p), "columns": columns(p), "valid": true}
	if err := nqueens.Validate(p); err != nil {
		reply["valid"] = false
		reply["reason"] = err.Error()
		var ae *nqueens.AttackError
		if errors.As(err, &ae) {
			reply["attack"] = []int{ae.RowA + 1, ae.ColA + 1, ae.RowB + 1, ae.ColB + 1}
		}
	}
	writeJSON(w, http.StatusOK, reply)
	return nil
}
