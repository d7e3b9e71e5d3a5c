package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"
)

// cliBounded is cli with bounds, so that a gate that lets a long search
// through fails in seconds instead of running for hours: the context is
// cancelled after d (exit 130), and stdout takes 1 MiB at most (then
// fails its writes: exit 3).
func cliBounded(t *testing.T, d time.Duration, args ...string) (string, string, int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	timer := time.AfterFunc(d, cancel)
	defer timer.Stop()
	out := &capWriter{max: 1 << 20}
	var errb bytes.Buffer
	code := run(ctx, strings.NewReader(""), out, &errb, args)
	return out.buf.String(), errb.String(), code
}

// capWriter keeps up to max bytes and fails every write past them.
type capWriter struct {
	buf bytes.Buffer
	max int
}

func (w *capWriter) Write(p []byte) (int, error) {
	if w.buf.Len()+len(p) > w.max {
		return 0, errors.New("the test's stdout is full")
	}
	return w.buf.Write(p)
}

// TestLongWorkRefused: searches estimated above an hour, or whose
// -limit trial runs out, are refused with exit 2 within seconds, with
// one line on stderr that names the faster route and -force; nothing
// of them reaches stdout.
func TestLongWorkRefused(t *testing.T) {
	tests := []struct {
		args []string
		want []string // in the stderr line
	}{
		{[]string{"solve", "64", "-limit", "1"}, []string{"no solution in a trial of 2.0 s", "'nqueens find 64'", "-force"}},
		{[]string{"solve", "21"}, []string{"solutions to list", "'nqueens count 21'", "-limit K", "'nqueens find 21'", "-force"}},
		{[]string{"complete", "-n", "20", "-count"}, []string{"the board is empty: 'nqueens count 20'", "-force"}},
		{[]string{"complete", "-n", "22", "-queens", "1:1", "-count"}, []string{"without -count complete stops at the first completion", "-force"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			start := time.Now()
			out, errs, code := cliBounded(t, 10*time.Second, tt.args...)
			el := time.Since(start)
			if code != 2 || out != "" || strings.Count(errs, "\n") != 1 {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit 2, no output, one line", code, out, errs)
			}
			for _, w := range tt.want {
				if !strings.Contains(errs, w) {
					t.Errorf("stderr %q does not say %q", errs, w)
				}
			}
			if el > 5*time.Second {
				t.Errorf("refused after %v; want within a couple of seconds", el)
			}
		})
	}
}

// TestLongWorkSmall: searches well below the hour, or whose -limit
// trial finds what was asked, are not refused.
func TestLongWorkSmall(t *testing.T) {
	tests := []struct {
		args  []string
		lines int // on stdout
	}{
		{[]string{"solve", "10"}, 724},
		{[]string{"solve", "14", "-limit", "5"}, 5},
		{[]string{"solve", "20", "-limit", "3"}, 3},            // the whole search is refused; its trial finds 3
		{[]string{"solve", "28", "-limit", "1", "-unique"}, 1}, // its first solution: under 3 million nodes
		{[]string{"complete", "-n", "10", "-count"}, 1},
		{[]string{"complete", "-partial", "1 . . . . . . .", "-count"}, 1},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			out, errs, code := cliBounded(t, 20*time.Second, tt.args...)
			if code != 0 || strings.Count(out, "\n") != tt.lines || errs != "" {
				t.Errorf("exit %d, %d lines, stderr %q; want exit 0, %d lines, nothing on stderr", code, strings.Count(out, "\n"), errs, tt.lines)
			}
		})
	}
	if out, _, _ := cli(t, "", "complete", "-n", "10", "-count"); out != "724\n" {
		t.Errorf("complete -n 10 -count = %q; want 724", out)
	}
}

// TestLongWorkStats: -stats prints the estimate on stderr before the
// search: a timed one for a large search, an untimed one for a small.
func TestLongWorkStats(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"solve", "16", "-limit", "1", "-stats"}, 0, "a node in a trial of the search: "},
		{[]string{"solve", "9", "-stats"}, 0, "random descents, and 352 solutions (known, not estimated); a small search, not timed"},
		{[]string{"complete", "-n", "20", "-count", "-stats"}, 2, "completions, from "},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			_, errs, code := cliBounded(t, 20*time.Second, tt.args...)
			if code != tt.code || !strings.HasPrefix(errs, "estimate: ") || !strings.Contains(errs, tt.want) {
				t.Errorf("exit %d, stderr %q; want exit %d, first an estimate line with %q", code, errs, tt.code, tt.want)
			}
		})
	}
	// A board counted whole in the estimate's trial: the answer, then
	// the measured figures, and no estimate.
	out, errs, code := cliBounded(t, 20*time.Second, "complete", "-n", "8", "-count", "-stats")
	if code != 0 || out != "92\n" || !strings.HasPrefix(errs, "nodes ") || strings.Contains(errs, "estimate") {
		t.Errorf("complete -n 8 -count -stats: exit %d, %q, stderr %q; want 92 and the nodes alone", code, out, errs)
	}
}

// cancelAfter is a stderr that cancels its context a little after the
// estimate line is written (at once when none is expected), so that a
// test can tell a search that started from one that was refused.
type cancelAfter struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	cancel context.CancelFunc
	once   sync.Once
}

func (w *cancelAfter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if bytes.Contains(p, []byte("estimate: ")) {
		w.once.Do(func() { time.AfterFunc(200*time.Millisecond, w.cancel) })
	}
	return w.buf.Write(p)
}

// TestLongWorkForce: -force starts what would be refused: the search
// runs until its context is cancelled (exit 130, as Ctrl-C), with or
// without -stats.
func TestLongWorkForce(t *testing.T) {
	for _, args := range [][]string{
		{"solve", "64", "-limit", "1", "-force"},
		{"solve", "21", "-force", "-stats"},
		{"complete", "-n", "20", "-count", "-force"},
		{"complete", "-n", "20", "-count", "-force", "-stats"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			stats := args[len(args)-1] == "-stats"
			w := &cancelAfter{cancel: cancel}
			if !stats {
				time.AfterFunc(300*time.Millisecond, cancel)
			}
			var out bytes.Buffer
			start := time.Now()
			code := run(ctx, strings.NewReader(""), &out, w, args)
			w.mu.Lock()
			errs := w.buf.String()
			w.mu.Unlock()
			if code != exitSIGINT || !strings.Contains(errs, "interrupted") {
				t.Errorf("exit %d, stderr %q; want 130 and interrupted (started, then cancelled)", code, errs)
			}
			if stats != strings.HasPrefix(errs, "estimate: ") {
				t.Errorf("stderr %q: want an estimate line first exactly with -stats", errs)
			}
			if el := time.Since(start); el > 10*time.Second {
				t.Errorf("took %v to stop after its context was cancelled", el)
			}
		})
	}
}
