package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
	"unicode/utf8"

	tea "github.com/charmbracelet/bubbletea"
	"golang.org/x/term"

	"github.com/nqueens/nqueens"
	"github.com/nqueens/nqueens/cmd/nqueens/internal/render"
	"github.com/nqueens/nqueens/internal/bytesize"
)

var watchCmd = &command{
	name:    "watch",
	run:     runWatch,
	args:    "N [-method M] [-delay D] [-force]",
	summary: "animate the search in the terminal",
	help: `Animates the search for an N×N board (N = 1 to 16) in the terminal: the
board is redrawn in place with the counters beneath, from the events the
library's search reports. Keys: space pause/resume, → or n one step,
+ faster, - slower, q quit.

Board marks: ♛ queen, × attacked square, ? the square being tried,
! a square found attacked, ♕ the queen that attacks it; an arrow marks
the row being tried.

When standard input or standard output is not a terminal, every frame is
printed, one after another, without delay, and the command ends with the
search: a frame for each step, about 3·10^9 of them (over 2 TiB) at
N = 16. So watch first estimates the frames and their time here, as
solve and count do, and refuses, exit 2, a run estimated above an hour
unless -force. In a terminal too small for the board and its counters,
watch says how large a terminal it needs instead of drawing a cut frame.

Examples:
  nqueens watch 6
  nqueens watch 8 -method arrays -delay 20ms
  nqueens watch 4 | less`,
}

// watchTrial is how long watch, about to print every frame, draws the
// frames of its search to time them (watchEstimate).
const watchTrial = 100 * time.Millisecond

// watchUntried bounds the searches watchEstimate does not time: below
// this many nodes (N ≤ 10, or 7 with the permutation method) a run
// makes about 10^6 steps at most (the most steps a node, arrays and
// board: 16 at N = 8, 18 at N = 9), under a minute of frames at the
// 30,000 a second drawn at N = 12, far below refuseAbove.
const watchUntried = 1e5

// watchMax is the largest board watch animates.
const watchMax = 16

func runWatch(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e)
	method := fs.String("method", "bitboard", "method `NAME`: bitboard, arrays, matrix or permutation")
	delay := fs.Duration("delay", 100*time.Millisecond, "time `D` between steps (terminal only)")
	force := fs.Bool("force", false, "without a terminal, print every frame although estimated above an hour")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	n, err := oneN(pos, watchMax)
	if err != nil {
		return err
	}
	if n == 0 {
		return usagef("N = 0: there is nothing to watch on an empty board")
	}
	m, err := parseListMethod(*method)
	if err != nil {
		return err
	}
	if *delay < time.Millisecond || *delay > time.Minute {
		return usagef("-delay %v: want 1ms to 1m", *delay)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if ew, ok := e.stdout.(*errWriter); ok && isTerminal(ew) && isTerminalReader(e.stdin) {
		f := ew.w.(*os.File)
		events := traceEvents(ctx, n, m)
		model := newWatchModel(n, m, *delay, events)
		// Signals are main's (signalContext): a SIGTERM or SIGINT cancels
		// ctx, which ends the program and restores the terminal, and the
		// exit status says which signal it was. Bubble Tea's own handler
		// would quit as if q had been pressed, with status 0.
		p := tea.NewProgram(model, tea.WithContext(ctx), tea.WithInput(e.stdin), tea.WithOutput(f), tea.WithAltScreen(), tea.WithoutSignalHandler())
		final, err := p.Run()
		if err := ctx.Err(); err != nil {
			return err
		}
		if fm, ok := final.(*watchModel); ok && fm.interrupted {
			// Ctrl-C in raw mode is a key, not a signal: exit as
			// SIGINT would (130), like every other command.
			return fmt.Errorf("watch: %w", context.Canceled)
		}
		return err
	}
	// No terminal to draw in or to read keys from: every frame, one
	// after another, if they take at most refuseAbove or -force.
	if !*force {
		est, err := watchEstimate(ctx, n, m)
		if err != nil {
			return err
		}
		if est.seconds > refuseAbove.Seconds() {
			return usagef("N = %d: about %s here to print every frame (estimated: %s frames, %s, method %s); in a terminal watch draws at the pace of -delay; -force to print them all anyway",
				n, humanSeconds(est.seconds), about(est.frames), bytesize.Need(uint64(min(est.bytes, 1<<63))), m)
		}
	}
	events := traceEvents(ctx, n, m)
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
	_, err = fmt.Fprintf(e.stdout, "finished: %s\n", w.summary())
	return err
}

// A watchCost is what printing every frame of a search costs: frames
// (one a step, and the start), their bytes, and the seconds to draw
// them here (not counting the reader of the pipe, which can only add).
type watchCost struct{ frames, bytes, seconds float64 }

