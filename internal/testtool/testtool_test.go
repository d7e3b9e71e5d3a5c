package testtool

import (
	"fmt"
	"strings"
	"testing"
)

// fakeTB records what Require did instead of ending the test.
type fakeTB struct{ skipped, failed string }

func (f *fakeTB) Helper()                           {}
func (f *fakeTB) Skipf(format string, args ...any)  { f.skipped = fmt.Sprintf(format, args...) }
func (f *fakeTB) Fatalf(format string, args ...any) { f.failed = fmt.Sprintf(format, args...) }

func TestRequire(t *testing.T) {
	for _, tc := range []struct {
		ci         string
		wantSkip   bool
		wantFailed bool
	}{
		{"", true, false},
		{"false", true, false},
		{"true", false, true},
	} {
		t.Setenv("CI", tc.ci)
		var f fakeTB
		got := Require(&f, "nosuchpackage", "nqueens-no-such-program-x")
		if got != "" || (f.skipped != "") != tc.wantSkip || (f.failed != "") != tc.wantFailed {
			t.Errorf("CI=%q: got %q, skipped %q, failed %q; want skip %v, fail %v", tc.ci, got, f.skipped, f.failed, tc.wantSkip, tc.wantFailed)
		}
	}
	t.Setenv("CI", "")
	var f fakeTB
	if got := Require(&f, "coreutils", "nqueens-no-such-program-x", "sh"); got == "" || f.skipped != "" {
		t.Errorf("Require(sh) = %q, skipped %q; want a path", got, f.skipped)
	}
}

// TestRequirePackages: a skip for a program of several packages names
// every one, in the message and in the apt-get command.
func TestRequirePackages(t *testing.T) {
	t.Setenv("CI", "")
	var f fakeTB
	Require(&f, "slurm-wlm munge", "nqueens-no-such-program-y")
	if want := "install the Debian packages slurm-wlm munge to run this test (apt-get install -y slurm-wlm munge)"; !strings.Contains(f.skipped, want) {
		t.Errorf("skip message %q; want it to contain %q", f.skipped, want)
	}
}
