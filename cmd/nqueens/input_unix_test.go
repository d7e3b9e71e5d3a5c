//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestInputFiles: every command that reads a file names a missing file
// and a directory alike, with exit 2 (merge and complete said "read /:
// is a directory", exit 3), and reads a named pipe (check and show
// refused one, "not a regular file").
func TestInputFiles(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "none.txt")
	for _, cmd := range []string{"check", "show", "merge", "complete"} {
		for _, tt := range []struct{ name, want string }{
			{dir, dir + ": is a directory\n"},
			{missing, missing + ": no such file\n"},
		} {
			_, errs, code := cli(t, "", cmd, tt.name)
			if code != 2 || errs != "nqueens "+cmd+": "+tt.want {
				t.Errorf("nqueens %s %s: exit %d, %q; want 2, %q", cmd, tt.name, code, errs, "nqueens "+cmd+": "+tt.want)
			}
		}
	}
	for _, tt := range []struct {
		cmd, text, want string
	}{
		{"check", "2 4 1 3\n", "valid\n"},
		{"show", "2 4 1 3\n", "1 |   | # |   |   |"},
		{"complete", "Q...\n....\n....\n....\n", "no completion"},
	} {
		fifo := filepath.Join(dir, tt.cmd+".fifo")
		if err := syscall.Mkfifo(fifo, 0o600); err != nil {
			t.Skipf("mkfifo: %v", err)
		}
		go func() {
			f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
			if err != nil {
				return
			}
			f.WriteString(tt.text)
			f.Close()
		}()
		out, errs, code := cli(t, "", tt.cmd, fifo)
		if !strings.Contains(out+errs, tt.want) {
			t.Errorf("nqueens %s FIFO: exit %d, %q, %q; want %q", tt.cmd, code, out, errs, tt.want)
		}
	}
}
