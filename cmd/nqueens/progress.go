package main

import (
	"io"
	"os"
	"time"

	"github.com/nqueens/nqueens/cmd/nqueens/internal/progress"
	"golang.org/x/term"
)

// newReporter picks the progress display for mode on w.
func newReporter(w io.Writer, mode, label string, every time.Duration) progress.Reporter {
	switch {
	case mode == "off", mode == "auto" && !isTerminal(w):
		return progress.Off{}
	case isTerminal(w):
		return progress.NewBar(w, label)
	default:
		return progress.NewLine(w, label, every)
	}
}

func isTerminal(w io.Writer) bool {
	if ew, ok := w.(*errWriter); ok {
		w = ew.w
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
