package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/nqueens/nqueens"
	"github.com/nqueens/nqueens/internal/testtool"
)

// TestWatchPiped checks that without a terminal watch prints one frame per
// event of the library's trace, plus the start, and ends.
func TestWatchPiped(t *testing.T) {
	var want int
	var final nqueens.Event
	s, _ := nqueens.Solutions(context.Background(), 5, nqueens.SolveOptions{Method: nqueens.MethodArrays, Trace: func(e nqueens.Event) { want++; final = e }})
	for range s.All() {
	}
	out, stderr, code := nq(t, "", "watch", "5", "-method", "arrays")
	if code != 0 {
		t.Fatalf("watch 5 = %d: %s", code, stderr)
	}
	if got := strings.Count(out, "5-queens, arrays\n"); got != want+1 {
		t.Errorf("watch 5 printed %d frames; want %d", got, want+1)
	}
	last := fmt.Sprintf("steps %d  nodes %d  candidates %d  solutions 10  depth 0\n", want, final.Stats.Nodes, final.Stats.Candidates)
	if !strings.Contains(out, last) || !strings.HasSuffix(out, fmt.Sprintf("finished: 10 solutions, %d nodes, %d steps\n", final.Stats.Nodes, want)) {
		t.Errorf("watch 5 ends with\n%s\nwant the counters %q and a finished line", out[max(0, len(out)-400):], last)
	}
	if !strings.Contains(out, "♕") || !strings.Contains(out, "!") || !strings.Contains(out, "solution #1: 1 3 5 2 4") {
		t.Errorf("watch 5 -method arrays never shows a conflict or the first solution")
	}
	for _, args := range [][]string{{"watch"}, {"watch", "17"}, {"watch", "0"}, {"watch", "4", "-delay", "0s"}, {"watch", "4", "-method", "x"}} {
		if _, stderr, code := nq(t, "", args...); code != 2 || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q = %d, %q; want 2 and one line", args, code, stderr)
		}
	}
}

// step feeds msg to m and then the messages its commands produce, except
// ticks, until none is left.
func step(m *watchModel, msg tea.Msg) {
	for msg != nil {
		_, cmd := m.Update(msg)
		msg = nil
		if cmd == nil {
			break
		}
		if next := cmd(); next != nil {
			if _, tick := next.(tickMsg); !tick {
				msg = next
			}
		}
	}
}

func TestWatchKeys(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	m := newWatchModel(4, nqueens.MethodBitboard, 100*time.Millisecond, traceEvents(ctx, 4, nqueens.MethodBitboard))
	step(m, tickMsg{})
	if m.steps != 1 {
		t.Fatalf("after a tick steps = %d; want 1", m.steps)
	}
	step(m, tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}})
	if !m.paused {
		t.Fatal("space did not pause")
	}
	step(m, tickMsg{})
	if m.steps != 1 {
		t.Errorf("a paused tick stepped: steps = %d", m.steps)
	}
	step(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'n'}})
	step(m, tea.KeyMsg{Type: tea.KeyRight})
	if m.steps != 3 || !m.paused {
		t.Errorf("n and → gave steps = %d, paused %v; want 3, true", m.steps, m.paused)
	}
	step(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'+'}})
	if m.delay != 50*time.Millisecond {
		t.Errorf("+ gave delay %v; want 50ms", m.delay)
	}
	step(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'-'}})
	step(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'-'}})
	if m.delay != 200*time.Millisecond {
		t.Errorf("+ - - gave delay %v; want 200ms", m.delay)
	}
	for i := 0; i < 100 && !m.done; i++ {
		step(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'n'}})
	}
	if !m.done || m.ev.Stats.Solutions != 2 || !strings.Contains(m.View(), "finished") {
		t.Errorf("stepping to the end: done %v, solutions %d", m.done, m.ev.Stats.Solutions)
	}
	if _, cmd := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'q'}}); cmd == nil || cmd() != tea.Quit() {
		t.Error("q does not quit")
	}
}

