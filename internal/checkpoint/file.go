package checkpoint

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// fsync is how the package fsyncs a checkpoint file: a variable, so that
// tests can see its calls and make it fail.
var fsync = (*os.File).Sync

// DefaultSync is how often a File fsyncs new records when Open is given
// no interval.
const DefaultSync = 2 * time.Second

// A File is an open checkpoint that records are appended to. Its methods
// are safe for concurrent use.
type File struct {
	path string

	mu    sync.Mutex
	f     *os.File
	buf   []byte
	dirty bool  // records written since the last fsync
	err   error // first write or sync error; sticky

	stop chan struct{}
	done chan struct{}
}

// An Opened tells what Open found in an existing file.
type Opened struct {
	Done    map[int]Record // finished units, by id
	Created bool           // the file was new (or held only a torn header)
	Dropped int            // bytes of torn tail that were cut off
	Lines   int            // valid record lines, duplicates included

	// DroppedLines is the number of lines in the torn tail (a last
	// line without its '\n' included): the damaged records dropped.
	DroppedLines int

	// TornHeader is the length of a header line cut off before its
	// '\n' (a file torn while it was created, or cut short since),
	// which Open replaced with a new header: such a file holds no
	// records, so nothing counted was lost, but a caller should say so.
	TornHeader int
}

// Open opens the checkpoint at path for the count that h describes,
// creating it if it does not exist, and returns what it already holds.
// A torn tail is truncated away. A file of another count fails with
// ErrMismatch, a foreign one with ErrForeign, a damaged one with
// ErrCorrupt. Records appended later are fsynced at least every
// syncEvery (DefaultSync if 0).
func Open(path string, h Header, syncEvery time.Duration) (*File, Opened, error) {
	var o Opened
	if err := h.check(); err != nil {
		return nil, o, err
	}
	if syncEvery <= 0 {
		syncEvery = DefaultSync
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, o, err
	}
	fail := func(err error) (*File, Opened, error) {
		f.Close()
		return nil, Opened{}, err
	}
	if err := lock(f); err != nil {
		return fail(fmt.Errorf("%s: %w", path, err))
	}
	cr := &countReader{r: f}
	p, err := ParseReaderFor(cr, h)
	if err != nil {
		return fail(fmt.Errorf("%s: %w", path, err))
	}
	size := cr.n
	if p.Empty {
		// New, or torn while it was being created: write the header
		// and make the file's name durable too.
		o.Created = true
		o.TornHeader = int(size)
		if err := f.Truncate(0); err != nil {
			return fail(err)
		}
		if _, err := f.WriteAt(AppendHeader(nil, h), 0); err != nil {
			return fail(err)
		}
		if err := fsync(f); err != nil {
			return fail(err)
		}
		syncDir(path)
		p.Valid = len(AppendHeader(nil, h))
	} else {
		if err := mismatch(p.Header, h); err != nil {
			return fail(fmt.Errorf("%s: %w", path, err))
		}
		if o.Done, err = Dedup(h, p.Records); err != nil {
			return fail(fmt.Errorf("%s: %w", path, err))
		}
		o.Lines = len(p.Records)
		if int64(p.Valid) < size {
			o.Dropped = int(size - int64(p.Valid))
			o.DroppedLines = p.TornLines
			if err := f.Truncate(int64(p.Valid)); err != nil {
				return fail(err)
			}
			if err := fsync(f); err != nil {
				return fail(err)
			}
		}
	}
	if o.Done == nil {
		o.Done = map[int]Record{}
	}
	if _, err := f.Seek(int64(p.Valid), io.SeekStart); err != nil {
		return fail(err)
	}
	c := &File{path: path, f: f, stop: make(chan struct{}), done: make(chan struct{})}
	go c.syncLoop(syncEvery)
	return c, o, nil
}

// A MismatchError is the error of Open for a checkpoint of another
// count: Got is the file's header, Want the one Open was given. It
// matches ErrMismatch under errors.Is.
type MismatchError struct{ Got, Want Header }

func (e *MismatchError) Error() string {
	got, want := e.Got, e.Want
	switch {
	case got.Version != want.Version:
		return fmt.Sprintf("%v: it was written by decomposition %s, this count uses %s", ErrMismatch, got.Version, want.Version)
	case got.N != want.N:
		return fmt.Sprintf("%v: it is for n = %d, not n = %d", ErrMismatch, got.N, want.N)
	}
	return fmt.Sprintf("%v: its plan is %s (%d units), this program's is %s (%d units)", ErrMismatch, got.Plan, got.Units, want.Plan, want.Units)
}

// Is reports whether target is ErrMismatch.
func (e *MismatchError) Is(target error) bool { return target == ErrMismatch }

func mismatch(got, want Header) error {
	if got.N != want.N || got.Version != want.Version || got.Plan != want.Plan || got.Units != want.Units {
		return &MismatchError{got, want}
	}
	return nil
}

// syncDir fsyncs the directory holding path, so that a new file's name
// survives power loss. Errors are ignored: not every system can.
func syncDir(path string) {
	if d, err := os.Open(filepath.Dir(path)); err == nil {
		d.Sync()
		d.Close()
	}
}

// Append records r with one write. It returns the first error any write
// or sync of the file has had.
func (c *File) Append(r Record) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return c.err
	}
	if c.f == nil {
		return errors.New("checkpoint: append to a closed file")
	}
	c.buf = AppendRecord(c.buf[:0], r)
	if _, err := c.f.Write(c.buf); err != nil {
		c.err = fmt.Errorf("checkpoint %s: %w", c.path, err)
		return c.err
	}
	c.dirty = true
	return nil
}

// Sync fsyncs the records appended so far.
func (c *File) Sync() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.syncLocked()
}

func (c *File) syncLocked() error {
	if c.err != nil || !c.dirty || c.f == nil {
		return c.err
	}
	if err := fsync(c.f); err != nil {
		c.err = fmt.Errorf("checkpoint %s: %w", c.path, err)
		return c.err
	}
	c.dirty = false
	return nil
}

func (c *File) syncLoop(every time.Duration) {
	defer close(c.done)
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-c.stop:
			return
		case <-t.C:
			c.Sync()
		}
	}
}

// Close fsyncs the file and closes it. It returns the first error the
// file has had.
func (c *File) Close() error {
	c.mu.Lock()
	if c.f == nil {
		c.mu.Unlock()
		return c.err
	}
	c.mu.Unlock()
	close(c.stop)
	<-c.done
	c.mu.Lock()
	defer c.mu.Unlock()
	err := c.syncLocked()
	if cerr := c.f.Close(); err == nil && cerr != nil {
		err = cerr
	}
	c.f = nil
	if c.err == nil {
		c.err = err
	}
	return err
}

// countReader counts the bytes read from r.
type countReader struct {
	r io.Reader
	n int64
}

func (c *countReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.n += int64(n)
	return n, err
}
