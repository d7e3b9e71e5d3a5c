package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/nqueens/nqueens/internal/testio"
)

// TestHostileInput: every reader of standard input refuses endless
// garbage with exit 2 and one short line on stderr, having read at most
// 16 MiB of the 64 MiB it is offered (the review's H1: check, show and
// merge read it all, then used 24 times its size).
func TestHostileInput(t *testing.T) {
	for _, cmd := range []string{"check", "show", "merge", "complete"} {
		for name, in := range testio.Hostile(64<<20, "....\n", "1\n", "y\n", "{\n", "#\n", "\n", "2 4 1 3\n") {
			var out, errb bytes.Buffer
			code := run(context.Background(), in, &out, &errb, []string{cmd, "-"})
			msg := errb.String()
			if code != 2 || strings.Count(msg, "\n") != 1 || len(msg) > 300 || !utf8.ValidString(msg) {
				t.Errorf("%s | nqueens %s -: exit %d, stderr %.300q; want 2 and one short line of UTF-8", name, cmd, code, msg)
			}
			if in.N > 16<<20 {
				t.Errorf("%s | nqueens %s -: read %d bytes before refusing; want at most 16 MiB", name, cmd, in.N)
			}
		}
	}
}

// TestHostileFile: a file of 8 MiB of NUL bytes is refused at once with
// a short message (it was a 32 MB "one-line" error from check).
func TestHostileFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "zeros")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(file, 8<<20); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"check", "show", "merge", "complete"} {
		_, msg, code := cli(t, "", cmd, file)
		if code != 2 || strings.Count(msg, "\n") != 1 || len(msg) > 300 {
			t.Errorf("nqueens %s FILE-of-zeros: exit %d, stderr %.300q; want 2 and one short line", cmd, code, msg)
		}
	}
}

// TestReadersStopOnSignal: a command blocked reading a pipe that never
// delivers stops when its context is cancelled (SIGINT/SIGTERM in main),
// with the status of an interruption.
func TestReadersStopOnSignal(t *testing.T) {
	for _, cmd := range []string{"check", "show", "merge", "complete"} {
		pr, pw := io.Pipe()
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan int, 1)
		go func() {
			var out, errb bytes.Buffer
			done <- run(ctx, pr, &out, &errb, []string{cmd, "-"})
		}()
		pw.Write([]byte("2 4")) // the command is reading
		cancel()
		select {
		case code := <-done:
			if code == 0 || code == 1 || code == 2 {
				t.Errorf("nqueens %s - cancelled: exit %d; want an interruption's status", cmd, code)
			}
		case <-time.After(20 * time.Second):
			t.Errorf("nqueens %s - did not stop within 20 s of the cancellation", cmd)
		}
		pw.Close()
	}
}

// TestCheckStream: check reads a stream of placements in each form the
// commands write (the review's M5 and L9).
func TestCheckStream(t *testing.T) {
	solve := func(args ...string) string {
		out, errs, code := cli(t, "", append([]string{"solve"}, args...)...)
		if code != 0 {
			t.Fatalf("solve %q: exit %d, %s", args, code, errs)
		}
		return out
	}
	gen, _, _ := cli(t, "", "gen", "completion", "10", "-family", "diag", "-diagonals", "6", "-seed", "1")
	completed, _, _ := cli(t, gen, "complete", "-", "-format", "board")
	all4, _, _ := cli(t, "", "complete", "6", "-all", "-format", "board")
	shown, _, _ := cli(t, "", "show", "2", "4", "1", "3")
	tests := []struct {
		name, stdin, out string
		code             int
	}{
		{"solve", solve("8", "-limit", "2"), "2 placements, all valid\n", 0},
		{"solve board", solve("8", "-limit", "2", "-format", "board"), "2 placements, all valid\n", 0},
		{"solve json", solve("8", "-limit", "2", "-format", "json"), "2 placements, all valid\n", 0},
		{"solve 6", solve("6"), "4 placements, all valid\n", 0},
		{"complete board", completed, "valid\n", 0},
		{"complete -all board", all4, "4 placements, all valid\n", 0},
		{"show", shown, "valid\n", 0},
		{"invalid ones", "1 5 8 6 3 7 2 4\n1 1\n\n..Q.\nQ...\n...Q\n.Q..\n{\"n\":3,\"columns\":[1,2,3]}\n",
			"placement 2 (line 2): invalid: rows 1 and 2: queens at columns 1 and 1 are on the same column\n" +
				"placement 4 (line 8): invalid: rows 1 and 2: queens at columns 1 and 2 are on the same diagonal\n" +
				"2 of 4 placements valid\n", 1},
		{"first invalid", "1 1\n2 4 1 3\n", "placement 1 (line 1): invalid: rows 1 and 2: queens at columns 1 and 1 are on the same column\n1 of 2 placements valid\n", 1},
		{"one invalid", "1 1\n", "invalid: rows 1 and 2: queens at columns 1 and 1 are on the same column\n", 1},
	}
	for _, tt := range tests {
		out, errs, code := cli(t, tt.stdin, "check", "-")
		if out != tt.out || code != tt.code {
			t.Errorf("%s | check -: %q, exit %d, stderr %q; want %q, exit %d", tt.name, out, code, errs, tt.out, tt.code)
		}
	}
}