// tmuxPane runs the shell command line in a detached tmux session of
// w×h cells on a server of its own, and returns a function that
// captures the pane's text, one that sends it a key and one that tells
// whether the session still runs. It skips (fails under CI=true) when
// tmux is missing.
func tmuxPane(t *testing.T, w, h int, line string) (capture func() string, send func(key string), alive func() bool) {
	t.Helper()
	tmux := testtool.Require(t, "tmux", "tmux")
	sock := fmt.Sprintf("nqueens-test-%d-%s", os.Getpid(), strings.ReplaceAll(t.Name(), "/", "-"))
	tm := func(args ...string) string {
		t.Helper()
		out, err := exec.Command(tmux, append([]string{"-L", sock}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("tmux %q: %v\n%s", args, err, out)
		}
		return string(out)
	}
	tm("-f", "/dev/null", "new-session", "-d", "-s", "w", "-x", strconv.Itoa(w), "-y", strconv.Itoa(h), line)
	t.Cleanup(func() { exec.Command(tmux, "-L", sock, "kill-server").Run() })
	t.Cleanup(func() {
		if t.Failed() {
			out, _ := exec.Command(tmux, "-L", sock, "capture-pane", "-p", "-t", "w").CombinedOutput()
			t.Logf("tmux pane at the end:\n%s", out)
		}
	})
	capture = func() string { return tm("capture-pane", "-p", "-t", "w") }
	send = func(key string) { tm("send-keys", "-t", "w", key) }
	alive = func() bool { return exec.Command(tmux, "-L", sock, "has-session", "-t", "w").Run() == nil }
	return capture, send, alive
}

// waitFor polls capture until ok holds of the pane's text, or fails
// after 10 s (a bound against a hung program, not a speed claim).
func waitFor(t *testing.T, what string, capture func() string, ok func(string) bool) string {
	t.Helper()
	var s string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if s = capture(); ok(s) {
			return s
		}
	}
	t.Fatalf("%s never happened; screen:\n%s", what, s)
	return ""
}

// TestWatchTerminal runs watch in a real terminal (tmux): the board is
// drawn, space pauses, n steps, q quits.
func TestWatchTerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs tmux")
	}
	bin := binary(t)
	capture, send, alive := tmuxPane(t, 100, 30, bin+" watch 6 -delay 30ms")
	stepsRe := regexp.MustCompile(`steps (\d+) `)
	steps := func(s string) int {
		m := stepsRe.FindStringSubmatch(s)
		if m == nil {
			return -1
		}
		n, _ := strconv.Atoi(m[1])
		return n
	}
	s := waitFor(t, "animation", capture, func(s string) bool { return steps(s) >= 5 && strings.Contains(s, "running") })
	if !strings.Contains(s, "6-queens, bitboard") || !strings.Contains(s, "♛") || !strings.Contains(s, "  1 2 3 4 5 6") {
		t.Errorf("screen lacks the board:\n%s", s)
	}
	send("Space")
	paused := steps(waitFor(t, "pause", capture, func(s string) bool { return strings.Contains(s, "paused") }))
	time.Sleep(300 * time.Millisecond)
	if n := steps(capture()); n != paused {
		t.Errorf("paused at step %d but the screen moved on to %d", paused, n)
	}
	send("n")
	waitFor(t, "one step", capture, func(s string) bool { return steps(s) == paused+1 })
	send("Right")
	waitFor(t, "another step", capture, func(s string) bool { return steps(s) == paused+2 })
	send("q")
	for deadline := time.Now().Add(5 * time.Second); alive(); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("q did not quit")
		}
	}
}

