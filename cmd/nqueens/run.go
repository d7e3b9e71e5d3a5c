package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"syscall"

	"github.com/nqueens/nqueens"
	"github.com/nqueens/nqueens/internal/quote"
)

// A command is one subcommand of nqueens. Each lives in its own file
// cmd_<name>.go; main.go lists them all in commands.
type command struct {
	name    string
	args    string // synopsis of the arguments, e.g. "N [flags]"
	summary string // one line for the command list
	help    string // longer text with examples, printed by -h
	run     func(ctx context.Context, e *env, args []string) error
}

// env is what a command may touch of the outside world, and the command
// itself (for the help its flags print).
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	cmd            *command
}

// lookup returns the command called name, or nil.
func lookup(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

// usageError is bad input or usage: exit status 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error {
	return &usageError{fmt.Sprintf(format, a...)}
}

// noError is a valid question whose answer is no: exit status 1.
type noError struct{ msg string }

func (e *noError) Error() string { return e.msg }

// answerNo returns the error for a "no" answer; msg is printed on
// stderr unless empty (when the answer is already on stdout).
func answerNo(msg string) error { return &noError{msg} }

// errHelp is returned when a command printed its help: exit status 0.
var errHelp = flag.ErrHelp

// Exit statuses. A signal's status is 128 plus its number, as a shell
// reports a process the signal killed: 130 for SIGINT, 143 for SIGTERM
// (signalCause.status).
const (
	exitOK      = 0       // success
	exitNo      = 1       // a valid question answered no (answerNo)
	exitUsage   = 2       // bad input or usage (usagef)
	exitFailure = 3       // an I/O or internal failure: any other error
	exitSIGINT  = 128 + 2 // also a cancelled context without a signalCause
)

// A signalCause is the cause (context.Cause) of the context that main
// cancels when SIGINT or SIGTERM arrives; exitCode turns it into 130 or
// 143.
type signalCause struct{ sig os.Signal }

func (s signalCause) Error() string {
	switch s.sig {
	case os.Interrupt:
		return "interrupted"
	case syscall.SIGTERM:
		return "terminated"
	}
	return "stopped by " + s.sig.String()
}

// status is the exit status for the signal: 128 + its number.
func (s signalCause) status() int {
	if n, ok := s.sig.(syscall.Signal); ok {
		return 128 + int(n)
	}
	return exitSIGINT
}

// run executes the command line args (without the program name) and
// returns the exit status: 0 success, 1 a valid question answered no,
// 2 bad input or usage, 3 an I/O or internal failure (output that could
// not be written, among others), 130 or 143 when ctx was cancelled by
// SIGINT or SIGTERM (a signalCause).
func run(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer, args []string) int {
	out := &errWriter{w: stdout}
	e := &env{stdin: stdin, stdout: out, stderr: stderr}
	if len(args) == 0 {
		writeUsage(stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "-h", "--help", "-help":
		name = "help"
	case "--version", "-version":
		name = "version"
	}
	c := lookup(name)
	if c == nil {
		fmt.Fprintf(stderr, "nqueens: unknown command %s; run 'nqueens help' for the list\n", quote.Token(name))
		return exitUsage
	}
	e.cmd = c
	var err error
	if c == helpCmd {
		err = runHelp(ctx, e, args[1:])
	} else {
		err = c.run(ctx, e, args[1:])
	}
	if out.err != nil && !isUsage(err) {
		// Output was lost: whatever the answer, a script must not take
		// it for a success or for a "no" it could not read.
		err = fmt.Errorf("writing standard output: %w", out.err)
	}
	if err != nil && ctx.Err() != nil {
		// Whatever the error says (a read cut short can look like bad
		// input), a command stopped by a signal exits with its status.
		var sc signalCause
		if errors.As(context.Cause(ctx), &sc) {
			fmt.Fprintf(stderr, "nqueens %s: %v\n", c.name, sc)
			return sc.status()
		}
		fmt.Fprintf(stderr, "nqueens %s: interrupted\n", c.name)
		return exitSIGINT
	}
	return exitCode(stderr, c.name, err)
}

// isUsage reports whether err is bad input or usage: a usageError, or a
// library error of an option out of its range (nqueens.ErrOption).
func isUsage(err error) bool {
	var ue *usageError
	return errors.As(err, &ue) || errors.Is(err, nqueens.ErrOption)
}

// errWriter remembers the first write error, so that output lost to a
// full disk or a closed pipe is reported even by commands that print
// with fmt.Fprintf and never look at its error.
type errWriter struct {
	w   io.Writer
	err error
}

func (w *errWriter) Write(p []byte) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	n, err := w.w.Write(p)
	if err != nil {
		w.err = err
	}
	return n, err
}

func exitCode(stderr io.Writer, name string, err error) int {
	var ue *usageError
	var ne *noError
	switch {
	case err == nil, errors.Is(err, errHelp):
		return exitOK
	case errors.As(err, &ne):
		if ne.msg != "" {
			fmt.Fprintf(stderr, "nqueens %s: %s\n", name, ne.msg)
		}
		return exitNo
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "nqueens %s: %s\n", name, ue.msg)
		return exitUsage
	case errors.Is(err, nqueens.ErrOption):
		// The library checks the options the flags set, and its
		// error names the option first as the flag is spelled
		// ("workers = -1: …"): the one place the command maps it.
		fmt.Fprintf(stderr, "nqueens %s: -%v\n", name, err)
		return exitUsage
	case errors.Is(err, context.Canceled):
		fmt.Fprintf(stderr, "nqueens %s: interrupted\n", name)
		return exitSIGINT
	default:
		fmt.Fprintf(stderr, "nqueens %s: %v\n", name, err)
		return exitFailure
	}
}

