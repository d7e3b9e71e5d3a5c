package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/nqueens/nqueens/internal/testtool"
)

// TestCLIEstimateGolden: estimate's help and its usage errors.
func TestCLIEstimateGolden(t *testing.T) {
	testGolden(t, []goldenCase{
		{"estimate-h", "", []string{"estimate", "-h"}},
		{"estimate-no-n", "", []string{"estimate"}},
		{"estimate-n-abc", "", []string{"estimate", "abc"}},
		{"estimate-n-big", "", []string{"estimate", "65"}},
		{"estimate-n-neg", "", []string{"estimate", "-4"}},
		{"estimate-time-zero", "", []string{"estimate", "20", "-time", "0s"}},
		{"estimate-time-bad", "", []string{"estimate", "20", "-time", "soon"}},
		{"estimate-seed-bad", "", []string{"estimate", "20", "-seed", "-1"}},
		{"estimate-format-bad", "", []string{"estimate", "20", "-format", "board"}},
	})
}

// TestEstimateOutput: the text line and the JSON object of a short
// estimate, and the exact count of a small N.
func TestEstimateOutput(t *testing.T) {
	out, errs, code := cli(t, "", "estimate", "14", "-time", "50ms", "-seed", "3", "-format", "json", "-v")
	if code != 0 {
		t.Fatalf("estimate 14 -format json: exit %d, stderr %q", code, errs)
	}
	var j struct {
		N                    int
		Solutions, Low, High float64
		Samples              int
		Seconds              float64
		Seed                 uint64
		Depth                int
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatalf("estimate 14 -format json printed %q: %v", out, err)
	}
	if j.N != 14 || j.Seed != 3 || j.Samples < 30 || j.Depth < 1 || !(j.Low < j.Solutions && j.Solutions < j.High) || j.Seconds <= 0 {
		t.Errorf("estimate 14 -format json = %+v; want n 14, seed 3, at least 30 samples, a depth, low < solutions < high", j)
	}
	if !regexp.MustCompile(`^seed 3; \d+ rows? drawn per sample, \d+ rows counted; standard error [\d,]+\n$`).MatchString(errs) {
		t.Errorf("estimate -v stderr = %q; want the seed, the rows and the standard error", errs)
	}
	out, _, code = cli(t, "", "estimate", "13", "-time", "20ms")
	re := regexp.MustCompile(`^13-queens: about [\d,]+ solutions, 95% interval \[[\d,]+, [\d,]+\] \(±[\d.e+-]+%\), [\d,]+ samples in [\d.]+ (ms|s)\n$`)
	if code != 0 || !re.MatchString(out) {
		t.Errorf("estimate 13: exit %d, stdout %q; want 0 and a line matching %s", code, out, re)
	}
	out, _, code = cli(t, "", "estimate", "8")
	if want := regexp.MustCompile(`^8-queens: 92 solutions, 95% interval \[92, 92\] \(±0%\), 1 sample in `); code != 0 || !want.MatchString(out) {
		t.Errorf("estimate 8: exit %d, stdout %q; want the exact count 92", code, out)
	}
}

func TestApprox(t *testing.T) {
	tests := []struct {
		x, half float64
		want    string
	}{
		{724, 0, "724"},
		{2686.4, 16.3, "2,686"},
		{39029188884, 1.2e8, "39,030,000,000"},
		{3.90291e10, 4.5e7, "39,029,000,000"},
		{1.8274e69, 4.2e67, "1,827,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000"},
		{0, 5, "0"},
	}
	for _, tt := range tests {
		if got := approx(tt.x, tt.half); got != tt.want {
			t.Errorf("approx(%g, %g) = %q; want %q", tt.x, tt.half, got, tt.want)
		}
	}
}