// watchEstimate estimates the cost of printing every frame of the
// search of n by method m: the nodes of the whole search, by random
// descents (nqueens.EstimateSolve), times the frames, bytes and time
// a node took in a trial of watchTrial that draws the frames as watch
// does, from the start of the search. A search estimated below
// watchUntried nodes, or one the trial finishes, is not extrapolated:
// its cost is the trial's (zero when untried).
func watchEstimate(ctx context.Context, n int, m nqueens.Method) (watchCost, error) {
	// Only the descents' nodes are used: the least budget, so that the
	// estimate's own trial, a plain search, is short.
	est, err := nqueens.EstimateSolve(ctx, n, nqueens.SolveOptions{Method: m}, nqueens.SearchEstimateOptions{Budget: time.Millisecond})
	if err != nil || est.Nodes < watchUntried {
		return watchCost{}, err
	}
	tctx, cancel := context.WithTimeout(ctx, watchTrial)
	defer cancel()
	w := &watchModel{n: n, method: m, cols: emptyCols(n)}
	c := watchCost{frames: 1, bytes: float64(len(w.frame()) + 1)}
	s, err := nqueens.Solutions(tctx, n, nqueens.SolveOptions{Method: m, Trace: func(e nqueens.Event) {
		w.apply(e)
		c.frames++
		c.bytes += float64(len(w.frame()) + 1)
	}})
	if err != nil {
		return watchCost{}, err
	}
	t0 := time.Now()
	for range s.All() {
	}
	c.seconds = time.Since(t0).Seconds()
	if err := ctx.Err(); err != nil {
		return watchCost{}, err
	}
	if s.Err() == nil { // the whole search in the trial
		return c, nil
	}
	nodes := float64(max(s.Stats().Nodes, 1))
	scale := max(est.Nodes, nodes) / nodes
	return watchCost{frames: c.frames * scale, bytes: c.bytes * scale, seconds: c.seconds * scale}, nil
}

// isTerminalReader reports whether r is a terminal that keys can be read
// from.
func isTerminalReader(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// traceEvents runs the search in a goroutine and returns its events. The
// channel is unbuffered, so the search advances only as fast as the events
// are read; cancelling ctx ends it.
func traceEvents(ctx context.Context, n int, m nqueens.Method) <-chan nqueens.Event {
	ch := make(chan nqueens.Event)
	go func() {
		defer close(ch)
		s, err := nqueens.Solutions(ctx, n, nqueens.SolveOptions{Method: m, Trace: func(e nqueens.Event) {
			select {
			case ch <- e:
			case <-ctx.Done():
			}
		}})
		if err != nil {
			return
		}
		for range s.All() {
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
	n           int
	method      nqueens.Method
	delay       time.Duration
	events      <-chan nqueens.Event
	cols        []int
	ev          nqueens.Event
	steps       uint64
	paused      bool
	waiting     bool // a read of the next events is under way
	done        bool
	interrupted bool // Ctrl-C quit: the command exits 130
	// width and height of the terminal, from tea.WindowSizeMsg; 0 until
	// the first one arrives.
	width, height int
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
		case "ctrl+c":
			w.interrupted = true
			return w, tea.Quit
		case "q", "esc":
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
	case tea.WindowSizeMsg:
		w.width, w.height = msg.Width, msg.Height
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

// View draws the frame and a status line with the keys; when the run is
// finished, the status line is the summary and the one key left, q. In a
// narrow terminal the status line drops the key hints but q; a terminal
// smaller than the frame gets a notice instead of a cut frame.
func (w *watchModel) View() string {
	frame := w.frame()
	var status, short string
	switch {
	case w.done:
		status = fmt.Sprintf("finished: %s · q quit", w.summary())
		short = "finished · q quit"
	case w.paused:
		status = fmt.Sprintf("paused, %v per step · space resume · → or n step · +/- speed · q quit", w.delay)
		short = "paused · q quit"
	default:
		status = fmt.Sprintf("running, %v per step · space pause · → or n step · +/- speed · q quit", w.delay)
		short = "running · q quit"
	}
	if w.width > 0 && w.height > 0 {
		fw, fh := viewSize(frame)
		if fw > w.width || fh+1 > w.height { // + the status line
			return tooSmall(max(fw, utf8.RuneCountInString(short)), fh+1, w.width, w.height)
		}
		if utf8.RuneCountInString(status) > w.width {
			status = short
		}
	}
	return frame + "\n" + status + "\n"
}

// summary is what the run found: "1 solution, 1 node, 3 steps".
func (w *watchModel) summary() string {
	st := w.ev.Stats
	count := func(k uint64, one, many string) string {
		return fmt.Sprintf("%d %s", k, plural(int(min(k, 2)), one, many))
	}
	return count(st.Solutions, "solution", "solutions") + ", " + count(st.Nodes, "node", "nodes") + ", " + count(w.steps, "step", "steps")
}

// viewSize returns the width (in cells: every rune of the frame is one
// cell wide) and the height of view v.
func viewSize(v string) (width, height int) {
	lines := strings.Split(strings.TrimSuffix(v, "\n"), "\n")
	for _, l := range lines {
		width = max(width, utf8.RuneCountInString(l))
	}
	return width, len(lines)
}

// tooSmall is the notice shown instead of a frame of vw×vh cells in a
// terminal of w×h, cut to fit it.
func tooSmall(vw, vh, w, h int) string {
	msg := fmt.Sprintf("terminal too small: %d×%d, watch needs %d×%d; enlarge it, or q to quit", w, h, vw, vh)
	var lines []string
	for len(msg) > 0 && len(lines) < h {
		r := []rune(msg)
		k := min(len(r), w)
		if k < len(r) {
			if i := strings.LastIndex(string(r[:k]), " "); i > 0 {
				k = utf8.RuneCountInString(string(r[:k])[:i])
			}
		}
		lines = append(lines, strings.TrimSpace(string(r[:k])))
		msg = strings.TrimSpace(string(r[k:]))
	}
	return strings.Join(lines, "\n")
}

// frame draws the board and the counters after the last event.
func (w *watchModel) frame() string {
	n, e := w.n, w.ev
	var b strings.Builder
	fmt.Fprintf(&b, "%d-queens, %s\n", n, w.method)
	lw := len(render.RowLabel(n - 1))
	for _, h := range render.ColHeader(n, lw+1) {
		b.WriteString(h + "\n")
	}
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

// sq names a square by its row and column numbers, as the board's labels
// and placements count them (from the top left, from 1).
func (w *watchModel) sq(r, c int) string {
	return "row " + render.RowLabel(r) + ", col " + render.ColLabel(c)
}

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
