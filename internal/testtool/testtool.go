// Package testtool finds the programs from Debian's packages that some
// tests drive (Chromium, tmux, GNU parallel). A fresh machine with only Go
// lacks them: there such a test skips with a message naming the package to
// install. Under CI=true (how .ci/run runs, after installing them) a
// missing program is a failure instead, so CI cannot pass by skipping.
package testtool

import (
	"os"
	"os/exec"
	"strings"
)

// TB is the part of testing.TB that Require uses.
type TB interface {
	Helper()
	Skipf(format string, args ...any)
	Fatalf(format string, args ...any)
}

// InCI reports whether the tests run under CI (the environment variable
// CI is "true"), where every program the tests drive must be present.
func InCI() bool { return os.Getenv("CI") == "true" }

// Require returns the path of the first of names found on PATH (a name
// with a slash is taken as a path). When none is found it skips the test
// with a message naming the Debian package pkg (or packages, separated
// by spaces), or fails it under CI.
func Require(t TB, pkg string, names ...string) string {
	t.Helper()
	for _, name := range names {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if InCI() {
		t.Fatalf("%v not found: CI=true needs it (apt-get install -y %s; .ci/run does)", names, pkg)
		return ""
	}
	what := "package"
	if strings.Contains(pkg, " ") {
		what = "packages"
	}
	t.Skipf("%v not found: install the Debian %s %s to run this test (apt-get install -y %s)", names, what, pkg, pkg)
	return ""
}
