package main

import (
	"context"

	"github.com/nqueens/nqueens/internal/quote"
)

func init() {
	register(&command{
		name:    "help",
		args:    "[command]",
		summary: "explain the commands, or one command",
		run: func(ctx context.Context, e *env, args []string) error {
			switch len(args) {
			case 0:
				writeUsage(e.stdout)
				return nil
			case 1:
				if args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
					args[0] = "help"
				}
				c, ok := commands[args[0]]
				if !ok || c.name == "help" {
					if ok {
						writeUsage(e.stdout)
						return nil
					}
					return usagef("unknown command %s", quote.Token(args[0]))
				}
				return c.run(ctx, e, []string{"-h"}) // prints the help, returns errHelp
			default:
				return usagef("help takes at most one command, got %d arguments", len(args))
			}
		},
	})
}
