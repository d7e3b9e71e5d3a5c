package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"testing"
	"time"
)

// TestParseNEdge: a board size is taken up to the command's limit and
// refused one past it, and refused below 0, with exit status 2.
func TestParseNEdge(t *testing.T) {
	for _, tc := range []struct {
		s   string
		max int
		ok  bool
	}{
		{"17", 17, true},
		{"18", 17, false},
		{"0", 17, true},
		{"-1", 17, false},
		{"1000000000", 1000000000, true},
		{"1000000001", 1000000000, false},
	} {
		n, err := parseN(tc.s, tc.max)
		if tc.ok && err != nil {
			t.Errorf("parseN(%q, %d) = %v; want %s", tc.s, tc.max, err, tc.s)
		}
		if !tc.ok && (err == nil || !isUsage(err)) {
			t.Errorf("parseN(%q, %d) = %d, %v; want a usage error (exit 2)", tc.s, tc.max, n, err)
		}
	}
}

// TestInputFileKinds: a command reads regular files, named pipes and
// character devices, and nothing else (a socket or a directory would
// block or mean nothing as input).
func TestInputFileKinds(t *testing.T) {
	for _, tc := range []struct {
		mode fs.FileMode
		want bool
	}{
		{0o644, true},
		{fs.ModeNamedPipe | 0o600, true},
		{fs.ModeDevice | fs.ModeCharDevice | 0o666, true},
		{fs.ModeDir | 0o755, false},
		{fs.ModeSocket | 0o755, false},
		{fs.ModeDevice | 0o660, false}, // a block device
		{fs.ModeSymlink | 0o777, false},
		{fs.ModeIrregular, false},
	} {
		if got := isInputFile(tc.mode); got != tc.want {
			t.Errorf("isInputFile(%v) = %v; want %v", tc.mode, got, tc.want)
		}
	}
}

// TestCtxReaderShortReads: a ctxReader returns at most len(p) bytes per
// Read (as io.Reader requires; bufio refuses a reader that does not),
// and the bytes in order, for any size of p.
func TestCtxReaderShortReads(t *testing.T) {
	src := make([]byte, 200_000)
	rnd := rand.New(rand.NewPCG(3, 4))
	for i := range src {
		src[i] = byte(rnd.Uint32())
	}
	cr := newCtxReader(context.Background(), bytes.NewReader(src))
	defer cr.Close()
	var got []byte
	for i := 0; ; i++ {
		p := make([]byte, 1+i%97)
		n, err := cr.Read(p)
		if n > len(p) {
			t.Fatalf("Read of %d bytes returned %d", len(p), n)
		}
		got = append(got, p[:n]...)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(got, src) {
		t.Errorf("read %d bytes, not the %d written (or not in order)", len(got), len(src))
	}
}

// TestCtxReaderCancelDuringRead: a Read blocked on a pipe returns the
// context's error within a moment of the cancel.
func TestCtxReaderCancelDuringRead(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cr := newCtxReader(ctx, r)
	defer cr.Close()
	done := make(chan error, 1)
	go func() {
		_, err := cr.Read(make([]byte, 10))
		done <- err
	}()
	time.Sleep(20 * time.Millisecond) // the Read is blocked on the empty pipe
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("Read after the cancel = %v; want context.Canceled", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Read still blocked 5 s after the cancel")
	}
}
