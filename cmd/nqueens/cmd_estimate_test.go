package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
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
	if j.N != 14 || j.Seed != 3 || j.Samples < 1000 || j.Depth < 1 || !(j.Low < j.Solutions && j.Solutions < j.High) || j.Seconds <= 0 {
		t.Errorf("estimate 14 -format json = %+v; want n 14, seed 3, at least 1000 samples, a depth, low < solutions < high", j)
	}
	m := regexp.MustCompile(`^estimate 14: sampling for 50ms, seed 3\nseed 3; \d+ rows? drawn per sample, \d+ rows counted; standard error ([\d,]+)\n$`).FindStringSubmatch(errs)
	if m == nil {
		t.Fatalf("estimate -v stderr = %q; want the budget and seed, then the seed, the rows and the standard error", errs)
	}
	// The standard error, to its two printed digits, is the JSON
	// interval's half-width over 1.96.
	se, _ := strconv.ParseFloat(strings.ReplaceAll(m[1], ",", ""), 64)
	if want := (j.High - j.Low) / (2 * 1.959963984540054); math.Abs(se-want) > 0.05*want+0.5 {
		t.Errorf("estimate -v: standard error %s; want %.1f, (high − low)/(2·1.96) of the JSON", m[1], want)
	}
	out, _, code = cli(t, "", "estimate", "13", "-time", "20ms")
	re := regexp.MustCompile(`^13-queens: about ([\d,]+) solutions, 95% interval \[([\d,]+), ([\d,]+)\] \(±([\d.e+-]+)%\), [\d,]+ samples in [\d.]+ (ms|s)\n$`)
	m = re.FindStringSubmatch(out)
	if code != 0 || m == nil {
		t.Fatalf("estimate 13: exit %d, stdout %q; want 0 and a line matching %s", code, out, re)
	}
	// The ±x% is the half-width in percent of the estimate: the line's
	// own numbers, rounded to two digits of the half-width, agree with
	// it to 20%.
	var v [4]float64
	for i := range v {
		v[i], _ = strconv.ParseFloat(strings.ReplaceAll(m[i+1], ",", ""), 64)
	}
	if rel := 100 * (v[2] - v[1]) / 2 / v[0]; !(v[3] > rel/1.2 && v[3] < rel*1.2) {
		t.Errorf("estimate 13: %q says ±%s%%; want about %.2g%%, 100·(high − low)/2/estimate", out, m[4], rel)
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
// table has one line per N whose runs add up, and a line of the sum;
// with a count doubled (N = 12) every interval lies below it, and with
// one halved (N = 13) above it, so the script compares with the file it
// is given (two runs at a time, JOBS=2, and the sum's Wilson interval
// computed for 0 of 4); bad arguments exit 2.
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
	jobs := "" // JOBS, if not ""
	runScript := func(known string, args ...string) (string, string, int) {
		t.Helper()
		cmd := exec.Command(bash, append([]string{script}, args...)...)
		cmd.Env = append(os.Environ(), "NQUEENS="+bin)
		if jobs != "" {
			cmd.Env = append(cmd.Env, "JOBS="+jobs)
		}
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
	covered := 0
	for _, n := range []int{12, 13} {
		c, b, a := cells(out, n)
		if int(c[0]-'0')+int(b[0]-'0')+int(a[0]-'0') != 2 {
			t.Errorf("N = %d: covering %s, below %s, above %s; want 2 runs in all", n, c, b, a)
		}
		covered += int(c[0] - '0')
	}
	if !regexp.MustCompile(fmt.Sprintf(`\nIn all: %d of 4 runs cover Q\(N\) \(\d+\.\d%%; Wilson 95%% interval \d+\.\d%% to \d+\.\d%%\), \d below Q, \d above\.\n$`, covered)).MatchString(out) {
		t.Errorf("estimate-coverage.sh 12-13 1-2 50ms: no line \"In all: %d of 4 …\" at the end of\n%s", covered, out)
	}

	// The known counts with A000170(12) doubled and A000170(13) halved.
	known := filepath.Join(t.TempDir(), "a000170.txt")
	if err := os.WriteFile(known, []byte("# wrong on purpose\n12 28400\n13 36856\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	jobs = "2"
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
	// Wilson's interval of 0 of 4 runs is 0 to z²/(4 + z²) = 49.0%.
	if want := "\nIn all: 0 of 4 runs cover Q(N) (0.0%; Wilson 95% interval 0.0% to 49.0%), 2 below Q, 2 above.\n"; !strings.HasSuffix(out, want) {
		t.Errorf("estimate-coverage.sh with wrong counts, JOBS=2: the table ends\n%s\nwant it to end %q", out, want)
	}
	jobs = "0"
	if _, _, code := runScript(known, "12-13", "1-2", "50ms"); code != 2 {
		t.Errorf("estimate-coverage.sh with JOBS=0: exit %d; want 2", code)
	}
	jobs = ""

	for _, args := range [][]string{{"12-13", "1-2"}, {"13-12", "1-2", "1s"}, {"x", "1", "1s"}, {"12", "1-x", "1s"}, {"14", "1", "1s"}, {"12", "1", "soon"}} {
		if _, _, code := runScript(known, args...); code != 2 {
			t.Errorf("estimate-coverage.sh %q: exit %d; want 2", args, code)
		}
	}
}
