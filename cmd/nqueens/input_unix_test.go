//go:build unix

package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestInputFiles: every command that reads a file names a missing file
// and a directory alike, with exit 2 (merge and complete said "read /:
// is a directory", exit 3), and reads a named pipe (check and show
// refused one, "not a regular file").
func TestInputFiles(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "none.txt")
	// A directory named alone without a path is one too, not a
	// placement ("bad placement: line 1: column 1: 'h' is …").
	t.Chdir(dir)
	if err := os.Mkdir("hf", 0o755); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"check", "show"} {
		if _, errs, code := cli(t, "", cmd, "hf"); code != 2 || errs != "nqueens "+cmd+": hf: is a directory\n" {
			t.Errorf("nqueens %s hf (a directory): exit %d, %q; want 2, %q", cmd, code, errs, "nqueens "+cmd+": hf: is a directory\n")
		}
	}
	if out, _, code := cli(t, "", "check", "2", "4", "1", "3"); code != 0 || out != "valid\n" {
		t.Errorf("nqueens check 2 4 1 3: exit %d, %q; want 0, valid", code, out)
	}
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

// TestFIFOWithoutWriter: a reader waiting for a named pipe's writer (the
// open itself blocks) stops when its context is cancelled, with the
// status and line of the signal that cancelled it: the first SIGTERM or
// SIGINT was ignored (the review's defect 7).
func TestFIFOWithoutWriter(t *testing.T) {
	dir := t.TempDir()
	for _, cmd := range []string{"check", "show", "merge", "complete"} {
		for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
			fifo := filepath.Join(dir, cmd+sig.String()+".fifo")
			if err := syscall.Mkfifo(fifo, 0o600); err != nil {
				t.Skipf("mkfifo: %v", err)
			}
			ctx, cancel := context.WithCancelCause(context.Background())
			done := make(chan int, 1)
			var errb bytes.Buffer
			go func() { done <- run(ctx, strings.NewReader(""), &bytes.Buffer{}, &errb, []string{cmd, fifo}) }()
			time.Sleep(50 * time.Millisecond) // the command is waiting for a writer
			cancel(signalCause{sig})
			select {
			case code := <-done:
				want := "nqueens " + cmd + ": " + signalCause{sig}.Error() + "\n"
				if code != 128+int(sig) || errb.String() != want {
					t.Errorf("nqueens %s FIFO, %v: exit %d, %q; want %d, %q", cmd, sig, code, errb.String(), 128+int(sig), want)
				}
			case <-time.After(2 * time.Second):
				t.Fatalf("nqueens %s FIFO: still waiting for a writer 2 s after %v", cmd, sig)
			}
			// A writer ends the open left waiting; its file is closed.
			if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
				f.Close()
			}
		}
	}
}

// TestReadErrorNamedOnce: a file that opens but cannot be read is a
// failure (exit 3) whose line names it once ("reading /proc/self/mem:
// read /proc/self/mem: input/output error" named it twice).
func TestReadErrorNamedOnce(t *testing.T) {
	const name = "/proc/self/mem"
	if _, err := os.Stat(name); err != nil {
		t.Skipf("%s: %v", name, err)
	}
	for _, cmd := range []string{"check", "show", "merge"} {
		_, errs, code := cli(t, "", cmd, name)
		if code != 3 || strings.Count(errs, name) != 1 || !strings.HasPrefix(errs, "nqueens "+cmd+": reading "+name+": ") {
			t.Errorf("nqueens %s %s: exit %d, %q; want 3 and the name once", cmd, name, code, errs)
		}
	}
}
