package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// The examples in the documentation are tests. A fenced block (```) in
// README.md, CONTRIBUTING.md or docs/*.md that holds a line starting with
// "$ nqueens " (or "$ go run ./cmd/nqueens ") is an example: every "$ "
// line in it is a command, run in-process through run, and the lines up
// to the next "$ " line or the end of the block are its expected output,
// standard output and standard error together, as a terminal shows them.
//
// What a command line may hold (a small shell, on purpose):
//   - words, quoted with '…' or "…"; a word starting with # begins a
//     comment that runs to the end of the line;
//   - a pipeline of stages separated by |: "nqueens ARGS", "head -N" or
//     "tail -N" (also "-n N"; as the first stage, with a FILE to read);
//   - "< FILE" (standard input of the first stage) and "> FILE" (standard
//     output of the last; /dev/null discards it);
//   - "echo $?": the exit status of the command before it;
//   - file names with * ? [ ], expanded in the block's directory when
//     they match a file.
//
// Each block runs in a new temporary directory that holds a copy of
// testdata/docs, so files that one of its commands writes (-o, > FILE)
// can be read by the next, and the files in testdata/docs by any.
//
// In an expected line, "…" and the spaces around it match any text
// (timings, random output, columns of varying width); a line that is
// only "…" matches any number of lines. A comment line
// "<!-- not run: REASON -->" just before the block's opening fence skips
// it. docExampleMaxSkips bounds how many blocks may be skipped in all.

const docExampleMaxSkips = 16

// docFiles are the documents whose examples are tests, relative to the
// repository root.
func docFiles(t *testing.T) []string {
	t.Helper()
	root := filepath.Join("..", "..")
	files := []string{filepath.Join(root, "README.md"), filepath.Join(root, "CONTRIBUTING.md")}
	more, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	return append(files, more...)
}

// A docCommand is one "$ " line of an example and the output it should
// print.
type docCommand struct {
	line int    // one-based line of the "$ " line in its file
	cmd  string // the text after "$ "
	want []string
}

// A docExample is one fenced block of commands.
type docExample struct {
	file    string
	line    int    // one-based line of the opening fence
	skip    string // the reason of a "<!-- not run: REASON -->" before it
	command []docCommand
}

var notRun = regexp.MustCompile(`^<!--\s*not run:\s*(.+?)\s*-->$`)

// parseDocExamples returns the example blocks of one markdown text.
func parseDocExamples(file, text string) []docExample {
	lines := strings.Split(text, "\n")
	var out []docExample
	for i := 0; i < len(lines); i++ {
		trimmed := strings.TrimLeft(lines[i], " \t")
		if !strings.HasPrefix(trimmed, "```") {
			continue
		}
		indent := len(lines[i]) - len(trimmed)
		open := i
		j := i + 1
		for j < len(lines) && !strings.HasPrefix(strings.TrimLeft(lines[j], " \t"), "```") {
			j++
		}
		body := lines[i+1 : min(j, len(lines))]
		i = j // the closing fence
		ex := docExample{file: file, line: open + 1}
		isExample := false
		for k, l := range body {
			if len(l) >= indent && strings.TrimSpace(l[:indent]) == "" {
				l = l[indent:]
			}
			if cmd, ok := strings.CutPrefix(l, "$ "); ok {
				if strings.HasPrefix(cmd, "nqueens ") || strings.HasPrefix(cmd, "go run ./cmd/nqueens ") {
					isExample = true
				}
				ex.command = append(ex.command, docCommand{line: open + 2 + k, cmd: cmd})
				continue
			}
			if n := len(ex.command); n > 0 {
				ex.command[n-1].want = append(ex.command[n-1].want, l)
			}
		}
		if !isExample {
			continue
		}
		for p := open - 1; p >= 0; p-- {
			if strings.TrimSpace(lines[p]) == "" {
				continue
			}
			if m := notRun.FindStringSubmatch(strings.TrimSpace(lines[p])); m != nil {
				ex.skip = m[1]
			}
			break
		}
		out = append(out, ex)
	}
	return out
}

// shellWords splits a command line into words and the operators |, <
// and >, honouring quotes and dropping a # comment.
func shellWords(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			if inWord {
				words, inWord = append(words, cur.String()), false
				cur.Reset()
			}
		case c == '#' && !inWord:
			i = len(s)
		case (c == '|' || c == '<' || c == '>') && !inWord:
			words = append(words, string(c))
		case c == '\'' || c == '"':
			end := strings.IndexByte(s[i+1:], c)
			if end < 0 {
				return nil, fmt.Errorf("unterminated %c quote", c)
			}
			cur.WriteString(s[i+1 : i+1+end])
			i += 1 + end
			inWord = true
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}

// docTerminal is written by a command's stdout and stderr, which may
// write from more than one goroutine.
type docTerminal struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (w *docTerminal) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

