package main

import (
	"bytes"
	"context"
	"encoding/xml"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// nq runs the command line args and returns stdout, stderr and the exit code.
func nq(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), strings.NewReader(stdin), &out, &errb, args)
	return out.String(), errb.String(), code
}

func TestShow(t *testing.T) {
	out, _, code := nq(t, "", "show", "2", "4", "1", "3")
	if code != 0 || !strings.Contains(out, "1 |   | # |   |   |") {
		t.Errorf("show 2 4 1 3 = %d\n%s", code, out)
	}
	out, _, code = nq(t, "", "show", "2,4,1,3", "-format", "unicode")
	if code != 0 || strings.Count(out, "♛") != 4 || !strings.HasPrefix(out, "  1 2 3 4\n") {
		t.Errorf("show -format unicode = %d\n%s", code, out)
	}
	out, _, code = nq(t, ". Q . .\n. . . Q\nQ . . .\n. . Q .\n", "show", "-", "-format", "svg")
	if code != 0 || xml.Unmarshal([]byte(out), new(struct{})) != nil || strings.Count(out, "<use ") != 4 {
		t.Errorf("show - -format svg = %d\n%s", code, out)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "b.png")
	if _, stderr, code := nq(t, "", "show", "5 2 6 1 7 4 8 3", "-o", file); code != 0 {
		t.Fatalf("show -o b.png = %d: %s", code, stderr)
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Errorf("show -o b.png wrote no PNG: %v", err)
	}
}

func TestShowErrors(t *testing.T) {
	tests := [][]string{
		{"show"},
		{"show", "2 4 1 3", "-format", "jpeg"},
		{"show", "1 2 9"},
		{"show", "2 4 1 3", "-o", "/nonexistent/dir/b.svg"},
	}
	for _, args := range tests {
		out, stderr, code := nq(t, "", args...)
		if code != 2 || out != "" || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q = %d, stdout %q, stderr %q; want 2 and one line on stderr", args, code, out, stderr)
		}
	}
	big := strings.Repeat("1 ", 1001)
	if _, stderr, code := nq(t, "", "show", big); code != 2 || !strings.Contains(stderr, "too large") {
		t.Errorf("show of N = 1001 = %d, %q; want 2 and 'too large'", code, stderr)
	}
}

func TestSolveSVG(t *testing.T) {
	out, stderr, code := nq(t, "", "solve", "6", "-format", "svg")
	if code != 0 {
		t.Fatalf("solve 6 -format svg = %d: %s", code, stderr)
	}
	if err := xml.Unmarshal([]byte(out), new(struct{})); err != nil {
		t.Fatalf("sheet does not parse: %v", err)
	}
	if got := strings.Count(out, "<use "); got != 4*6 {
		t.Errorf("sheet of N = 6 has %d queens; want 24", got)
	}
	if !strings.Contains(out, "#4  5 3 1 6 4 2") {
		t.Errorf("sheet lacks the caption of the 4th solution")
	}
	dir := t.TempDir()
	out, stderr, code = nq(t, "", "solve", "6", "-format", "svg", "-o", filepath.Join(dir, "s-%d.svg"))
	if code != 0 || strings.Count(out, "\n") != 4 {
		t.Fatalf("solve 6 -o s-%%d.svg = %d, %q, %s", code, out, stderr)
	}
	for i := 1; i <= 4; i++ {
		b, err := os.ReadFile(filepath.Join(dir, "s-"+string(rune('0'+i))+".svg"))
		if err != nil || xml.Unmarshal(b, new(struct{})) != nil {
			t.Errorf("file %d: %v", i, err)
		}
	}
	if _, stderr, code := nq(t, "", "solve", "10", "-format", "svg"); code != 0 {
		t.Errorf("solve 10 -format svg (724 boards) = %d: %s", code, stderr)
	}
	if _, stderr, code := nq(t, "", "solve", "12", "-format", "svg"); code != 2 || !strings.Contains(stderr, "-limit") {
		t.Errorf("solve 12 -format svg (14,200 boards) = %d, %q; want 2 and a hint", code, stderr)
	}
}
