package main

import (
	"os"
	"strings"
	"testing"
)

// TestCheckWritableNoNewFiles checks the path a checkpoint or record
// cannot take because its directory takes no new file (/proc, where
// creating a file is "no such file or directory"): bad usage, exit 2,
// saying so, as createError says of -o there; not a failure (3) that
// repeats the system's misleading "no such file".
func TestCheckWritableNoNewFiles(t *testing.T) {
	if _, err := os.Stat("/proc/version"); err != nil {
		t.Skip("no /proc/version here")
	}
	for _, path := range []string{"/proc/version", "/proc/x.ckpt"} {
		var b strings.Builder
		err := checkWritable("-checkpoint", path)
		code := exitCode(&b, "count", err)
		if want := "-checkpoint " + path + ": /proc takes no new files"; code != exitUsage || !strings.Contains(b.String(), want) {
			t.Errorf("checkWritable(-checkpoint, %s): exit %d, %q; want %d and %q", path, code, b.String(), exitUsage, want)
		}
	}
}