// runDocCommand runs one command line in dir and returns what a terminal
// would show and the exit status. last is the status of the command
// before it, for "echo $?".
func runDocCommand(ctx context.Context, dir, line string, last int) (string, int, error) {
	words, err := shellWords(line)
	if err != nil {
		return "", 0, err
	}
	if len(words) == 2 && words[0] == "echo" && words[1] == "$?" {
		return strconv.Itoa(last) + "\n", 0, nil
	}
	var stages [][]string
	var inFile, outFile string
	stage := []string{}
	for i := 0; i < len(words); i++ {
		switch w := words[i]; w {
		case "|":
			stages, stage = append(stages, stage), []string{}
		case "<", ">":
			if i+1 == len(words) {
				return "", 0, fmt.Errorf("%s without a file", w)
			}
			i++
			if w == "<" {
				inFile = words[i]
			} else {
				outFile = words[i]
			}
		default:
			if strings.ContainsAny(w, "*?[") {
				if m, _ := filepath.Glob(filepath.Join(dir, w)); len(m) > 0 {
					for _, f := range m {
						stage = append(stage, f[len(dir)+1:])
					}
					continue
				}
			}
			stage = append(stage, w)
		}
	}
	stages = append(stages, stage)

	term := &docTerminal{}
	var in []byte
	if inFile != "" {
		if in, err = os.ReadFile(filepath.Join(dir, inFile)); err != nil {
			return "", 0, err
		}
	}
	status := 0
	for k, st := range stages {
		switch {
		case len(st) >= 1 && st[0] == "nqueens":
			st = st[1:]
		case len(st) >= 3 && st[0] == "go" && st[1] == "run" && st[2] == "./cmd/nqueens":
			st = st[3:]
		case len(st) >= 2 && (st[0] == "head" || st[0] == "tail"):
			args := st[1:]
			if k == 0 && len(args) > 1 && !strings.HasPrefix(args[len(args)-1], "-") {
				// head -N FILE: the file is the input.
				if in, err = os.ReadFile(filepath.Join(dir, args[len(args)-1])); err != nil {
					return "", 0, err
				}
				args = args[:len(args)-1]
			}
			n, err := lineCountArg(args)
			if err != nil {
				return "", 0, fmt.Errorf("%s: %v", st[0], err)
			}
			lines := strings.SplitAfter(string(in), "\n")
			if lines[len(lines)-1] == "" {
				lines = lines[:len(lines)-1]
			}
			if st[0] == "head" {
				lines = lines[:min(n, len(lines))]
			} else {
				lines = lines[max(0, len(lines)-n):]
			}
			in, status = []byte(strings.Join(lines, "")), 0
			continue
		default:
			return "", 0, fmt.Errorf("stage %d (%q): only nqueens, head -N and tail -N run here; mark the block <!-- not run: REASON -->", k+1, strings.Join(st, " "))
		}
		var stdout bytes.Buffer
		var w io.Writer = &stdout
		if k == len(stages)-1 && outFile == "" {
			w = term // as a terminal shows it: stdout and stderr in the order written
		}
		status = run(ctx, bytes.NewReader(in), w, term, st)
		in = stdout.Bytes()
	}
	switch outFile {
	case "":
		term.Write(in) // the output of a last head or tail; empty after nqueens
	case "/dev/null":
	default:
		if err := os.WriteFile(filepath.Join(dir, outFile), in, 0o644); err != nil {
			return "", 0, err
		}
	}
	return term.b.String(), status, nil
}

// lineCountArg reads head's and tail's "-N" or "-n N".
func lineCountArg(args []string) (int, error) {
	s := ""
	switch {
	case len(args) == 1 && strings.HasPrefix(args[0], "-"):
		s = args[0][1:]
	case len(args) == 2 && args[0] == "-n":
		s = args[1]
	default:
		return 0, fmt.Errorf("want -N or -n N, have %q", args)
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("bad line count %q", s)
	}
	return n, nil
}

// matchDocLines reports whether got matches want, where "…" in a want
// line matches any text and a want line of only "…" any number of lines.
func matchDocLines(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if strings.TrimSpace(want[0]) == "…" {
		for k := 0; k <= len(got); k++ {
			if matchDocLines(want[1:], got[k:]) {
				return true
			}
		}
		return false
	}
	if len(got) == 0 || !matchDocLine(want[0], got[0]) {
		return false
	}
	return matchDocLines(want[1:], got[1:])
}

func matchDocLine(want, got string) bool {
	want, got = strings.TrimRight(want, " \t"), strings.TrimRight(got, " \t")
	if !strings.Contains(want, "…") {
		return want == got
	}
	// The spaces around "…" match any text too, so that a column of
	// varying width can be elided.
	parts := strings.Split(want, "…")
	for i, p := range parts {
		if i > 0 {
			p = strings.TrimLeft(p, " ")
		}
		if i < len(parts)-1 {
			p = strings.TrimRight(p, " ")
		}
		parts[i] = regexp.QuoteMeta(p)
	}
	return regexp.MustCompile("^" + strings.Join(parts, ".*") + "$").MatchString(got)
}

