// Package progress shows the progress of a long count on standard error:
// a bar (mpb) when it is a terminal, a plain status line every few
// seconds when it is not. Both take the nqueens.Progress snapshots that
// CountOptions.Progress delivers.
package progress

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nqueens/nqueens"
	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"
)

// A Reporter receives snapshots from the counting goroutines (Update
// must return quickly) and is told when the count ends.
type Reporter interface {
	Update(p nqueens.Progress)
	// Done ends the display; ok is false when the count failed or was
	// interrupted.
	Done(ok bool)
}

// Off shows nothing.
type Off struct{}

func (Off) Update(nqueens.Progress) {}
func (Off) Done(bool)               {}

// Status returns the one-line summary of p: units, share by cost,
// elapsed, rate of this run and the estimated time left.
func Status(p nqueens.Progress) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d/%d units (%.1f%%), %s elapsed", p.UnitsDone, p.UnitsTotal, 100*p.Fraction(), dur(p.Elapsed))
	if p.Resumed > 0 {
		fmt.Fprintf(&b, ", %d resumed", p.Resumed)
	}
	if s := p.Elapsed.Seconds(); s > 0 && p.UnitsDone > p.Resumed {
		fmt.Fprintf(&b, ", %.1f units/s", float64(p.UnitsDone-p.Resumed)/s)
	}
	if p.UnitsDone < p.UnitsTotal {
		if left, ok := p.Remaining(); ok {
			fmt.Fprintf(&b, ", ETA %s", dur(left))
		}
	}
	return b.String()
}

// dur writes d rounded to the second, or to the millisecond below one.
func dur(d time.Duration) string {
	if d < time.Second {
		return d.Round(time.Millisecond).String()
	}
	return d.Round(time.Second).String()
}

// A Line prints "label: status" to w every interval while the count
// makes progress, and once at the end.
type Line struct {
	w     io.Writer
	label string

	mu      sync.Mutex
	last    nqueens.Progress
	have    bool
	printed bool // last was printed
	stop    chan struct{}
	done    chan struct{}
}

// NewLine starts a Line that prints every interval.
func NewLine(w io.Writer, label string, every time.Duration) *Line {
	l := &Line{w: w, label: label, stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(l.done)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-l.stop:
				return
			case <-t.C:
				l.print()
			}
		}
	}()
	return l
}

func (l *Line) Update(p nqueens.Progress) {
	l.mu.Lock()
	l.last, l.have, l.printed = p, true, false
	l.mu.Unlock()
}

func (l *Line) print() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.have || l.printed {
		return
	}
	fmt.Fprintf(l.w, "%s: %s\n", l.label, Status(l.last))
	l.printed = true
}

func (l *Line) Done(ok bool) {
	close(l.stop)
	<-l.done
	if ok {
		l.print() // the final status, unless the ticker just wrote it
	}
}

// A Bar draws an mpb progress bar on w, a terminal.
type Bar struct {
	w     io.Writer
	label string

	last atomic.Pointer[nqueens.Progress] // read by the render goroutine
	mu   sync.Mutex
	p    *mpb.Progress
	bar  *mpb.Bar
}

// NewBar returns a Bar; it appears with the first snapshot.
func NewBar(w io.Writer, label string) *Bar { return &Bar{w: w, label: label} }

func (b *Bar) Update(p nqueens.Progress) {
	b.last.Store(&p)
	// mpb calls the decorators from its own goroutine, and SetCurrent
	// waits for it: never hold b.mu across SetCurrent.
	b.mu.Lock()
	if b.bar == nil && p.UnitsTotal > 0 {
		b.p = mpb.New(mpb.WithOutput(b.w), mpb.WithWidth(30), mpb.WithRefreshRate(200*time.Millisecond),
			mpb.WithAutoRefresh()) // the caller checked that w is a terminal; tests draw into buffers
		// The bar fills by cost, like the percentage and the ETA: the
		// costly units go first, so units done would run ahead.
		b.bar = b.p.New(scale, mpb.BarStyle(),
			mpb.PrependDecorators(decor.Any(b.head)),
			mpb.AppendDecorators(decor.Any(b.tail)),
		)
	}
	bar := b.bar
	b.mu.Unlock()
	if bar != nil {
		bar.SetCurrent(int64(p.Fraction() * scale))
	}
}

// scale is the bar's total: it counts in hundredths of a percent.
const scale = 10000

// head is the decoration before the bar: label and units.
func (b *Bar) head(decor.Statistics) string {
	p := b.last.Load()
	if p == nil {
		return b.label
	}
	return fmt.Sprintf("%s %d/%d units", b.label, p.UnitsDone, p.UnitsTotal)
}

// tail is the decoration after the bar: share, elapsed, rate, ETA.
func (b *Bar) tail(decor.Statistics) string {
	p := b.last.Load()
	if p == nil {
		return ""
	}
	s := Status(*p)
	if i := strings.Index(s, " ("); i >= 0 {
		s = s[i+1:] // the units are before the bar already
	}
	return s
}

func (b *Bar) Done(ok bool) {
	b.mu.Lock()
	bar, p := b.bar, b.p
	b.mu.Unlock()
	if bar == nil {
		return
	}
	if ok {
		bar.SetCurrent(scale) // complete
	} else {
		bar.Abort(false) // leave it drawn where it stopped
	}
	p.Wait()
}