// TestWatchTerminalLayout: in a terminal, a finished run shows its
// summary and only the key that still does something; a terminal too
// small for the frame gets a notice that fits it, not a cut frame; and
// with standard input not a terminal watch prints its frames and ends
// (it once failed with a bubbletea error, exit 1).
func TestWatchTerminalLayout(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs tmux")
	}
	bin := binary(t)
	t.Run("finished", func(t *testing.T) {
		capture, _, _ := tmuxPane(t, 100, 30, bin+" watch 4 -delay 1ms")
		s := waitFor(t, "the end of the run", capture, func(s string) bool { return strings.Contains(s, "finished") })
		if !strings.Contains(s, "finished: 2 solutions, 16 nodes, 38 steps · q quit") || strings.Contains(s, "space") || strings.Contains(s, "speed") {
			t.Errorf("finished screen:\n%s\nwant the summary and q quit, without the other keys", s)
		}
	})
	t.Run("too-small", func(t *testing.T) {
		capture, _, _ := tmuxPane(t, 30, 8, bin+" watch 6")
		s := waitFor(t, "the notice", capture, func(s string) bool { return strings.Contains(s, "terminal too small") })
		if strings.Contains(s, "6-queens") || strings.Contains(s, "♛") || !strings.Contains(s, "30×8") {
			t.Errorf("30×8 screen:\n%s\nwant the notice naming the size instead of the frame", s)
		}
	})
	for _, sig := range []struct {
		name string
		code int
	}{{"TERM", 143}, {"INT", 130}} {
		t.Run("SIG"+sig.name, func(t *testing.T) {
			pidFile := filepath.Join(t.TempDir(), "pid")
			capture, _, _ := tmuxPane(t, 100, 30, fmt.Sprintf("sh -c 'echo $$ > %s; exec %s watch 8 -delay 1s'; echo exit=$?; sleep 30", pidFile, bin))
			waitFor(t, "the board", capture, func(s string) bool { return strings.Contains(s, "8-queens") })
			b, err := os.ReadFile(pidFile)
			if err != nil {
				t.Fatal(err)
			}
			if out, err := exec.Command("kill", "-"+sig.name, strings.TrimSpace(string(b))).CombinedOutput(); err != nil {
				t.Fatalf("kill: %v %s", err, out)
			}
			s := waitFor(t, "the end", capture, func(s string) bool { return strings.Contains(s, "exit=") })
			if want := fmt.Sprintf("exit=%d", sig.code); !strings.Contains(s, want) {
				t.Errorf("watch 8 after SIG%s:\n%s\nwant %s", sig.name, s, want)
			}
		})
	}
	t.Run("stdin-not-terminal", func(t *testing.T) {
		capture, _, _ := tmuxPane(t, 100, 30, bin+" watch 4 < /dev/null; echo exit=$?; sleep 30")
		s := waitFor(t, "the end", capture, func(s string) bool { return strings.Contains(s, "exit=") })
		if !strings.Contains(s, "finished: 2 solutions, 16 nodes, 38 steps\nexit=0") {
			t.Errorf("watch 4 < /dev/null in a terminal:\n%s\nwant the frames, the finished line and exit 0", s)
		}
	})
}

// TestWatchView checks the view against the terminal's size and state
// without a terminal.
func TestWatchView(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	m := newWatchModel(4, nqueens.MethodBitboard, 100*time.Millisecond, traceEvents(ctx, 4, nqueens.MethodBitboard))
	step(m, tickMsg{})
	for _, tc := range []struct {
		w, h      int
		want, not []string
	}{
		{100, 30, []string{"4-queens, bitboard", "running, 100ms per step · space pause · → or n step · +/- speed · q quit"}, []string{"too small"}},
		{60, 9, []string{"4-queens, bitboard", "\nrunning · q quit\n"}, []string{"space", "too small"}},
		{30, 8, []string{"terminal too small: 30×8,", "watch needs 52×9"}, []string{"4-queens", "running"}},
		{100, 8, []string{"terminal too small: 100×8, watch needs 52×9"}, []string{"4-queens"}},
	} {
		step(m, tea.WindowSizeMsg{Width: tc.w, Height: tc.h})
		v := m.View()
		for _, s := range tc.want {
			if !strings.Contains(v, s) {
				t.Errorf("View in %d×%d =\n%s\nwant %q", tc.w, tc.h, v, s)
			}
		}
		for _, s := range tc.not {
			if strings.Contains(v, s) {
				t.Errorf("View in %d×%d =\n%s\nwant no %q", tc.w, tc.h, v, s)
			}
		}
		if vw, vh := viewSize(v); vw > tc.w || vh > tc.h {
			t.Errorf("View in %d×%d is %d×%d:\n%s", tc.w, tc.h, vw, vh, v)
		}
	}
	step(m, tea.WindowSizeMsg{Width: 100, Height: 30})
	for i := 0; i < 100 && !m.done; i++ {
		step(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'n'}})
	}
	if v := m.View(); !strings.HasSuffix(v, "\nfinished: 2 solutions, 16 nodes, 38 steps · q quit\n") || strings.Contains(v, "space") {
		t.Errorf("finished View =\n%s\nwant the summary and only q", v)
	}
}