// TestEstimateCoverageScript runs scripts/estimate-coverage.sh on a tiny
// range (N = 12..13, seeds 1..2, 50 ms a run): with the true counts its
// table has one line per N whose runs add up; with a count doubled (N =
// 12) every interval lies below it, and with one halved (N = 13) above
// it, so the script compares with the file it is given; bad arguments
// exit 2.
func TestEstimateCoverageScript(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	testtool.Require(t, "mawk", "awk") // the script's tables
	script, err := filepath.Abs("../../scripts/estimate-coverage.sh")
	if err != nil {
		t.Fatal(err)
	}
	bin := binary(t)
	runScript := func(known string, args ...string) (string, string, int) {
		t.Helper()
		cmd := exec.Command(bash, append([]string{script}, args...)...)
		cmd.Env = append(os.Environ(), "NQUEENS="+bin)
		if known != "" {
			cmd.Env = append(cmd.Env, "A000170="+known)
		}
		var out, errb strings.Builder
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		var ee *exec.ExitError
		switch {
		case err == nil:
			return out.String(), errb.String(), 0
		case errors.As(err, &ee):
			return out.String(), errb.String(), ee.ExitCode()
		}
		t.Fatalf("bash %s: %v", script, err)
		return "", "", 0
	}
	line := func(n int) *regexp.Regexp {
		return regexp.MustCompile(fmt.Sprintf(`(?m)^\| %d \| 50ms \| 1\.\.2 \| 2 \| (\d) \| (\d) \| (\d) \| ±(\d+\.\d{3})%% \| (\d+) \|$`, n))
	}
	cells := func(out string, n int) (cover, below, above string) {
		t.Helper()
		m := line(n).FindStringSubmatch(out)
		if m == nil {
			t.Fatalf("no table line for N = %d in\n%s", n, out)
		}
		if m[4] == "0.000" || m[5] == "0" {
			t.Errorf("N = %d: median half-width %s%%, %s samples; want both positive", n, m[4], m[5])
		}
		return m[1], m[2], m[3]
	}

	out, errs, code := runScript("", "12-13", "1-2", "50ms")
	if code != 0 {
		t.Fatalf("estimate-coverage.sh 12-13 1-2 50ms: exit %d\n%s%s", code, out, errs)
	}
	if !strings.HasPrefix(out, "| N | time | seeds | runs | covering | below Q | above Q | median half-width | median samples |\n") {
		t.Errorf("the table's header is missing:\n%s", out)
	}
	for _, n := range []int{12, 13} {
		c, b, a := cells(out, n)
		if int(c[0]-'0')+int(b[0]-'0')+int(a[0]-'0') != 2 {
			t.Errorf("N = %d: covering %s, below %s, above %s; want 2 runs in all", n, c, b, a)
		}
	}

	// The known counts with A000170(12) doubled and A000170(13) halved.
	known := filepath.Join(t.TempDir(), "a000170.txt")
	if err := os.WriteFile(known, []byte("# wrong on purpose\n12 28400\n13 36856\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code = runScript(known, "12-13", "1-2", "50ms")
	if code != 0 {
		t.Fatalf("estimate-coverage.sh with wrong counts: exit %d\n%s%s", code, out, errs)
	}
	if c, b, a := cells(out, 12); c != "0" || b != "2" || a != "0" {
		t.Errorf("N = 12 against twice Q: covering %s, below %s, above %s; want 0, 2, 0", c, b, a)
	}
	if c, b, a := cells(out, 13); c != "0" || b != "0" || a != "2" {
		t.Errorf("N = 13 against half Q: covering %s, below %s, above %s; want 0, 0, 2", c, b, a)
	}

	for _, args := range [][]string{{"12-13", "1-2"}, {"13-12", "1-2", "1s"}, {"x", "1", "1s"}, {"12", "1-x", "1s"}, {"14", "1", "1s"}, {"12", "1", "soon"}} {
		if _, _, code := runScript(known, args...); code != 2 {
			t.Errorf("estimate-coverage.sh %q: exit %d; want 2", args, code)
		}
	}
}
