// Command mutate applies each mutant of a list to a copy of the tree,
// runs the tests that should catch it and reports which survived: a
// test suite's score against wrong lines (issue "trust, round two").
//
//	go run ./scripts/mutate [-list scripts/mutants.txt] [-min 95] [-timeout 120s] [-j 1] [-only NAME]
//
// The list holds one mutant per block, blocks separated by blank lines:
//
//	name: kernel-bound-loose
//	file: internal/kernel/check.go
//	old:  p.Bound(id); c > b {
//	new:  p.Bound(id); c > 2*b {
//	test: ./internal/kernel -run ^TestCheckResult
//
// old must occur exactly once in file (else the list is stale and the
// run fails, naming the mutant); "\n" and "\t" in old and new stand for
// a newline and a tab. test is the arguments of go test after -count=1.
//
// First, the baseline: each distinct test command of the mutants to run
// is run once on an unchanged copy of the tree, the commands that differ
// only in -run as one go test (their patterns joined by "|"). If any
// fails there, no mutant can be judged by it: the run stops, naming the
// command and its failing tests.
//
// Then each mutant: go test runs with -json, and the mutant is caught
// when a test that its -run pattern names (any test of the package
// without -run) failed, or was running when the test binary died (a
// panic, its -timeout) or when the -timeout limit here ran out (it
// counts from the start of the tests, the build having 10 min). A test
// binary that fails outside any named test (in init, in TestMain, or
// before any test started) does not catch it, and a mutant that does not
// compile is an error of the list. The run exits 1 when the score is
// below -min percent, 2 when the list is bad or the baseline fails.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"time"
)

type mutant struct {
	name, file, old, new, test string
	line                       int
}

func main() { os.Exit(mutate(os.Args[1:], os.Stdout, os.Stderr)) }

func mutate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mutate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	list := fs.String("list", "scripts/mutants.txt", "the mutants `FILE`")
	minScore := fs.Float64("min", 95, "fail below this `percent` caught")
	timeout := fs.Duration("timeout", 120*time.Second, "each mutant's test time limit, from the start of its tests")
	only := fs.String("only", "", "run only the mutant `NAME`")
	jobs := fs.Int("j", 1, "run `J` mutants at once (each its own copy of the tree)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "mutate: "+format+"\n", a...)
		return 2
	}
	ms, err := readList(*list)
	if err != nil {
		return fail("%v", err)
	}
	root, err := os.Getwd()
	if err != nil {
		return fail("%v", err)
	}
	var todo []mutant
	var cmds []testCmd
	for _, m := range ms {
		if *only == "" || m.name == *only {
			c, err := parseTest(m.test)
			if err != nil {
				return fail("%s (%s:%d): test: %v", m.name, *list, m.line, err)
			}
			todo = append(todo, m)
			cmds = append(cmds, c)
		}
	}
	if len(todo) == 0 {
		return fail("no mutant ran")
	}
	for _, m := range todo {
		if err := m.check(root); err != nil {
			return fail("%s (%s:%d): %v", m.name, *list, m.line, err)
		}
	}
	start := time.Now()
	files, err := trackedFiles(root)
	if err != nil {
		return fail("%v", err)
	}
	base, err := os.MkdirTemp("", "nqueens-baseline-")
	if err != nil {
		return fail("%v", err)
	}
	defer os.RemoveAll(base)
	if err := copyTree(root, base, files, nil); err != nil {
		return fail("%v", err)
	}
	groups := groupTests(cmds)
	bad := parallel(len(groups), *jobs, func(i int) error {
		return groups[i].baseline(base, *timeout, todo, cmds)
	})
	for _, err := range bad {
		if err != nil {
			return fail("%v", err)
		}
	}
	distinct := map[string]bool{}
	for _, c := range cmds {
		distinct[strings.Join(c.args, " ")] = true
	}
	fmt.Fprintf(stdout, "baseline: %d test commands in %d runs pass on the unchanged tree (%v)\n",
		len(distinct), len(groups), time.Since(start).Round(100*time.Millisecond))

	// Each mutant's result in its own slot, printed in list order as the
	// slots fill, so that the report reads the same whatever -j is.
	type result struct {
		verdict
		err  error
		took time.Duration
	}
	results := make([]chan result, len(todo))
	for i := range results {
		results[i] = make(chan result, 1)
	}
	var stop atomic.Bool // the run failed: skip the mutants left
	defer stop.Store(true)
	go parallel(len(todo), *jobs, func(i int) error {
		if stop.Load() {
			results[i] <- result{err: errors.New("skipped")}
			return nil
		}
		t0 := time.Now()
		v, err := runMutant(root, files, todo[i], cmds[i], *timeout)
		results[i] <- result{v, err, time.Since(t0).Round(100 * time.Millisecond)}
		return nil
	})
	caught, ran := 0, 0
	var survivors []string
	for i, m := range todo {
		r := <-results[i]
		if r.err != nil {
			return fail("%s (%s:%d): %v", m.name, *list, m.line, r.err)
		}
		ran++
		if r.caught {
			caught++
			fmt.Fprintf(stdout, "caught   %s (%s; %v)\n", m.name, r.why, r.took)
		} else {
			survivors = append(survivors, m.name)
			fmt.Fprintf(stdout, "SURVIVED %s (%s: %q → %q; go test %s: %s; %v)\n", m.name, m.file, m.old, m.new, m.test, r.why, r.took)
		}
	}
	score := 100 * float64(caught) / float64(ran)
	fmt.Fprintf(stdout, "%d passed, %d failed\n", caught, ran-caught)
	fmt.Fprintf(stdout, "mutation score: %d of %d caught (%.1f%%) in %v\n", caught, ran, score, time.Since(start).Round(time.Second))
	if score < *minScore {
		fmt.Fprintf(stderr, "mutate: score %.1f%% is below %.1f%%; survivors: %s\n", score, *minScore, strings.Join(survivors, ", "))
		return 1
	}
	return 0
}

