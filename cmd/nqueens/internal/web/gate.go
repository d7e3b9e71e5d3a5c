package web

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"
)

// errBusy is returned by gate.acquire when a request finds the queue full
// or waits in it longer than the gate allows: HTTP 503.
var errBusy = errors.New("the server is busy")

// A gate admits the requests that run a search. It holds slots, one per
// core the server may use; a request holds one slot while its search runs
// (a count may hold several, one per worker), so the work running at once
// never needs more than the slots' worth of cores. A request that finds
// no free slot waits in a FIFO queue of at most queueMax requests, for at
// most wait; beyond that it is refused with errBusy. A request whose
// client goes away leaves the queue at once, and a search stops when its
// request's context ends, releasing its slots as it returns.
type gate struct {
	slots    int
	queueMax int
	wait     time.Duration

	mu    sync.Mutex
	free  int
	queue []*waiter // FIFO; a waiter leaves when granted, cancelled or timed out

	started atomic.Int64 // searches admitted, for tests
}

type waiter struct {
	ready chan struct{} // closed when the slot is granted
}

func newGate(slots, queueMax int, wait time.Duration) *gate {
	return &gate{slots: slots, queueMax: queueMax, wait: wait, free: slots}
}

// acquire takes one slot, waiting in the queue if none is free. It returns
// errBusy when the queue is full or the wait runs out, and ctx's error
// when ctx ends first. On success the caller must call release(1) once
// the work has returned.
func (g *gate) acquire(ctx context.Context) error {
	g.mu.Lock()
	if g.free > 0 && len(g.queue) == 0 {
		g.free--
		g.mu.Unlock()
		g.started.Add(1)
		return nil
	}
	if len(g.queue) >= g.queueMax {
		g.mu.Unlock()
		return errBusy
	}
	wt := &waiter{ready: make(chan struct{})}
	g.queue = append(g.queue, wt)
	g.mu.Unlock()

	timer := time.NewTimer(g.wait)
	defer timer.Stop()
	var err error
	select {
	case <-wt.ready:
		g.started.Add(1)
		return nil
	case <-ctx.Done():
		err = ctx.Err()
	case <-timer.C:
		err = errBusy
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	select {
	case <-wt.ready:
		// Granted while giving up: hand the slot on.
		g.free++
		g.grant()
	default:
		for i, w := range g.queue {
			if w == wt {
				g.queue = append(g.queue[:i], g.queue[i+1:]...)
				break
			}
		}
	}
	return err
}

// extra takes up to max more free slots at once, without waiting, and
// returns how many it took: none while any request waits in the queue.
// The caller must release them with the slot acquire gave it.
func (g *gate) extra(max int) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.queue) > 0 {
		return 0
	}
	k := min(g.free, max)
	g.free -= k
	return k
}

// release returns k slots and wakes the requests waiting for them.
func (g *gate) release(k int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.free += k
	if g.free > g.slots {
		panic("web: gate released more slots than it holds")
	}
	g.grant()
}

// grant hands free slots to the requests at the head of the queue. g.mu
// is held.
func (g *gate) grant() {
	for g.free > 0 && len(g.queue) > 0 {
		w := g.queue[0]
		g.queue = g.queue[1:]
		g.free--
		close(w.ready)
	}
}
