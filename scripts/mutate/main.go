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
// A mutant is caught when go test fails (or times out). The run exits 1
// when the score is below -min percent, 2 when the list is bad.
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

type mutant struct {
	name, file, old, new, test string
	line                       int
}

func main() {
	list := flag.String("list", "scripts/mutants.txt", "the mutants `FILE`")
	minScore := flag.Float64("min", 95, "fail below this `percent` caught")
	timeout := flag.Duration("timeout", 120*time.Second, "each mutant's test time limit")
	only := flag.String("only", "", "run only the mutant `NAME`")
	jobs := flag.Int("j", 1, "run `J` mutants at once (each its own copy of the tree)")
	flag.Parse()
	ms, err := readList(*list)
	if err != nil {
		fmt.Fprintln(os.Stderr, "mutate:", err)
		os.Exit(2)
	}
	root, err := os.Getwd()
	if err != nil {
		fmt.Fprintln(os.Stderr, "mutate:", err)
		os.Exit(2)
	}
	var todo []mutant
	for _, m := range ms {
		if *only == "" || m.name == *only {
			todo = append(todo, m)
		}
	}
	// Each mutant's result in its own slot, printed in list order as the
	// slots fill, so that the report reads the same whatever -j is.
	type result struct {
		caught bool
		err    error
		took   time.Duration
	}
	results := make([]chan result, len(todo))
	for i := range results {
		results[i] = make(chan result, 1)
	}
	start := time.Now()
	next := make(chan int)
	go func() {
		for i := range todo {
			next <- i
		}
		close(next)
	}()
	for range max(*jobs, 1) {
		go func() {
			for i := range next {
				t0 := time.Now()
				ok, err := run(root, todo[i], *timeout)
				results[i] <- result{ok, err, time.Since(t0).Round(100 * time.Millisecond)}
			}
		}()
	}
	caught, ran := 0, 0
	var survivors []string
	for i, m := range todo {
		r := <-results[i]
		if r.err != nil {
			fmt.Fprintf(os.Stderr, "mutate: %s (%s:%d): %v\n", m.name, *list, m.line, r.err)
			os.Exit(2)
		}
		ran++
		if r.caught {
			caught++
			fmt.Printf("caught   %s (%v)\n", m.name, r.took)
		} else {
			survivors = append(survivors, m.name)
			fmt.Printf("SURVIVED %s (%s: %q → %q; go test %s; %v)\n", m.name, m.file, m.old, m.new, m.test, r.took)
		}
	}
	if ran == 0 {
		fmt.Fprintln(os.Stderr, "mutate: no mutant ran")
		os.Exit(2)
	}
	score := 100 * float64(caught) / float64(ran)
	fmt.Printf("%d passed, %d failed\n", caught, ran-caught)
	fmt.Printf("mutation score: %d of %d caught (%.1f%%) in %v\n", caught, ran, score, time.Since(start).Round(time.Second))
	if score < *minScore {
		fmt.Fprintf(os.Stderr, "mutate: score %.1f%% is below %.1f%%; survivors: %s\n", score, *minScore, strings.Join(survivors, ", "))
		os.Exit(1)
	}
}

// run applies m to a copy of the tracked files of root and reports
// whether its tests failed.
func run(root string, m mutant, timeout time.Duration) (bool, error) {
	src, err := os.ReadFile(filepath.Join(root, m.file))
	if err != nil {
		return false, err
	}
	if k := strings.Count(string(src), m.old); k != 1 {
		return false, fmt.Errorf("%q occurs %d times in %s, want once: refresh the list", m.old, k, m.file)
	}
	dir, err := os.MkdirTemp("", "nqueens-mutant-")
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(dir)
	files, err := exec.Command("git", "-C", root, "ls-files", "-z").Output()
	if err != nil {
		return false, fmt.Errorf("git ls-files: %v", err)
	}
	for _, f := range strings.Split(strings.TrimRight(string(files), "\x00"), "\x00") {
		b, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			continue // a tracked file deleted in the work tree
		}
		if f == m.file {
			b = []byte(strings.Replace(string(b), m.old, m.new, 1))
		}
		st, _ := os.Stat(filepath.Join(root, f))
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755); err != nil {
			return false, err
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, st.Mode().Perm()); err != nil {
			return false, err
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", append([]string{"test", "-count=1"}, strings.Fields(m.test)...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-buildvcs=false")
	out, err := cmd.CombinedOutput()
	if err == nil {
		return false, nil
	}
	if ctx.Err() == nil && (strings.Contains(string(out), "[build failed]") || strings.Contains(string(out), "setup failed")) {
		return false, fmt.Errorf("the mutant does not compile (not a mutant of behaviour):\n%s", out)
	}
	return true, nil
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