// parallel runs f(0), …, f(n-1) on at most jobs goroutines and returns
// their errors by index.
func parallel(n, jobs int, f func(i int) error) []error {
	errs := make([]error, n)
	next := make(chan int)
	done := make(chan struct{})
	for range max(jobs, 1) {
		go func() {
			for i := range next {
				errs[i] = f(i)
			}
			done <- struct{}{}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	for range max(jobs, 1) {
		<-done
	}
	return errs
}

// A testCmd is a mutant's go test arguments: all of them, its -run
// pattern ("" for none) and the others (packages and flags).
type testCmd struct {
	args, rest []string
	run        string
	top        *regexp.Regexp // the pattern's first level, which names top-level tests; nil for none
}

func parseTest(s string) (testCmd, error) {
	c := testCmd{args: strings.Fields(s)}
	runs := 0
	for i := 0; i < len(c.args); i++ {
		a := c.args[i]
		switch {
		case a == "-run" || a == "--run":
			if i+1 == len(c.args) {
				return c, fmt.Errorf("%s without its pattern", a)
			}
			i++
			c.run = c.args[i]
			runs++
		case strings.HasPrefix(a, "-run=") || strings.HasPrefix(a, "--run="):
			_, c.run, _ = strings.Cut(a, "=")
			runs++
		case a == "-json" || strings.HasPrefix(a, "-count"):
			return c, fmt.Errorf("%s is the harness's to set", a)
		default:
			c.rest = append(c.rest, a)
		}
	}
	if runs > 1 {
		return c, fmt.Errorf("-run given %d times", runs)
	}
	if runs == 1 {
		top, err := regexp.Compile(splitRun(c.run)[0])
		if err != nil {
			return c, fmt.Errorf("-run %s: %v", c.run, err)
		}
		c.top = top
	}
	return c, nil
}

// splitRun splits a -run pattern into its levels at each '/' outside
// brackets and parentheses, as the testing package does.
func splitRun(s string) []string {
	var out []string
	cs, ps, start := 0, 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '[':
			cs++
		case ']':
			if cs > 0 {
				cs--
			}
		case '(':
			if cs == 0 {
				ps++
			}
		case ')':
			if cs == 0 && ps > 0 {
				ps--
			}
		case '\\':
			i++
		case '/':
			if cs == 0 && ps == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// names reports whether c's -run pattern names the top-level test.
func (c testCmd) names(test string) bool { return c.top == nil || c.top.MatchString(test) }

// A group is the test commands that differ only in their -run patterns
// (of one level each), run as one go test for the baseline.
type group struct {
	rest    []string
	members []int // indexes into the mutants' commands
}

func groupTests(cmds []testCmd) []*group {
	var gs []*group
	byKey := map[string]*group{}
	for i, c := range cmds {
		key := strings.Join(c.rest, "\x00")
		if len(splitRun(c.run)) > 1 {
			key += "\x00-run\x00" + c.run // a subtest's pattern does not join
		}
		g := byKey[key]
		if g == nil {
			g = &group{rest: c.rest}
			byKey[key] = g
			gs = append(gs, g)
		}
		g.members = append(g.members, i)
	}
	return gs
}

// baseline runs g's tests on the unchanged tree at dir and returns an
// error naming each of its commands that fails there.
func (g *group) baseline(dir string, timeout time.Duration, ms []mutant, cmds []testCmd) error {
	var pats []string
	whole := false
	for _, i := range g.members {
		if cmds[i].run == "" {
			whole = true
		} else if !slices.Contains(pats, cmds[i].run) {
			pats = append(pats, cmds[i].run)
		}
	}
	args := slices.Clone(g.rest)
	switch {
	case whole:
	case len(pats) == 1:
		args = append(args, "-run", pats[0])
	default:
		args = append(args, "-run", "(?:"+strings.Join(pats, ")|(?:")+")")
	}
	// Each command's own limit, for as many commands as the run holds.
	limit := min(timeout*time.Duration(max(len(pats), 1)), 10*time.Minute)
	r, err := goTest(dir, args, limit)
	if err != nil {
		return err
	}
	if r.ok {
		return nil
	}
	if r.build {
		return fmt.Errorf("go test %s does not build on the unchanged tree:\n%s", strings.Join(args, " "), r.tail())
	}
	failed := r.failed()
	var lines []string
	seen := map[string]bool{}
	for _, i := range g.members {
		c := cmds[i]
		cmd := "go test -count=1 " + strings.Join(c.args, " ")
		if seen[cmd] {
			continue
		}
		var its []string
		for _, t := range failed {
			if c.names(t) {
				its = append(its, t)
			}
		}
		if len(its) == 0 && len(failed) > 0 {
			continue
		}
		seen[cmd] = true
		var users []string
		for _, j := range g.members {
			if strings.Join(cmds[j].args, " ") == strings.Join(c.args, " ") {
				users = append(users, ms[j].name)
			}
		}
		what := r.outside()
		if len(its) > 0 {
			what = strings.Join(its, ", ") + " failed"
		}
		lines = append(lines, fmt.Sprintf("%s (the test of %s): %s", cmd, strings.Join(users, ", "), what))
	}
	return fmt.Errorf("the tests fail on the unchanged tree, so they cannot judge a mutant; fix them first:\n  %s\n%s",
		strings.Join(lines, "\n  "), r.tail())
}

// A verdict is what a mutant's test run came to: caught or not, and why.
type verdict struct {
	caught bool
	why    string
}

// runMutant applies m to a copy of the tracked files of root and runs
// its tests, c.
func runMutant(root string, files []string, m mutant, c testCmd, timeout time.Duration) (verdict, error) {
	if err := m.check(root); err != nil {
		return verdict{}, err
	}
	dir, err := os.MkdirTemp("", "nqueens-mutant-")
	if err != nil {
		return verdict{}, err
	}
	defer os.RemoveAll(dir)
	if err := copyTree(root, dir, files, &m); err != nil {
		return verdict{}, err
	}
	r, err := goTest(dir, c.args, timeout)
	if err != nil {
		return verdict{}, err
	}
	if r.ok {
		return verdict{why: "the tests pass"}, nil
	}
	if r.build {
		return verdict{}, fmt.Errorf("the mutant does not compile (not a mutant of behaviour):\n%s", r.tail())
	}
	var named, other []string
	for _, t := range r.failed() {
		if c.names(t) {
			named = append(named, t)
		} else {
			other = append(other, t)
		}
	}
	if len(named) > 0 {
		why := strings.Join(named, ", ") + " failed"
		switch {
		case r.killed:
			why = strings.Join(named, ", ") + " ran out of the " + timeout.String() + " limit"
		case !slices.ContainsFunc(named, func(t string) bool { return r.fail[t] }):
			why = strings.Join(named, ", ") + " died running (a panic, or its -timeout)"
		}
		return verdict{caught: true, why: why}, nil
	}
	if len(other) > 0 {
		return verdict{why: "go test failed, but in " + strings.Join(other, ", ") + ", which -run does not name"}, nil
	}
	return verdict{why: "go test failed, but " + r.outside()}, nil
}

// check reports whether m's fragment occurs once in its file under root.
func (m mutant) check(root string) error {
	src, err := os.ReadFile(filepath.Join(root, m.file))
	if err != nil {
		return err
	}
	if k := strings.Count(string(src), m.old); k != 1 {
		return fmt.Errorf("%q occurs %d times in %s, want once: refresh the list", m.old, k, m.file)
	}
	return nil
}

// A testRun is what go test -json told of one run.
type testRun struct {
	ok      bool            // go test exited 0
	killed  bool            // by the time limit here
	build   bool            // the tests did not build (or a package was not found)
	fail    map[string]bool // top-level tests that failed
	running map[string]bool // top-level tests started and not ended
	started bool            // some test started
	out     []byte          // the output of the tests and of go, for a message
}

// failed returns the top-level tests that failed or were running when
// the test binary (or go test) died, sorted.
func (r *testRun) failed() []string {
	var ts []string
	for t := range r.fail {
		ts = append(ts, t)
	}
	if !r.ok {
		for t := range r.running {
			if !r.fail[t] {
				ts = append(ts, t)
			}
		}
	}
	sort.Strings(ts)
	return ts
}

// outside describes a failure in no test.
func (r *testRun) outside() string {
	switch {
	case r.killed && !r.started:
		return "the time limit ran out before any test started"
	case r.killed:
		return "the time limit ran out between tests"
	case !r.started:
		return "the test binary failed before any test started (in init or TestMain)"
	}
	return "outside any test (in TestMain, or after the tests)"
}

// tail returns the last lines of the run's output.
func (r *testRun) tail() string {
	lines := strings.Split(strings.TrimRight(string(r.out), "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-20):], "\n")
}

// buildLimit is how long go test may build before its tests start: the
// time limit counts from then, so that a build slowed by a busy machine
// (-race) is not taken for a test that hangs.
const buildLimit = 10 * time.Minute

// goTest runs go test -count=1 -json args in dir, killing it limit after
// its first test binary started (or buildLimit after it began, if none
// has). Its error is for a go command that could not start.
func goTest(dir string, args []string, limit time.Duration) (*testRun, error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var killed atomic.Bool
	timer := time.AfterFunc(buildLimit+limit, func() { killed.Store(true); cancel() })
	defer timer.Stop()
	started := false
	cmd := exec.CommandContext(ctx, "go", append([]string{"test", "-count=1", "-json"}, args...)...)
	cmd.Dir = dir
	// -trimpath keeps the copy's folder out of the build cache's keys,
	// so that every package a mutant does not change comes from the
	// cache, built once by the baseline (else each copy compiles all of
	// them again: a cmd/nqueens mutant's run took 8 times the CPU).
	cmd.Env = append(os.Environ(), "GOFLAGS=-buildvcs=false -trimpath")
	killGroup(cmd) // the test binary too, not only go
	cmd.WaitDelay = 5 * time.Second
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	r := &testRun{fail: map[string]bool{}, running: map[string]bool{}}
	var out bytes.Buffer
	buildFailed := false
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for sc.Scan() {
		var e struct {
			Action, Test, Output, FailedBuild string
		}
		if json.Unmarshal(sc.Bytes(), &e) != nil {
			out.Write(sc.Bytes())
			out.WriteByte('\n')
			continue
		}
		out.WriteString(e.Output)
		if e.Action == "start" && !started {
			started = true
			timer.Reset(limit)
		}
		top, _, _ := strings.Cut(e.Test, "/")
		switch {
		case e.Action == "build-fail" || e.FailedBuild != "":
			buildFailed = true
		case e.Test == "":
		case e.Action == "run":
			r.started = true
			if top == e.Test {
				r.running[top] = true
			}
		case e.Action == "fail":
			r.fail[top] = true
			if top == e.Test {
				delete(r.running, top)
			}
		case e.Action == "pass" || e.Action == "skip":
			if top == e.Test {
				delete(r.running, top)
			}
		}
	}
	io.Copy(io.Discard, stdout)
	err = cmd.Wait()
	out.Write(stderr.Bytes())
	r.out = out.Bytes()
	r.killed = killed.Load()
	r.ok = err == nil
	r.build = !r.ok && !r.killed && (buildFailed || bytes.Contains(r.out, []byte("[build failed]")) || bytes.Contains(r.out, []byte("[setup failed]")))
	return r, nil
}

func trackedFiles(root string) ([]string, error) {
	b, err := exec.Command("git", "-C", root, "ls-files", "-z").Output()
	if err != nil {
		return nil, fmt.Errorf("git ls-files: %v", err)
	}
	return strings.Split(strings.TrimRight(string(b), "\x00"), "\x00"), nil
}

// copyTree copies files from root to dir, with m applied if not nil.
func copyTree(root, dir string, files []string, m *mutant) error {
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			continue // a tracked file deleted in the work tree
		}
		if m != nil && f == m.file {
			b = []byte(strings.Replace(string(b), m.old, m.new, 1))
		}
		st, _ := os.Stat(filepath.Join(root, f))
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, st.Mode().Perm()); err != nil {
			return err
		}
	}
	return nil
}

func readList(path string) ([]mutant, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var ms []mutant
	var cur mutant
	unescape := strings.NewReplacer(`\n`, "\n", `\t`, "\t").Replace
	flush := func() error {
		if cur == (mutant{}) {
			return nil
		}
		if cur.name == "" || cur.file == "" || cur.old == "" || cur.test == "" || cur.old == cur.new {
			return fmt.Errorf("%s:%d: a mutant needs name, file, old, new (≠ old) and test", path, cur.line)
		}
		ms = append(ms, cur)
		cur = mutant{}
		return nil
	}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		if strings.TrimSpace(line) == "" {
			if err := flush(); err != nil {
				return nil, err
			}
			continue
		}
		key, val, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("%s:%d: want key: value", path, n)
		}
		if cur == (mutant{}) {
			cur.line = n
		}
		val = strings.TrimPrefix(val, " ")
		switch key {
		case "name":
			cur.name = val
		case "file":
			cur.file = val
		case "old":
			cur.old = unescape(strings.TrimLeft(val, " "))
		case "new":
			cur.new = unescape(strings.TrimLeft(val, " "))
		case "test":
			cur.test = val
		default:
			return nil, fmt.Errorf("%s:%d: unknown key %q", path, n, key)
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return ms, sc.Err()
}
