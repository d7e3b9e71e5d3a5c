package main

import (
	"context"

	"github.com/nqueens/nqueens/internal/quote"
)

var helpCmd = &command{
	name:    "help",
	args:    "[command]",
	summary: "explain the commands, or one command",
	// run is set by run.go's dispatch: runHelp looks up the commands,
	// which list helpCmd, so helpCmd cannot name it (an initialization
	// cycle).
}

// runHelp prints the list of commands, or a command's help.
func runHelp(ctx context.Context, e *env, args []string) error {
	switch len(args) {
	case 0:
		writeUsage(e.stdout)
		return nil
	case 1:
		if args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
			args[0] = "help"
		}
		c := lookup(args[0])
		switch c {
		case nil:
			return usagef("unknown command %s", quote.Token(args[0]))
		case helpCmd:
			writeUsage(e.stdout)
			return nil
		}
		ce := *e
		ce.cmd = c
		return c.run(ctx, &ce, []string{"-h"}) // prints the help, returns errHelp
	default:
		return usagef("help takes at most one command, got %d arguments", len(args))
	}
}