// splitOutput turns output into lines, without the final newline's
// empty line.
func splitOutput(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// checkDocExample runs every command of ex in a new directory under
// tmp and returns one message per command whose output differs.
func checkDocExample(tmp string, ex docExample) []string {
	dir, err := os.MkdirTemp(tmp, "example")
	if err != nil {
		return []string{err.Error()}
	}
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "docs"))); err != nil {
		return []string{err.Error()}
	}
	wd, err := os.Getwd()
	if err != nil {
		return []string{err.Error()}
	}
	if err := os.Chdir(dir); err != nil {
		return []string{err.Error()}
	}
	defer os.Chdir(wd)

	var problems []string
	status := 0
	for _, c := range ex.command {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		got, st, err := runDocCommand(ctx, dir, c.cmd, status)
		cancel()
		status = st
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s:%d: $ %s: %v", ex.file, c.line, c.cmd, err))
			continue
		}
		want := c.want
		// A block's last command may be followed by blank lines before
		// the fence that are not output; so may an output that ends
		// without a blank line.
		for len(want) > 0 && want[len(want)-1] == "" && !strings.HasSuffix(got, "\n\n") {
			want = want[:len(want)-1]
		}
		if !matchDocLines(want, splitOutput(got)) {
			problems = append(problems, fmt.Sprintf("%s:%d: $ %s\n--- the document says:\n%s\n--- the command prints:\n%s",
				ex.file, c.line, c.cmd, strings.Join(want, "\n"), strings.TrimSuffix(got, "\n")))
		}
	}
	return problems
}

// TestDocExamples runs every example of the README and the docs and
// compares its output with the document's.
func TestDocExamples(t *testing.T) {
	tmp := t.TempDir()
	t.Chdir(".") // restores the directory checkDocExample moves in and out of
	skips, examples := 0, 0
	sawGoRun := false
	for _, f := range docFiles(t) {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name, _ := filepath.Rel(filepath.Join("..", ".."), f)
		for _, ex := range parseDocExamples(name, string(text)) {
			if ex.skip != "" {
				skips++
				t.Logf("%s:%d: not run: %s", ex.file, ex.line, ex.skip)
				continue
			}
			examples++
			for _, c := range ex.command {
				if name == "README.md" && c.cmd == "go run ./cmd/nqueens count 12" {
					sawGoRun = true
				}
			}
			for _, p := range checkDocExample(tmp, ex) {
				t.Error(p)
			}
		}
	}
	if examples == 0 {
		t.Fatal("no examples found: are the documents where this test looks for them?")
	}
	if !sawGoRun {
		t.Error("README.md has no example block with \"$ go run ./cmd/nqueens count 12\" and its output")
	}
	if skips > docExampleMaxSkips {
		t.Errorf("%d example blocks are marked not run; at most %d may be", skips, docExampleMaxSkips)
	}
	t.Logf("%d example blocks run, %d not run", examples, skips)
}

// TestDocExamplesCatchDrift shows that the checker fails an example whose
// output changed, and passes it as written.
func TestDocExamplesCatchDrift(t *testing.T) {
	t.Chdir(".")
	tmp := t.TempDir()
	const doc = "Text.\n\n```\n$ nqueens count 8\n8-queens: 92 solutions, 12 unique\n$ nqueens check 1 2\n%s\n$ echo $?\n1\n$ nqueens solve 8 -limit 3 | tail -1 # comment\n1 7 4 6 8 2 5 3\n$ nqueens count 6 -v\n…\n6-queens: 4 solutions, 1 unique\n…\n```\n"
	good := fmt.Sprintf(doc, "invalid: rows 1 and 2: queens at columns 1 and 2 are on the same diagonal")
	for _, tc := range []struct {
		name, text string
		problems   int
	}{
		{"as printed", good, 0},
		{"a changed line", strings.Replace(good, "92 solutions", "93 solutions", 1), 1},
		{"a line too many", strings.Replace(good, "12 unique\n", "12 unique\nmore\n", 1), 1},
		{"a changed status", strings.Replace(good, "$?\n1\n", "$?\n0\n", 1), 1},
		{"an ellipsis", fmt.Sprintf(doc, "invalid: rows 1 and 2: … same diagonal"), 0},
		{"an ellipsis that cannot match", fmt.Sprintf(doc, "invalid: rows 1 and 3: …"), 1},
	} {
		exs := parseDocExamples("drift.md", tc.text)
		if len(exs) != 1 || len(exs[0].command) != 5 {
			t.Fatalf("%s: parsed %d examples (%+v), want 1 of 5 commands", tc.name, len(exs), exs)
		}
		got := checkDocExample(tmp, exs[0])
		if len(got) != tc.problems {
			t.Errorf("%s: %d problems, want %d:\n%s", tc.name, len(got), tc.problems, strings.Join(got, "\n"))
		}
	}
	skipped := parseDocExamples("skip.md", "<!-- not run: needs a browser -->\n\n```\n$ nqueens serve\n```\n\n```\n$ curl -s x\n```\n")
	if len(skipped) != 1 || skipped[0].skip != "needs a browser" {
		t.Errorf("parsed %+v, want one example skipped for \"needs a browser\"", skipped)
	}
	if exs := parseDocExamples("bad.md", "```\n$ nqueens count 4 | sed 1p\n```\n"); len(checkDocExample(tmp, exs[0])) != 1 {
		t.Error("a stage other than nqueens, head and tail ran; want it refused")
	}
}