func TestCheckStreamErrors(t *testing.T) {
	tests := []struct{ stdin, want string }{
		{"2 4 1 3\n2 4 1 3\n", "nqueens check: standard input: line 2: placement 2 repeats placement 1; a stream holds each placement once\n"},
		{"2 4 1 3\n1 1\n2.0 4 1 3\n", "nqueens check: bad placement: line 3: entry 1: \"2.0\" is not a column number (after 2 placements, 1 invalid)\n"},
		{"2,4,,1,3\n", "nqueens check: bad placement: line 1: entry 3 is empty\n"},
	}
	for _, tt := range tests {
		_, errs, code := cli(t, tt.stdin, "check", "-")
		if code != 2 || errs != tt.want {
			t.Errorf("check - < %q: exit %d, stderr %q; want 2, %q", tt.stdin, code, errs, tt.want)
		}
	}
}

// TestCheckMessages: the review's L8 and L10 arguments.
func TestCheckMessages(t *testing.T) {
	tests := []struct {
		args []string
		out  string
		errs string
		code int
	}{
		{[]string{"check", "2.0", "4", "1", "3"}, "", "nqueens check: bad placement: entry 1: \"2.0\" is not a column number\n", 2},
		{[]string{"check", `{"columns":[2,4,1,3]}`}, "", "nqueens check: bad placement: JSON: n is missing (4 columns are given)\n", 2},
		{[]string{"check", "2 4 1 3 # comment"}, "valid\n", "", 0},
		{[]string{"check", "2,4,,1,3"}, "", "nqueens check: bad placement: entry 3 is empty\n", 2},
		{[]string{"check", "[]"}, "valid\n", "", 0},
		{[]string{"check", `{"n":0,"columns":[]}`}, "valid\n", "", 0},
		{[]string{"check", "\ufeff2", "4", "1", "3"}, "valid\n", "", 0},
		{[]string{"check", `{"n":4,"columns":[2,4,1,3],"x":1}`}, "", "nqueens check: bad placement: JSON: unknown field \"x\"\n", 2}, // as /api/check refuses it (was valid)
	}
	for _, tt := range tests {
		out, errs, code := cli(t, "", tt.args...)
		if out != tt.out || errs != tt.errs || code != tt.code {
			t.Errorf("nqueens %q: %q, %q, exit %d; want %q, %q, exit %d", tt.args, out, errs, code, tt.out, tt.errs, tt.code)
		}
	}
}

// TestShowUnknownExtension: -o x.gif is refused, and no file is written
// (it was a text board in x.gif, exit 0).
func TestShowUnknownExtension(t *testing.T) {
	file := filepath.Join(t.TempDir(), "x.gif")
	_, errs, code := cli(t, "", "show", "1", "-o", file)
	if code != 2 || !strings.Contains(errs, `unknown extension ".gif"`) {
		t.Errorf("show 1 -o x.gif: exit %d, %q; want 2 and unknown extension", code, errs)
	}
	if _, err := os.Stat(file); err == nil {
		t.Errorf("show 1 -o x.gif wrote %s", file)
	}
	if _, errs, code := cli(t, "", "show", "1", "-o", file, "-format", "text"); code != 0 {
		t.Errorf("show 1 -o x.gif -format text: exit %d, %q; want 0", code, errs)
	}
}

