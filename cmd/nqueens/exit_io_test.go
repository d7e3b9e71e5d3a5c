package main

import (
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestServeAddrInUse checks that serve on a port another listener holds
// is a failure (exit 3), not bad usage, while a malformed -addr is bad
// usage (exit 2).
func TestServeAddrInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	tests := []struct {
		addr, msg string
		code      int
	}{
		{ln.Addr().String(), "address already in use", exitFailure},
		{"nonsense", "missing port", exitUsage},
		{"127.0.0.1:99999", "invalid port", exitUsage},
	}
	for _, tc := range tests {
		_, stderr, code := cli(t, "", "serve", "-addr", tc.addr)
		if code != tc.code || !strings.Contains(stderr, tc.msg) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("serve -addr %s: exit %d, stderr %q; want %d and one line containing %q", tc.addr, code, stderr, tc.code, tc.msg)
		}
	}
}

// TestOpenErrorStatus checks the exit status of each way a file can
// fail to open: a name that cannot be a file is bad usage (2), a file
// this process may not read, or an I/O error, is a failure (3). Root
// reads every file whatever its mode, so the permission case is an
// error value, not a chmod.
func TestOpenErrorStatus(t *testing.T) {
	pe := func(e syscall.Errno) error { return &fs.PathError{Op: "open", Path: "f", Err: e} }
	tests := []struct {
		err  error
		code int
		msg  string
	}{
		{pe(syscall.ENOENT), exitUsage, "f: no such file"},
		{pe(syscall.ENOTDIR), exitUsage, "f: not a directory"},
		{pe(syscall.ENAMETOOLONG), exitUsage, "file name too long"},
		{pe(syscall.EACCES), exitFailure, "f: permission denied"},
		{pe(syscall.EPERM), exitFailure, "f: operation not permitted"},
		{pe(syscall.EIO), exitFailure, "f: input/output error"},
	}
	for _, tc := range tests {
		var b strings.Builder
		code := exitCode(&b, "check", openError("f", tc.err))
		if code != tc.code || !strings.Contains(b.String(), tc.msg) {
			t.Errorf("openError(%v): exit %d, %q; want %d and %q", tc.err, code, b.String(), tc.code, tc.msg)
		}
	}
	for _, tc := range []struct {
		err  error
		code int
	}{
		{pe(syscall.ENOENT), exitUsage},
		{pe(syscall.EISDIR), exitUsage},
		{pe(syscall.EACCES), exitFailure},
		{pe(syscall.EROFS), exitFailure},
		{pe(syscall.ENOSPC), exitFailure},
	} {
		var b strings.Builder
		if code := exitCode(&b, "solve", createError("out.txt", tc.err)); code != tc.code {
			t.Errorf("createError(%v): exit %d, %q; want %d", tc.err, code, b.String(), tc.code)
		}
	}
}

// TestUnreadableFile runs check on a file of mode 000 when the test is
// not root (root reads it anyway): permission denied is exit 3.
func TestUnreadableFile(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads a file of mode 000; TestOpenErrorStatus covers the status")
	}
	p := filepath.Join(t.TempDir(), "unr")
	if err := os.WriteFile(p, []byte("1 3 0 2\n"), 0o000); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := cli(t, "", "check", p)
	if code != exitFailure || !strings.Contains(stderr, "permission denied") {
		t.Errorf("check on a mode-000 file: exit %d, %q; want 3 and permission denied", code, stderr)
	}
}
