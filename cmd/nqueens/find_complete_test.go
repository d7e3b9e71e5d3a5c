package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestCLIFindComplete compares find, complete and gen with
// testdata/<name>.golden like TestCLIGolden; -update rewrites them.
func TestCLIFindComplete(t *testing.T) {
	testGolden(t, []goldenCase{
		{"find-8", "", []string{"find", "8"}},
		{"find-3", "", []string{"find", "3"}},
		{"find-0", "", []string{"find", "0"}},
		{"find-10-json", "", []string{"find", "10", "-format", "json"}},
		{"find-6-board", "", []string{"find", "6", "-format", "board"}},
		{"find-board-too-big", "", []string{"find", "1001", "-format", "board"}},
		{"find-random-30", "", []string{"find", "30", "-random", "-seed", "7"}},
		{"find-random-bad-seed", "", []string{"find", "30", "-random", "-seed", "-1"}},
		{"complete-flags", "", []string{"complete", "8", "-queens", "1:1,2:5"}},
		{"complete-partial-count", "", []string{"complete", "-partial", "1 . . . . . . .", "-count"}},
		{"complete-all-board", "", []string{"complete", "8", "-queens", "1:1", "-blocked", "5:3", "-all", "-format", "board"}},
		{"complete-none", "", []string{"complete", "6", "-queens", "1:2", "-blocked", "2:4"}},
		{"complete-count-zero", "", []string{"complete", "6", "-queens", "1:2", "-blocked", "2:4", "-count"}},
		{"complete-attack", "", []string{"complete", "8", "-queens", "1:1,3:3"}},
		{"complete-on-block", "", []string{"complete", "8", "-queens", "2:2", "-blocked", "2:2"}},
		{"complete-off-board", "", []string{"complete", "8", "-queens", "9:1"}},
		{"complete-ragged", "Q...\n...\n....\n....\n", []string{"complete", "-"}},
		{"complete-stdin", "# a board\n.Q......\n........\n........\n...x....\n........\n........\n........\n........\n", []string{"complete", "-", "-format", "board"}},
		{"complete-no-input", "", []string{"complete"}},
		{"gen-diag", "", []string{"gen", "completion", "12", "-family", "diag", "-diagonals", "6", "-seed", "1"}},
		{"gen-queens", "", []string{"gen", "completion", "10", "-family", "queens", "-queens", "4", "-seed", "2"}},
		{"gen-blocked", "", []string{"gen", "completion", "8", "-family", "blocked", "-blocked", "10", "-seed", "3"}},
		{"gen-bad-family", "", []string{"gen", "completion", "-family", "rooks", "-n", "8"}},
		{"gen-diag-too-many", "", []string{"gen", "completion", "6", "-family", "diag", "-diagonals", "20", "-seed", "1"}},
		{"find-seed-no-random", "", []string{"find", "8", "-seed", "5"}},
		{"find-stats-no-random", "", []string{"find", "8", "-stats"}},
		{"find-random-too-big", "", []string{"find", "2147483647", "-random"}},
		{"find-random-over-max", "", []string{"find", "1000000001", "-random", "-seed", "3"}},
		{"complete-empty-entry", "", []string{"complete", "8", "-queens", ","}},
		{"complete-empty-entry-mid", "", []string{"complete", "8", "-blocked", "1:1,,2:5"}},
		{"complete-partial-empty-entry", "", []string{"complete", "-partial", "1,,.,."}},
		{"complete-n-zero", "", []string{"complete", "0"}},
		{"complete-n-negative", "", []string{"complete", "-1"}},
		{"complete-n-overflow", "", []string{"complete", "99999999999999999999"}},
		{"complete-all-one-stats", "", []string{"complete", "4", "-queens", "1:2", "-all", "-stats"}},
		{"complete-all-one-v", "", []string{"complete", "4", "-queens", "1:2", "-all", "-v"}},
		{"complete-n-alias", "", []string{"complete", "-n", "8", "-queens", "1:1,2:5"}},
		{"complete-n-agrees", "", []string{"complete", "8", "-n", "8", "-queens", "1:1,2:5"}},
		{"complete-n-conflict", "", []string{"complete", "8", "-n", "6", "-queens", "1:1"}},
		{"complete-n-and-file", "", []string{"complete", "8", "-", "-queens", "1:1"}},
		{"complete-h", "", []string{"complete", "-h"}},
		{"gen-n-alias", "", []string{"gen", "completion", "-family", "diag", "-n", "12", "-diagonals", "6", "-seed", "1"}},
		{"gen-n-conflict", "", []string{"gen", "completion", "12", "-n", "10", "-family", "diag", "-diagonals", "6", "-seed", "1"}},
		{"gen-no-n", "", []string{"gen", "completion", "-family", "diag", "-diagonals", "6", "-seed", "1"}},
		{"gen-n-too-big", "", []string{"gen", "completion", "65", "-family", "diag", "-diagonals", "6", "-seed", "1"}},
		{"gen-n-overflow", "", []string{"gen", "completion", "99999999999", "-family", "queens", "-queens", "1"}},
		{"gen-foreign-flag", "", []string{"gen", "completion", "8", "-family", "queens", "-queens", "3", "-blocked", "2"}},
		{"gen-foreign-flag-diag", "", []string{"gen", "completion", "8", "-family", "diag", "-diagonals", "3", "-queens", "1"}},
		{"gen-unknown-kind", "", []string{"gen", "foo"}},
		{"check-stream-invalid", "1 3 5 2 4 6\n", []string{"check", "-"}},
		{"check-stream-valid", "[2,4,1,3]", []string{"check", "-"}},
	})
}

// TestFindStreamCheck pipes a large constructed and a large random
// solution through check's streaming path.
func TestFindStreamCheck(t *testing.T) {
	for _, args := range [][]string{{"find", "200003"}, {"find", "100000", "-random", "-seed", "5"}} {
		out, errs, code := cli(t, "", args...)
		if code != 0 {
			t.Fatalf("nqueens %q: exit %d, %s", args, code, errs)
		}
		res, errs, code := cli(t, out, "check", "-")
		if code != 0 || res != "valid\n" {
			t.Errorf("nqueens %q | check: %q, exit %d, %s", args, res, code, errs)
		}
	}
}

// TestCompleteStatsOrder checks that complete -stats writes the answer
// before the figures, as the README shows them on a terminal.
func TestCompleteStatsOrder(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"complete", "8", "-queens", "1:1", "-blocked", "5:3", "-count", "-stats"}, "3\nnodes 83, "},
		{[]string{"complete", "8", "-queens", "1:1,2:5", "-stats"}, "1 5 8 6 3 7 2 4\nnodes "},
		{[]string{"complete", "4", "-queens", "1:2", "-all", "-stats"}, "2 4 1 3\n1 completion, nodes 3\n"},
	} {
		var both bytes.Buffer
		if code := run(context.Background(), strings.NewReader(""), &both, &both, tc.args); code != 0 {
			t.Fatalf("%q: exit %d: %s", tc.args, code, both.String())
		}
		if !strings.HasPrefix(both.String(), tc.want) {
			t.Errorf("%q: got %q, want it to start %q", tc.args, both.String(), tc.want)
		}
	}
}