// TestShowOne: show draws one placement; a second one in its input is an
// error, and what complete and gen write is drawn.
func TestShowOne(t *testing.T) {
	if _, errs, code := cli(t, "2 4 1 3\n3 1 4 2\n", "show", "-"); code != 2 || errs != "nqueens show: standard input: line 2: a second placement; show draws one\n" {
		t.Errorf("show - of two placements: exit %d, %q", code, errs)
	}
	if out, errs, code := cli(t, "\ufeffx.Qx\nQ..x\n.x.Q\n.Q..\n", "show", "-"); code != 0 || !strings.Contains(out, "1 | x |   | # | x |") {
		t.Errorf("show - of a completed board: exit %d, %q\n%s", code, errs, out)
	}
}

// TestCheckLargeWithBOM: a permutation too long for the scanner is
// checked as one stream, after a byte order mark too.
func TestCheckLargeWithBOM(t *testing.T) {
	big, _, _ := cli(t, "", "find", "300000")
	for _, in := range []string{big, "\ufeff" + big} {
		if out, errs, code := cli(t, in, "check", "-"); out != "valid\n" || code != 0 {
			t.Errorf("check - of find 300000 (%d bytes): %q, %q, exit %d; want valid", len(in), out, errs, code)
		}
	}
}

// TestCheckLargeStream: placements too long for the scanner are checked
// one per line, JSON records too (check read a stream of them as one
// permutation: "rows 1 and 150001 … same column"; and refused find's
// JSON above 2^18 queens).
func TestCheckLargeStream(t *testing.T) {
	find := func(args ...string) string {
		out, errs, code := cli(t, "", append([]string{"find"}, args...)...)
		if code != 0 {
			t.Fatalf("find %q: exit %d, %s", args, code, errs)
		}
		return out
	}
	a, b := find("150000"), find("150001")
	j := find("300000", "-format", "json")
	tests := []struct {
		name, stdin, out string
		code             int
	}{
		{"two long", a + b, "2 placements, all valid\n", 0},
		{"json 300000", j, "valid\n", 0},
		{"long, comment, invalid, json", a + "# c\n\n1 1\n" + j, "placement 2 (line 4): invalid: rows 1 and 2: queens at columns 1 and 1 are on the same column\n2 of 3 placements valid\n", 1},
		{"long with an attack, then long", "1 1 " + a + b, "placement 1 (line 1): invalid: rows 1 and 2: queens at columns 1 and 1 are on the same column\n1 of 2 placements valid\n", 1},
	}
	for _, tt := range tests {
		out, errs, code := cli(t, tt.stdin, "check", "-")
		if out != tt.out || code != tt.code {
			t.Errorf("%s | check -: %q, exit %d, stderr %q; want %q, exit %d", tt.name, out, code, errs, tt.out, tt.code)
		}
	}
	bad := strings.Replace(j, `"n"`, `"n":1,"x"`, 1)
	if _, errs, code := cli(t, bad, "check", "-"); code != 2 || !strings.Contains(errs, `unknown field "x"`) {
		t.Errorf("check - of a JSON record with an unknown field: exit %d, %q; want 2, unknown field", code, errs)
	}
}

// TestLongArgumentQuoted: an argument or flag value echoed in an error
// is cut to 40 bytes (a 5,000-digit one gave a 5 KB error line).
func TestLongArgumentQuoted(t *testing.T) {
	d := strings.Repeat("9", 5000)
	for _, args := range [][]string{
		{"count", d}, {"count", "1-" + d}, {"complete", "8", "-queens", "1:" + d}, {"complete", "-partial", d + ",x"},
		{"find", "8", "-random", "-seed", d}, {"gen", "completion", "-seed", d}, {"gen", d}, {"show", "1", "-format", d},
		{"count", "8", "-max-memory", d}, {"solve", "8", "-limit", d}, {d},
	} {
		_, errs, code := cli(t, "", args...)
		if code != 2 || len(errs) > 250 || !strings.Contains(errs, "…") {
			t.Errorf("nqueens %.40q…: exit %d, %d bytes of stderr %.300q; want 2 and at most 250 bytes, cut with …", args, code, len(errs), errs)
		}
	}
}

