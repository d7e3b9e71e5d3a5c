package main

import "testing"

// TestOptionErrors: the options the library checks (nqueens.ErrOption)
// are not checked again by the command, which exits 2 with the library's
// line after the flag's "-".
func TestOptionErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"count", "8", "-workers", "-1"}, "nqueens count: -workers = -1: must be 0 (one per core) or more\n"},
		{[]string{"count", "8-9", "-workers", "-2"}, "nqueens count: -workers = -2: must be 0 (one per core) or more\n"},
		{[]string{"count", "8", "-method", "arrays", "-workers", "-1"}, "nqueens count: -workers = -1: must be 0 (one per core) or more\n"},
		{[]string{"count", "26", "-method", "join"}, "nqueens count: -method join counts n = 26 by shards only (-shard I/M); a whole count goes up to n = 25\n"},
		{[]string{"count", "29", "-method", "join", "-shard", "0/4"}, "nqueens count: -method join counts n up to 28 (by shards; whole counts to 25), not 29\n"},
		// A range is refused before its first count, -force or not
		// (its largest N is planned first).
		{[]string{"count", "24-29", "-method", "join", "-force"}, "nqueens count: -method join counts n up to 28 (by shards; whole counts to 25), not 29\n"},
		{[]string{"count", "4-26", "-method", "join", "-force", "-format", "json"}, "nqueens count: -method join counts n = 26 by shards only (-shard I/M); a whole count goes up to n = 25\n"},
		{[]string{"compare", "8-9", "-workers", "-1"}, "nqueens compare: -workers = -1: must be 0 (one per core) or more\n"},
		{[]string{"plan", "12", "-workers", "-1"}, "nqueens plan: -workers = -1: must be 0 (one per core) or more\n"},
		{[]string{"plan", "29", "-method", "join"}, "nqueens plan: -method join counts n up to 28 (by shards; whole counts to 25), not 29\n"},
		{[]string{"solve", "8", "-limit", "-1"}, "nqueens solve: -limit = -1: must be 0 (all) or more\n"},
	} {
		out, stderr, code := nq(t, "", tc.args...)
		if code != exitUsage || stderr != tc.want || out != "" {
			t.Errorf("%v = %d, stdout %q, stderr %q; want %d, nothing, %q", tc.args, code, out, stderr, exitUsage, tc.want)
		}
	}
}
