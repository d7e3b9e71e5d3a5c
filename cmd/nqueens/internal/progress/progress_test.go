package progress

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nqueens/nqueens"
)

func snap(done, total, resumed int, elapsed time.Duration) nqueens.Progress {
	return nqueens.Progress{N: 12, UnitsDone: done, UnitsTotal: total, Resumed: resumed,
		CostDone: float64(done), CostTotal: float64(total), CostResumed: float64(resumed), Elapsed: elapsed}
}

func TestStatus(t *testing.T) {
	for _, tc := range []struct {
		p    nqueens.Progress
		want string
	}{
		{snap(0, 10, 0, 0), "0/10 units (0.0%), 0s elapsed"},
		{snap(5, 10, 0, 10*time.Second), "5/10 units (50.0%), 10s elapsed, 0.5 units/s, ETA 10s"},
		{snap(6, 10, 4, 4*time.Second), "6/10 units (60.0%), 4s elapsed, 4 resumed, 0.5 units/s, ETA 8s"},
		{snap(10, 10, 0, 1500*time.Millisecond), "10/10 units (100.0%), 2s elapsed, 6.7 units/s"},
	} {
		if got := Status(tc.p); got != tc.want {
			t.Errorf("Status(%+v) = %q; want %q", tc.p, got, tc.want)
		}
	}
}

// syncBuf is a bytes.Buffer safe for the writer goroutines.
type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestLine(t *testing.T) {
	var w syncBuf
	l := NewLine(&w, "N=12", time.Millisecond)
	l.Update(snap(1, 4, 0, time.Second))
	time.Sleep(20 * time.Millisecond)
	l.Update(snap(4, 4, 0, 2*time.Second))
	l.Done(true)
	out := w.String()
	if !strings.HasPrefix(out, "N=12: 1/4 units") || !strings.HasSuffix(out, "N=12: 4/4 units (100.0%), 2s elapsed, 2.0 units/s\n") {
		t.Errorf("Line wrote %q; want 1/4 first and 4/4 last", out)
	}
	if strings.Count(out, "\n") != 2 {
		t.Errorf("Line wrote %d lines; want 2 (no repeats of an unchanged status)", strings.Count(out, "\n"))
	}
}

func TestBar(t *testing.T) {
	for _, ok := range []bool{true, false} {
		var w syncBuf
		b := NewBar(&w, "N=12")
		for i := 0; i <= 5; i++ {
			b.Update(snap(i, 10, 0, time.Duration(i)*time.Second))
		}
		b.Done(ok) // must not hang, finished or not
		if out := w.String(); !strings.Contains(out, "N=12") || !strings.Contains(out, "units") {
			t.Errorf("Bar (ok = %v) drew %q", ok, out)
		}
	}
	NewBar(&syncBuf{}, "empty").Done(true) // no snapshot: nothing to wait for
}