// TestWatchSingular: one solution, one node and one step are singular.
func TestWatchSingular(t *testing.T) {
	out, errs, code := nq(t, "", "watch", "1")
	if code != 0 || !strings.HasSuffix(out, "\nfinished: 1 solution, 1 node, 3 steps\n") {
		t.Errorf("watch 1 = %d, %q, ends with %q; want \"finished: 1 solution, 1 node, 3 steps\"", code, errs, out[max(0, len(out)-60):])
	}
}

// fillWriter takes left bytes, then fails every write.
type fillWriter struct {
	strings.Builder
	left int
}

func (w *fillWriter) Write(p []byte) (int, error) {
	if len(p) > w.left {
		return 0, errors.New("full")
	}
	w.left -= len(p)
	return w.Builder.Write(p)
}

// TestWatchGate checks that watch without a terminal refuses, exit 2 and
// one line, a run whose frames are estimated above an hour (N = 16:
// about 3·10^9 frames, hours even on a fast machine), printing nothing,
// and that -force prints them.
func TestWatchGate(t *testing.T) {
	out, errs, code := nq(t, "", "watch", "16")
	for _, want := range []string{"nqueens watch: N = 16: about ", " to print every frame (estimated: ", " frames, ", "-force to print them all anyway\n"} {
		if code != exitUsage || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, want) {
			t.Errorf("watch 16 = %d, stdout %d bytes, stderr %q; want exit 2, nothing printed, one line with %q", code, len(out), errs, want)
		}
	}
	w := &fillWriter{left: 100 << 10}
	var errb strings.Builder
	code = run(context.Background(), strings.NewReader(""), w, &errb, []string{"watch", "16", "-force"})
	if code != exitFailure || !strings.HasPrefix(w.String(), "16-queens, bitboard\n") || w.left > 4<<10 || !strings.Contains(errb.String(), "writing standard output") {
		t.Errorf("watch 16 -force into a writer full after 100 KiB = %d, %d bytes printed, stderr %q; want exit 3 after printing frames until full", code, 100<<10-w.left, errb.String())
	}
}

// TestWatchEstimate checks the frames and bytes watchEstimate expects
// of N = 12 (bitboard: a trial of 0.1 s extrapolated to the whole
// search) against the search's events counted: within a factor of 2.
func TestWatchEstimate(t *testing.T) {
	const n = 12
	frames := 1 // the start
	s, _ := nqueens.Solutions(context.Background(), n, nqueens.SolveOptions{Trace: func(nqueens.Event) { frames++ }})
	for range s.All() {
	}
	c, err := watchEstimate(context.Background(), n, nqueens.MethodBitboard)
	if err != nil {
		t.Fatal(err)
	}
	if c.frames < float64(frames)/2 || c.frames > float64(frames)*2 || c.bytes < 500*c.frames || c.bytes > 900*c.frames || c.seconds <= 0 {
		t.Errorf("watchEstimate(%d) = %+v; want about %d frames of 500 to 900 bytes, and a time", n, c, frames)
	}
}
