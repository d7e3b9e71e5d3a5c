package main

import (
	"context"
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
)

// TestWatchPiped checks that without a terminal watch prints one frame per
// event of the library's trace, plus the start, and ends.
func TestWatchPiped(t *testing.T) {
	var want int
	var final nqueens.Event
	s, _ := nqueens.NewSearch(5, nqueens.SolveOptions{Method: nqueens.Arrays, Trace: func(e nqueens.Event) { want++; final = e }})
	for range s.All() {
	}
	out, stderr, code := nq(t, "", "watch", "5", "--method", "arrays")
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
		t.Errorf("watch 5 --method arrays never shows a conflict or the first solution")
	}
	for _, args := range [][]string{{"watch"}, {"watch", "17"}, {"watch", "0"}, {"watch", "4", "--delay", "0s"}, {"watch", "4", "--method", "x"}} {
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
	m := newWatchModel(4, nqueens.Bitboard, 100*time.Millisecond, traceEvents(ctx, 4, nqueens.Bitboard))
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

// TestWatchTerminal runs watch in a real terminal (tmux): the board is
// drawn, space pauses, n steps, q quits. It fails when tmux is missing.
func TestWatchTerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs tmux")
	}
	tmux, err := exec.LookPath("tmux")
	if err != nil {
		t.Fatal("tmux not found (install Debian's tmux package)")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "nqueens")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	sock := fmt.Sprintf("nqueens-test-%d", os.Getpid())
	tm := func(args ...string) string {
		t.Helper()
		out, err := exec.Command(tmux, append([]string{"-L", sock}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("tmux %q: %v\n%s", args, err, out)
		}
		return string(out)
	}
	tm("-f", "/dev/null", "new-session", "-d", "-s", "w", "-x", "100", "-y", "30", bin+" watch 6 --delay 30ms")
	t.Cleanup(func() { exec.Command(tmux, "-L", sock, "kill-server").Run() })
	stepsRe := regexp.MustCompile(`steps (\d+) `)
	screen := func() (string, int) {
		s := tm("capture-pane", "-p", "-t", "w")
		m := stepsRe.FindStringSubmatch(s)
		if m == nil {
			return s, -1
		}
		n, _ := strconv.Atoi(m[1])
		return s, n
	}
	wait := func(what string, ok func(string, int) bool) (string, int) {
		t.Helper()
		var s string
		var n int
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			if s, n = screen(); ok(s, n) {
				return s, n
			}
		}
		t.Fatalf("%s never happened; screen:\n%s", what, s)
		return "", 0
	}
	s, _ := wait("animation", func(s string, n int) bool { return n >= 5 && strings.Contains(s, "running") })
	if !strings.Contains(s, "6-queens, bitboard") || !strings.Contains(s, "♛") || !strings.Contains(s, "  a b c d e f") {
		t.Errorf("screen lacks the board:\n%s", s)
	}
	tm("send-keys", "-t", "w", "Space")
	_, paused := wait("pause", func(s string, n int) bool { return strings.Contains(s, "paused") })
	time.Sleep(300 * time.Millisecond)
	if _, n := screen(); n != paused {
		t.Errorf("paused at step %d but the screen moved on to %d", paused, n)
	}
	tm("send-keys", "-t", "w", "n")
	wait("one step", func(s string, n int) bool { return n == paused+1 })
	tm("send-keys", "-t", "w", "Right")
	wait("another step", func(s string, n int) bool { return n == paused+2 })
	tm("send-keys", "-t", "w", "q")
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if exec.Command(tmux, "-L", sock, "has-session", "-t", "w").Run() != nil {
			break // the program quit and its session closed
		}
		if time.Now().After(deadline) {
			t.Fatal("q did not quit")
		}
	}
}