// TestGenSeed: gen without -seed (or with -seed 0) draws a seed, as
// find -random and merge do, and its header names it: that seed gives
// the same board again (gen used seed 0 every time).
func TestGenSeed(t *testing.T) {
	args := []string{"gen", "completion", "12", "-family", "blocked", "-blocked", "40"}
	a, _, code1 := cli(t, "", args...)
	b, _, code2 := cli(t, "", append(args, "-seed", "0")...)
	if code1 != 0 || code2 != 0 || a == b {
		t.Fatalf("gen without a seed twice: exit %d, %d, the same board: %v", code1, code2, a == b)
	}
	header, _, _ := strings.Cut(a, "\n")
	_, seed, ok := strings.Cut(header, "-seed ")
	if !ok || seed == "0" {
		t.Fatalf("gen's header %q names no seed other than 0", header)
	}
	if again, _, _ := cli(t, "", append(args, "-seed", seed)...); again != a {
		t.Errorf("gen -seed %s: %q; want the board it named %q", seed, again, a)
	}
}

// TestPartialBoards: what gen prints (rows without a queen, blocked
// squares) is read by check, which calls it partial (exit 1: not a
// solution), and drawn by show with its blocked squares, which check
// and show read back (both said "line 2: row 1 has no queen").
func TestPartialBoards(t *testing.T) {
	queens, _, _ := cli(t, "", "gen", "completion", "6", "-family", "queens", "-queens", "2", "-seed", "3")
	diag, _, _ := cli(t, "", "gen", "completion", "8", "-family", "diag", "-diagonals", "4", "-seed", "2")
	shownDiag, _, _ := cli(t, diag, "show", "-")
	shownQueens, _, _ := cli(t, queens, "show", "-")
	tests := []struct {
		name, stdin, out string
		code             int
	}{
		{"gen queens", queens, "partial: 2 of 6 queens, none attacking another; 'nqueens complete' tells whether the rest can be placed\n", 1},
		{"gen diag", diag, "partial: 0 of 8 queens, 20 blocked squares; 'nqueens complete' tells whether the rest can be placed\n", 1},
		{"show of gen diag", shownDiag, "partial: 0 of 8 queens, 20 blocked squares; 'nqueens complete' tells whether the rest can be placed\n", 1},
		{"show of gen queens", shownQueens, "partial: 2 of 6 queens, none attacking another; 'nqueens complete' tells whether the rest can be placed\n", 1},
		{"attacking", "Q...\n....\n..Q.\n....\n", "invalid: rows 1 and 3: queens at columns 1 and 3 are on the same diagonal\n", 1},
		{"stream", "2 4 1 3\n\nQx..\n....\n....\n....\n", "placement 2 (line 3): partial: 1 of 4 queens, 1 blocked square; 'nqueens complete' tells whether the rest can be placed\n1 of 2 placements valid\n", 1},
	}
	for _, tt := range tests {
		out, errs, code := cli(t, tt.stdin, "check", "-")
		if out != tt.out || code != tt.code {
			t.Errorf("%s | check -: %q, exit %d, stderr %q; want %q, exit %d", tt.name, out, code, errs, tt.out, tt.code)
		}
	}
	// show draws the blocked squares, and its drawing of a drawing is the same.
	if again, errs, code := cli(t, shownDiag, "show", "-"); code != 0 || again != shownDiag || strings.Count(shownDiag, " x ") != 20 {
		t.Errorf("show - of show's partial board: exit %d, %q, %d x; want the same board with 20 x\n%s", code, errs, strings.Count(shownDiag, " x "), again)
	}
	if out, errs, code := cli(t, diag, "show", "-", "-format", "unicode"); code != 0 || strings.Count(out, "╳") != 20 {
		t.Errorf("show - -format unicode of gen diag: exit %d, %q, %d ╳; want 20\n%s", code, errs, strings.Count(out, "╳"), out)
	}
	if out, errs, code := cli(t, diag, "show", "-", "-format", "svg"); code != 0 || strings.Count(out, "#9e9e9e") != 20 {
		t.Errorf("show - -format svg of gen diag: exit %d, %q, %d grey squares; want 20", code, errs, strings.Count(out, "#9e9e9e"))
	}
}
