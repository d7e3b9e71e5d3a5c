package main

import (
	"encoding/json"
	"regexp"
	"testing"
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
