package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	irun "github.com/nqueens/nqueens/internal/run"
)

// TestCountPlansOnce: `nqueens count 18` (-method auto: the join) builds
// each of the join's plans once before its first unit (internal/run's
// counted plans, irun.Calls): one unit plan (the units, the estimate),
// one memory plan of the whole count (the choice, the gate and the
// count), one whole plan (the count's tables), and no kernel plan.
// Before the planned count was a value it built the unit plan twice and
// the memory plan four times. The count is stopped once its whole plan
// is built.
func TestCountPlansOnce(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	before := irun.Calls()
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		for ctx.Err() == nil {
			if irun.Calls().Whole > before.Whole {
				cancel()
				return
			}
			time.Sleep(time.Millisecond)
		}
	}()
	var stdout, stderr bytes.Buffer
	code := run(ctx, strings.NewReader(""), &stdout, &stderr, []string{"count", "18", "-workers", "2"})
	cancel()
	<-stopped
	after := irun.Calls()
	got := irun.PlanCalls{Kernel: after.Kernel - before.Kernel, Unit: after.Unit - before.Unit,
		Whole: after.Whole - before.Whole, Memory: after.Memory - before.Memory}
	if want := (irun.PlanCalls{Unit: 1, Whole: 1, Memory: 1}); got != want {
		t.Errorf("count 18 (exit %d, %q) built %+v; want %+v", code, stderr.String(), got, want)
	}
}