func writeUsage(w io.Writer) {
	fmt.Fprintln(w, "nqueens: the N-Queens problem — count, list, check and show solutions.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage: nqueens <command> [arguments]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run 'nqueens <command> -h' for a command's flags and examples.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Exit status: 0 success, 1 the answer is no (invalid placement, no solution),")
	fmt.Fprintln(w, "2 bad input or usage, 3 an I/O or internal failure (such as output that")
	fmt.Fprintln(w, "could not be written), 130 interrupted (SIGINT), 143 terminated (SIGTERM).")
}

// flagSet is a command's flags with its help text.
type flagSet struct {
	*flag.FlagSet
	help   func()          // prints the command's help to stdout
	hidden map[string]bool // flags left out of the help: old spellings kept for scripts
}

// hide leaves the named flags out of the help. They stay accepted: old
// spellings of a flag (-json for -format json, -stats for -v, -n for a
// positional N) that scripts may still use.
func (fs *flagSet) hide(names ...string) {
	for _, n := range names {
		fs.hidden[n] = true
	}
}

// formatFlag defines -format with the given default and usage, and the
// hidden -json, the old spelling of -format json.
func (fs *flagSet) formatFlag(def, usage string) *string {
	f := new(string)
	fs.formatVar(f, def, usage)
	return f
}

// formatVar is formatFlag storing in p.
func (fs *flagSet) formatVar(p *string, def, usage string) {
	fs.StringVar(p, "format", def, usage)
	fs.Var(jsonAlias{p}, "json", "")
	fs.hide("json")
}

// gone defines the hidden flag name that the command no longer takes:
// given, it is a usage error that names where its job went (instead,
// a sentence).
func (fs *flagSet) gone(name string, isBool bool, instead string) {
	fs.Var(&goneFlag{isBool: isBool}, name, instead)
	fs.hide(name)
}

// goneFlag is the value of a flag defined by gone.
type goneFlag struct{ isBool bool }

func (g *goneFlag) String() string     { return "" }
func (g *goneFlag) Set(s string) error { return nil }
func (g *goneFlag) IsBoolFlag() bool   { return g != nil && g.isBool }

// goneErr is the usage error of a gone flag that was given, or nil.
func (fs *flagSet) goneErr() error {
	var err error
	fs.Visit(func(f *flag.Flag) {
		if _, ok := f.Value.(*goneFlag); ok && err == nil {
			err = usagef("-%s is not a flag of %s any more: %s", f.Name, fs.Name(), f.Usage)
		}
	})
	return err
}

// verboseFlag defines -v with the given usage, and the hidden -stats,
// its old spelling, setting the same variable.
func (fs *flagSet) verboseFlag(usage string) *bool {
	v := fs.Bool("v", false, usage)
	fs.BoolVar(v, "stats", false, "")
	fs.hide("stats")
	return v
}

// jsonAlias is the boolean flag -json: -json (or -json=true) sets the
// -format it points to to json.
type jsonAlias struct{ format *string }

func (j jsonAlias) String() string   { return "false" }
func (j jsonAlias) IsBoolFlag() bool { return true }

func (j jsonAlias) Set(s string) error {
	v, err := strconv.ParseBool(s)
	if err != nil {
		return err
	}
	if v {
		*j.format = "json"
	}
	return nil
}

// printDefaults writes the flags that are not hidden as PrintDefaults
// does.
func (fs *flagSet) printDefaults(w io.Writer) {
	shown := flag.NewFlagSet(fs.Name(), flag.ContinueOnError)
	fs.VisitAll(func(f *flag.Flag) {
		if !fs.hidden[f.Name] {
			shown.Var(f.Value, f.Name, f.Usage)
			shown.Lookup(f.Name).DefValue = f.DefValue
		}
	})
	shown.SetOutput(w)
	shown.PrintDefaults()
}

// newFlags returns a flag set for the command e runs whose -h prints its
// help to e.stdout and whose errors are returned, not printed.
func newFlags(e *env) *flagSet {
	c := e.cmd
	fs := &flagSet{FlagSet: flag.NewFlagSet(c.name, flag.ContinueOnError), hidden: map[string]bool{}}
	fs.SetOutput(io.Discard)
	fs.Usage = func() {} // the flag package calls it on every error; we print help only for -h
	fs.help = func() {
		w := e.stdout
		fmt.Fprintf(w, "Usage: nqueens %s %s\n\n%s\n", c.name, c.args, strings.TrimSpace(c.summary))
		if c.help != "" {
			fmt.Fprintf(w, "\n%s\n", strings.TrimRight(c.help, "\n"))
		}
		var flags strings.Builder
		fs.printDefaults(&flags)
		if flags.Len() > 0 {
			fmt.Fprintf(w, "\nFlags:\n%s", flags.String())
		}
	}
	return fs
}

// parseFlags parses args allowing flags and positional arguments in any
// order ("count 12 -v" and "count -v 12"); "--" ends the flags.
// It returns the positional arguments.
func parseFlags(fs *flagSet, args []string) ([]string, error) {
	var pos []string
	for {
		// A negative number is an argument (to be refused by the
		// command with a clear message), not an unknown flag.
		for len(args) > 0 && isNegNumber(args[0]) {
			pos = append(pos, args[0])
			args = args[1:]
		}
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fs.help()
				return nil, errHelp
			}
			return nil, usagef("%s; run 'nqueens %s -h'", quote.Message(err.Error()), fs.Name())
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, fs.goneErr()
		}
		// fs.Parse stops at the first non-flag; "--" was consumed if it
		// came before it, in which case everything after is positional.
		if len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			return append(pos, rest...), fs.goneErr()
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

func isNegNumber(s string) bool {
	return len(s) > 1 && s[0] == '-' && s[1] >= '0' && s[1] <= '9'
}
