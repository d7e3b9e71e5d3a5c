package main

import (
	"context"
	"io"
	"os"
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
// standard input, anything else a file. Reads give up when ctx is done.
// source names the input in messages.
func openInput(ctx context.Context, e *env, name string) (r io.Reader, source string, closeIn func(), err error) {
	if name == "-" {
		cr := newCtxReader(ctx, e.stdin)
		return cr, "standard input", cr.Close, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, "", nil, usagef("%v", err)
	}
	cr := newCtxReader(ctx, f)
	return cr, name, func() { cr.Close(); f.Close() }, nil
}
