// Command nqueens counts, lists, checks and shows solutions of the
// N-Queens problem. Run "nqueens help" for the commands.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	_ "github.com/nqueens/nqueens/gpu" // -device gpu: the CUDA driver, loaded at run time
)

// commands are the commands of nqueens, in the order 'nqueens help'
// lists them. Each is defined in its cmd_<name>.go.
var commands = []*command{
	countCmd,
	compareCmd,
	solveCmd,
	findCmd,
	checkCmd,
	completeCmd,
	genCmd,
	showCmd,
	watchCmd,
	planCmd,
	estimateCmd,
	mergeCmd,
	serveCmd,
	siteCmd,
	versionCmd,
	helpCmd,
}

func main() {
	ctx, cancel := signalContext()
	code := run(ctx, os.Stdin, os.Stdout, os.Stderr, os.Args[1:])
	cancel(nil)
	os.Exit(code)
}

// signalContext returns a context cancelled, with a signalCause naming
// the signal, by the first SIGINT or SIGTERM; run then exits 130 or 143.
// The first signal also restores the default handling, so a second one
// ends the process at once should a command be slow to stop.
func signalContext() (context.Context, context.CancelCauseFunc) {
	ctx, cancel := context.WithCancelCause(context.Background())
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	go func() {
		select {
		case s := <-sigs:
			signal.Stop(sigs)
			cancel(signalCause{s})
		case <-ctx.Done():
			signal.Stop(sigs)
		}
	}()
	return ctx, cancel
}
