package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"

	"github.com/nqueens/nqueens/internal/quote"
)

// ctxReader reads r in a goroutine and gives up as soon as ctx is done,
// so that a command reading a pipe stops within a moment of SIGINT or
// SIGTERM even while a Read blocks (the goroutine is left to the exit).
type ctxReader struct {
	ctx  context.Context
	r    io.Reader
	req  chan []byte
	resp chan readResult
	buf  []byte
}

type readResult struct {
	n   int
	err error
}

// newCtxReader returns r read under ctx; Close ends its goroutine.
func newCtxReader(ctx context.Context, r io.Reader) *ctxReader {
	return &ctxReader{ctx: ctx, r: r}
}

// Close stops the reading goroutine once its Read returns.
func (c *ctxReader) Close() {
	if c.req != nil {
		close(c.req)
		c.req = nil
	}
}

func (c *ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	if c.req == nil {
		req, resp := make(chan []byte), make(chan readResult, 1)
		c.req, c.resp, c.buf = req, resp, make([]byte, 64<<10)
		go func() {
			for b := range req {
				n, err := c.r.Read(b)
				resp <- readResult{n, err}
			}
		}()
	}
	// The goroutine reads into its own buffer, so that p is not written
	// after Read has returned; after a cancelled Read there is no other.
	buf := c.buf[:min(len(p), len(c.buf))]
	select {
	case c.req <- buf:
	case <-c.ctx.Done():
		return 0, c.ctx.Err()
	}
	select {
	case r := <-c.resp:
		copy(p, buf[:r.n])
		return r.n, r.err
	case <-c.ctx.Done():
		return 0, c.ctx.Err()
	}
}

// openInput opens the input named by a command's argument: "-" is
// standard input, anything else a file, a named pipe (bash's <(…)) or a
// character device (/dev/stdin): every reader is bounded, so a stream
// is safe. Reads give up when ctx is done. source names the input in
// messages. A missing file, a directory or another kind of file is bad
// usage (exit 2), with the same words in every command; a file that
// exists but cannot be read (permission denied, an I/O error) is a
// failure (exit 3).
func openInput(ctx context.Context, e *env, name string) (r io.Reader, source string, closeIn func(), err error) {
	if name == "-" {
		cr := newCtxReader(ctx, e.stdin)
		return cr, "standard input", cr.Close, nil
	}
	if err := checkInputFile(name); err != nil {
		return nil, "", nil, err
	}
	f, err := openCtx(ctx, name)
	if err != nil {
		return nil, "", nil, err
	}
	cr := newCtxReader(ctx, f)
	return cr, name, func() { cr.Close(); f.Close() }, nil
}

// openCtx opens the file name for reading, giving up when ctx is done:
// opening a named pipe waits for a writer, and a signal must end that
// wait as it ends a read (the open is left to the exit; a file it opens
// after that is closed). The errors are openError's, or ctx's.
func openCtx(ctx context.Context, name string) (*os.File, error) {
	type opened struct {
		f   *os.File
		err error
	}
	c := make(chan opened, 1)
	go func() {
		f, err := os.Open(name)
		c <- opened{f, err}
	}()
	select {
	case o := <-c:
		if o.err != nil {
			return nil, openError(name, o.err)
		}
		return o.f, nil
	case <-ctx.Done():
		go func() {
			if o := <-c; o.f != nil {
				o.f.Close()
			}
		}()
		return nil, ctx.Err()
	}
}

// isInputFile reports whether mode is that of a file a command reads:
// a regular file, a named pipe or a character device.
func isInputFile(mode os.FileMode) bool {
	return mode.IsRegular() || mode&(os.ModeNamedPipe|os.ModeCharDevice) != 0
}

// checkInputFile returns the usage error for a name that is no input
// file: "no such file", "is a directory", "not a file, pipe or device".
func checkInputFile(name string) error {
	st, err := os.Stat(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return usagef("%s: no such file", quote.Path(name))
	case err != nil:
		return openError(name, err)
	case st.IsDir():
		return usagef("%s: is a directory", quote.Path(name))
	case !isInputFile(st.Mode()):
		return usagef("%s: not a file, pipe or device", quote.Path(name))
	}
	return nil
}

// openError is the error for a file that could not be opened or
// looked at: bad usage (exit 2) when the name cannot be a file (no such
// file, a path through a file, a name too long), a failure (exit 3)
// when the file is there but this process may not read it or the
// system failed to.
func openError(name string, err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return usagef("%s: no such file", quote.Path(name))
	}
	if errors.Is(err, fs.ErrPermission) || !isNameError(err) {
		return fmt.Errorf("%s: %w", quote.Path(name), pathErr(err))
	}
	return usagef("%s: %v", quote.Path(name), pathErr(err))
}

// isNameError reports whether err says the name itself is wrong: a
// component that is not a directory, a name too long, a loop of links.
func isNameError(err error) bool {
	return errors.Is(err, syscall.ENOTDIR) || errors.Is(err, syscall.ENAMETOOLONG) || errors.Is(err, syscall.ELOOP) || errors.Is(err, syscall.EINVAL)
}

// pathErr drops the operation and path that an *fs.PathError repeats.
func pathErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
