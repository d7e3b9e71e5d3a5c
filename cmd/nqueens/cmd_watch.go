package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/nqueens/nqueens"
	"github.com/nqueens/nqueens/cmd/nqueens/internal/render"
)

var watchCmd = &command{
	name:    "watch",
	args:    "N [--method M] [--delay D]",
	summary: "animate the search in the terminal",
	help: `Animates the search for an N×N board (N = 1 to 16) in the terminal: the
board is redrawn in place with the counters beneath, from the events the
library's search reports. Keys: space pause/resume, → or n one step,
+ faster, - slower, q quit.

Board marks: ♛ queen, × attacked square, ? the square being tried,
! a square found attacked, ♕ the queen that attacks it; an arrow marks
the row being tried.

When standard output is not a terminal, every frame is printed, one after
another, without delay, and the command ends with the search.

Examples:
  nqueens watch 6
  nqueens watch 8 --method arrays --delay 20ms
  nqueens watch 4 | less`,
}

func init() {
	watchCmd.run = runWatch
	register(watchCmd)
}

// watchMax is the largest board watch animates.
const watchMax = 16

func runWatch(ctx context.Context, e *env, args []string) error {
	fs := newFlags(watchCmd, e)
	method := fs.String("method", "bitboard", "algorithm: bitboard, arrays, board or permutation")
	delay := fs.Duration("delay", 100*time.Millisecond, "time between steps (terminal only)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one board size N, got %d arguments", len(pos))
	}
	n, err := parseN(pos[0], watchMax)
	if err != nil {
		return err
	}
	if n == 0 {
		return usagef("N = 0: there is nothing to watch on an empty board")
	}
	m, err := parseMethod(*method)
	if err != nil {
		return err
	}
	if m == nqueens.Quadrant {
		return usagef("--method quadrant counts totals only and cannot be watched; want bitboard, arrays, board or permutation")
	}
	if *delay < time.Millisecond || *delay > time.Minute {
		return usagef("--delay %v: want 1ms to 1m", *delay)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	events := traceEvents(ctx, n, m)
	if ew, ok := e.stdout.(*errWriter); ok && isTerminal(ew) {
		f := ew.w.(*os.File)
		model := newWatchModel(n, m, *delay, events)
		p := tea.NewProgram(model, tea.WithContext(ctx), tea.WithInput(e.stdin), tea.WithOutput(f), tea.WithAltScreen())
		_, err := p.Run()
		if err != nil && ctx.Err() != nil {
			return ctx.Err()
		}
		return err
	}
	// No terminal: every frame, one after another.
	w := &watchModel{n: n, method: m, cols: emptyCols(n)}
	if _, err := io.WriteString(e.stdout, w.frame()+"\n"); err != nil {
		return err
	}
	for ev := range events {
		w.apply(ev)
		if _, err := io.WriteString(e.stdout, w.frame()+"\n"); err != nil {
			return err
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	_, err = fmt.Fprintf(e.stdout, "finished: %d solutions, %d nodes, %d steps\n", w.ev.Stats.Solutions, w.ev.Stats.Nodes, w.steps)
	return err
}

// traceEvents runs the search in a goroutine and returns its events. The
// channel is unbuffered, so the search advances only as fast as the events
// are read; cancelling ctx ends it.
func traceEvents(ctx context.Context, n int, m nqueens.Method) <-chan nqueens.Event {
	ch := make(chan nqueens.Event)
	go func() {
		defer close(ch)
		s, err := nqueens.NewSearch(n, nqueens.SolveOptions{Method: m, Trace: func(e nqueens.Event) {
			select {
			case ch <- e:
			case <-ctx.Done():
			}
		}})
		if err != nil {
			return
		}
		for range s.AllContext(ctx) {
		}
	}()
	return ch
}

func emptyCols(n int) []int {
	c := make([]int, n)
	for i := range c {
		c[i] = -1
	}
	return c
}

// watchModel is the Bubble Tea model of watch.
type watchModel struct {
	n       int
	method  nqueens.Method
	delay   time.Duration
	events  <-chan nqueens.Event
	cols    []int
	ev      nqueens.Event
	steps   uint64
	paused  bool
	waiting bool // a read of the next events is under way
	done    bool
}

func newWatchModel(n int, m nqueens.Method, delay time.Duration, events <-chan nqueens.Event) *watchModel {
	return &watchModel{n: n, method: m, delay: delay, events: events, cols: emptyCols(n)}
}

type (
	tickMsg  struct{}
	batchMsg struct {
		events []nqueens.Event
		done   bool
	}
)

// perTick is how many events one tick plays: one, or more when the delay
// is shorter than a frame (16 ms).
func (w *watchModel) perTick() int {
	return max(1, int(16*time.Millisecond/w.delay))
}

func (w *watchModel) tick() tea.Cmd {
	d := w.delay * time.Duration(w.perTick())
	return tea.Tick(d, func(time.Time) tea.Msg { return tickMsg{} })
}

// read returns a command that reads up to k events.
func (w *watchModel) read(k int) tea.Cmd {
	w.waiting = true
	ch := w.events
	return func() tea.Msg {
		var b batchMsg
		for range k {
			e, ok := <-ch
			if !ok {
				b.done = true
				break
			}
			b.events = append(b.events, e)
		}
		return b
	}
}

func (w *watchModel) Init() tea.Cmd { return w.tick() }

func (w *watchModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyMsg:
		switch msg.String() {
		case "q", "ctrl+c", "esc":
			return w, tea.Quit
		case " ":
			w.paused = !w.paused
			if !w.paused && !w.waiting && !w.done {
				return w, w.tick()
			}
		case "right", "n":
			w.paused = true
			if !w.waiting && !w.done {
				return w, w.read(1)
			}
		case "+", "=":
			w.delay = max(time.Millisecond, w.delay/2)
		case "-", "_":
			w.delay = min(10*time.Second, w.delay*2)
		}
	case tickMsg:
		if !w.paused && !w.waiting && !w.done {
			return w, w.read(w.perTick())
		}
	case batchMsg:
		w.waiting = false
		for _, e := range msg.events {
			w.apply(e)
		}
		w.done = msg.done
		if !w.paused && !w.done {
			return w, w.tick()
		}
	}
	return w, nil
}

func (w *watchModel) apply(e nqueens.Event) {
	switch e.Kind {
	case nqueens.EventPlace:
		w.cols[e.Row] = e.Col
	case nqueens.EventRemove:
		w.cols[e.Row] = -1
	}
	w.ev = e
	w.steps++
}

func (w *watchModel) View() string {
	var b strings.Builder
	b.WriteString(w.frame())
	state := "running"
	switch {
	case w.done:
		state = "finished"
	case w.paused:
		state = "paused"
	}
	fmt.Fprintf(&b, "\n%s, %v per step · space pause/resume · → or n step · +/- speed · q quit\n", state, w.delay)
	return b.String()
}

// frame draws the board and the counters after the last event.
func (w *watchModel) frame() string {
	n, e := w.n, w.ev
	var b strings.Builder
	fmt.Fprintf(&b, "%d-queens, %s\n", n, w.method)
	lw := len(render.RowLabel(n - 1))
	b.WriteString(strings.Repeat(" ", lw+1))
	var head strings.Builder
	for c := range n {
		fmt.Fprintf(&head, "%-2s", render.ColLabel(c, n))
	}
	b.WriteString(strings.TrimRight(head.String(), " ") + "\n")
	live := w.steps > 0
	row := -1
	if live && e.Kind != nqueens.EventSolution {
		row = e.Row
	}
	for r := range n {
		fmt.Fprintf(&b, "%*s ", lw, render.RowLabel(r))
		for c := range n {
			ch := "·"
			switch {
			case live && e.Kind == nqueens.EventConflict && r == e.ByRow && c == e.ByCol:
				ch = "♕"
			case w.cols[r] == c:
				ch = "♛"
			case live && e.Kind == nqueens.EventConflict && r == e.Row && c == e.Col:
				ch = "!"
			case live && e.Kind == nqueens.EventTry && r == e.Row && c == e.Col:
				ch = "?"
			case w.attacked(r, c):
				ch = "×"
			}
			b.WriteString(ch + " ")
		}
		s := strings.TrimRight(b.String(), " ")
		b.Reset()
		b.WriteString(s)
		if r == row {
			b.WriteString(" ←")
		}
		b.WriteString("\n")
	}
	st := e.Stats
	fmt.Fprintf(&b, "steps %d  nodes %d  candidates %d  solutions %d  depth %d\n",
		w.steps, st.Nodes, st.Candidates, st.Solutions, e.Depth)
	b.WriteString(w.describe())
	return b.String()
}

func (w *watchModel) attacked(r, c int) bool {
	for qr, qc := range w.cols {
		if qc >= 0 && qr != r && (qc == c || qc-c == qr-r || qc-c == r-qr) {
			return true
		}
	}
	return false
}

func (w *watchModel) sq(r, c int) string { return render.ColLabel(c, w.n) + render.RowLabel(r) }

func (w *watchModel) describe() string {
	e := w.ev
	if w.steps == 0 {
		return "start"
	}
	switch e.Kind {
	case nqueens.EventTry:
		return "try " + w.sq(e.Row, e.Col)
	case nqueens.EventConflict:
		return fmt.Sprintf("%s is attacked by the queen on %s", w.sq(e.Row, e.Col), w.sq(e.ByRow, e.ByCol))
	case nqueens.EventPlace:
		return "place a queen on " + w.sq(e.Row, e.Col)
	case nqueens.EventRemove:
		return "take back the queen on " + w.sq(e.Row, e.Col)
	case nqueens.EventSolution:
		return fmt.Sprintf("solution #%d: %s", e.Stats.Solutions, nqueens.Placement(w.cols))
	case nqueens.EventDeadEnd:
		return fmt.Sprintf("row %d has no free square: backtrack", e.Row+1)
	}
	return e.Kind.String()
}
