package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/nqueens/nqueens"
)

// sse writes server-sent events.
type sse struct {
	w  http.ResponseWriter
	rc *http.ResponseController
}

// newSSE starts an event stream on w.
func newSSE(w http.ResponseWriter) (*sse, bool) {
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	s := &sse{w, http.NewResponseController(w)}
	return s, s.rc.Flush() == nil
}

// send writes one event whose data is v as JSON and flushes it.
func (s *sse) send(event string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintf(s.w, "event: %s\ndata: %s\n\n", event, b); err != nil {
		return err
	}
	return s.rc.Flush()
}

// batchSize is the number of events per "batch" message.
const batchSize = 500

// wireEvent is an Event in the stream's compact form:
// [kind, row, col, byRow, byCol, depth, nodes, candidates, solutions],
// rows and columns zero-based as in nqueens.Event.
type wireEvent [9]any

func wire(e nqueens.Event) wireEvent {
	return wireEvent{e.Kind.String(), e.Row, e.Col, e.ByRow, e.ByCol, e.Depth,
		e.Stats.Nodes, e.Stats.Candidates, e.Stats.Solutions}
}

// events streams a window of the trace of one search: the events numbered
// from .. from+limit-1 (zero-based) of method on the n×n board, as
// "batch" messages {"from": i, "events": [...]}, then one "end" message
// {"next": j, "done": bool}; done means the search ended within the
// window. The search is run again from the start for every window and the
// events before from are skipped, so the server keeps no state between
// requests. An "error" message {"error": "..."} ends a window that ran out
// of time.
func (s *server) events(w http.ResponseWriter, r *http.Request) error {
	// Every parameter is checked, and the search set up, before the
	// stream starts: a bad request is a 400, not an error event.
	q, err := query(r, "n", "method", "from", "limit")
	if err != nil {
		return err
	}
	n, err := nParam(q, StepMax)
	if err != nil {
		return err
	}
	m, err := methodParam(q)
	if err != nil {
		return err
	}
	from, err := intParam(q, "from", 0, 0, FromMax)
	if err != nil {
		return err
	}
	limit, err := intParam(q, "limit", 10_000, 1, WindowMax)
	if err != nil {
		return err
	}
	var (
		ctx        context.Context
		cancel     context.CancelFunc
		stream     *sse
		seen, sent int
		full       bool
		batch      = make([]wireEvent, 0, batchSize)
		batchFrom  = from
		werr       error
	)
	flush := func() {
		if len(batch) == 0 || werr != nil {
			return
		}
		werr = stream.send("batch", map[string]any{"from": batchFrom, "events": batch})
		if werr != nil {
			cancel() // the client is gone
		}
		batchFrom += len(batch)
		batch = batch[:0]
	}
	trace := func(e nqueens.Event) {
		seen++
		if seen <= from || full || werr != nil {
			return
		}
		if sent == limit {
			full = true
			cancel() // the window is full: stop the search
			return
		}
		batch = append(batch, wire(e))
		sent++
		if len(batch) == batchSize {
			flush()
		}
	}
	so := nqueens.SolveOptions{Method: m, Trace: trace}
	if _, err := nqueens.Solutions(r.Context(), n, so); err != nil {
		return badf("%v", err)
	}
	if !s.start(w, r, "text/event-stream") {
		return nil
	}
	defer s.gate.release(1)
	ctx, cancel = s.withTimeout(r.Context(), s.opts.Timeout)
	defer cancel()
	search, err := nqueens.Solutions(ctx, n, so) // the options were checked above
	if err != nil {
		return err
	}
	stream, ok := newSSE(w)
	if !ok {
		return nil
	}
	for range search.All() {
	}
	if werr != nil {
		return nil
	}
	if err := search.Err(); err != nil && !full {
		msg, code := err.Error(), "internal"
		if errors.Is(err, context.DeadlineExceeded) {
			msg = fmt.Sprintf("the window from event %d ran out of time (%v): each window replays the search from its start, and this one reached event %d", from, s.opts.Timeout, seen)
			code = "timeout"
		}
		stream.send("error", map[string]string{"error": msg, "code": code})
		return nil
	}
	flush()
	stream.send("end", map[string]any{"next": from + sent, "done": !full})
	return nil
}
