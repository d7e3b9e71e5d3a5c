package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// fixture is a module whose tests the harness runs: p.go is what the
// mutants change.
var fixture = map[string]string{
	"go.mod": "module fx\n\ngo 1.22\n",
	"p.go": `package fx

import "time"

var bomb = false

func init() {
	if bomb {
		panic("init")
	}
}

func Add(a, b int) int { return a + b }

var crash = false

// Crash panics in a goroutine of its own when crash is set, which kills
// the test binary while its caller runs.
func Crash() {
	if crash {
		go func() { panic("crash") }()
		select {}
	}
}

func Slow() {
	for d := time.Duration(0); d > 0; {
		time.Sleep(d)
	}
}
`,
	"p_test.go": `package fx

import (
	"os"
	"testing"
)

func TestAdd(t *testing.T) {
	if Add(2, 3) != 5 {
		t.Errorf("Add(2, 3) = %d; want 5", Add(2, 3))
	}
}

func TestAddTwice(t *testing.T) {
	if Add(Add(1, 1), 1) != 3 {
		t.Error("wrong")
	}
}

func TestSlow(t *testing.T) { Slow() }

func TestCrash(t *testing.T) { Crash() }

func TestBroken(t *testing.T) {
	if os.Getenv("FX_BROKEN") != "" {
		t.Error("broken on any tree")
	}
}
`,
}

// inFixture writes the fixture and list into a new git work tree, makes
// it the working directory and runs the harness there with args.
func inFixture(t *testing.T, list string, args ...string) (string, int) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	for name, text := range fixture {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "mutants.txt"), []byte(list), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range [][]string{{"init", "-q"}, {"add", "."}} {
		if out, err := exec.Command("git", append([]string{"-C", dir}, c...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", c, err, out)
		}
	}
	t.Chdir(dir)
	var out strings.Builder
	code := mutate(append([]string{"-list", "mutants.txt", "-min", "0"}, args...), &out, &out)
	return out.String(), code
}

// TestMutate: a mutant is caught when a test its -run names fails (or
// dies running, or runs past the limit), and not when the tests pass or the binary fails
// outside any test; a mutant that does not compile, and a test command
// that fails on the unchanged tree, stop the run.
func TestMutate(t *testing.T) {
	const list = `
name: add-sub
file: p.go
old: return a + b
new: return a - b
test: . -run ^TestAdd$

name: add-sub-whole
file: p.go
old: return a + b
new: return a - b
test: .

name: add-sub-two-named
file: p.go
old: return a + b
new: return a - b
test: . -run ^TestAdd

name: init-panics
file: p.go
old: var bomb = false
new: var bomb = true
test: . -run ^TestAdd$

name: crash
file: p.go
old: var crash = false
new: var crash = true
test: . -run ^TestCrash$ -timeout 1m

name: slow-hangs-past-limit
file: p.go
old: d := time.Duration(0)
new: d := time.Duration(1)
test: . -run ^TestSlow$

name: add-same
file: p.go
old: return a + b
new: return b + a
test: . -run ^TestAdd$
`
	out, code := inFixture(t, list, "-j", "4", "-timeout", "3s")
	for _, want := range []string{
		"baseline: 5 test commands in 2 runs pass on the unchanged tree",
		"caught   add-sub (TestAdd failed;",
		"caught   add-sub-whole (TestAdd, TestAddTwice failed;",
		"caught   add-sub-two-named (TestAdd, TestAddTwice failed;",
		"SURVIVED init-panics (",
		"go test failed, but the test binary failed before any test started (in init or TestMain)",
		"caught   crash (TestCrash died running (a panic, or its -timeout);",
		"caught   slow-hangs-past-limit (TestSlow ran out of the 3s limit;",
		"SURVIVED add-same (",
		"the tests pass;",
		"mutation score: 5 of 7 caught (71.4%)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("mutate: output lacks %q:\n%s", want, out)
		}
	}
	if code != 0 {
		t.Errorf("mutate -min 0 = exit %d; want 0", code)
	}

	out, code = inFixture(t, "name: no-compile\nfile: p.go\nold: return a + b\nnew: return a +\ntest: . -run ^TestAdd$\n")
	if code != 2 || !strings.Contains(out, "no-compile (mutants.txt:1): the mutant does not compile") {
		t.Errorf("a mutant that does not compile: exit %d, output:\n%s\nwant exit 2 naming it", code, out)
	}

	t.Setenv("FX_BROKEN", "1")
	out, code = inFixture(t, `
name: add-sub
file: p.go
old: return a + b
new: return a - b
test: . -run ^TestAdd$

name: add-sub-whole
file: p.go
old: return a + b
new: return a - b
test: .

name: broken
file: p.go
old: return a + b
new: return a - b
test: . -run ^TestBroken$
`)
	for _, want := range []string{
		"the tests fail on the unchanged tree, so they cannot judge a mutant; fix them first:\n",
		"\n  go test -count=1 . (the test of add-sub-whole): TestBroken failed\n",
		"\n  go test -count=1 . -run ^TestBroken$ (the test of broken): TestBroken failed\n",
	} {
		if code != 2 || !strings.Contains(out, want) {
			t.Errorf("a test that fails on the unchanged tree: exit %d, output:\n%s\nwant exit 2 and %q", code, out, want)
		}
	}
	if strings.Contains(out, "caught") || strings.Contains(out, "-run ^TestAdd$ (") {
		t.Errorf("a test that fails on the unchanged tree: output:\n%s\nwant no mutant run and only TestBroken's command blamed", out)
	}
}
