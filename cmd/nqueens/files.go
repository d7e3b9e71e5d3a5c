package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/nqueens/nqueens/internal/quote"
)

// checkWritable refuses, before any work, a path that cannot become a
// file: a directory, one in a directory that does not exist, or one in
// a directory that takes no new files (/proc), all bad usage (exit 2);
// a directory this process may not write in, or a read-only one, is a
// failure (exit 3).
func checkWritable(flag, path string) error {
	if path == "" || path == "-" {
		return nil
	}
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		return usagef("%s %s: not a regular file", flag, path)
	}
	dir := filepath.Dir(path)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return usagef("%s %s: no such directory %s", flag, path, dir)
	}
	if f, err := os.CreateTemp(dir, ".nqueens-probe-*"); err != nil {
		if errors.Is(err, fs.ErrNotExist) || isNameError(err) {
			// The directory is there but no name in it can become a
			// file (/proc, /sys): bad usage, as createError says.
			return usagef("%s %s: %s takes no new files (creating one there: %v)", flag, path, dir, pathErr(err))
		}
		// What refuses the file is this process's permission or the
		// file system (read-only, full), a failure (exit 3).
		return fmt.Errorf("%s %s: cannot write in %s: %w", flag, path, dir, pathErr(err))
	} else {
		f.Close()
		os.Remove(f.Name())
	}
	return nil
}

// openOutput returns the writer for "-o FILE" ("" or "-" = stdout) and
// a function that closes it, reporting write errors. The file is created
// at the first write, so a command that fails before writing anything
// leaves an existing file untouched. A directory that does not exist or
// a path that is a directory is refused at once, naming the path.
func openOutput(e *env, path string) (io.Writer, func() error, error) {
	if path == "" || path == "-" {
		return e.stdout, func() error { return nil }, nil
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return nil, nil, usagef("-o %s: is a directory", path)
	}
	if st, err := os.Stat(filepath.Dir(path)); err != nil || !st.IsDir() {
		return nil, nil, usagef("-o %s: no such directory %s", path, filepath.Dir(path))
	}
	lf := &lazyFile{path: path}
	return lf, lf.Close, nil
}

// createError is the error for an output file that could not be
// created: bad usage (exit 2) when the name cannot be a file there (no
// such directory, a path through a file), a failure (exit 3) when the
// directory is there but may not be written (permission denied, a
// read-only or full file system).
func createError(name string, err error) error {
	if errors.Is(err, fs.ErrNotExist) || isNameError(err) || errors.Is(err, syscall.EISDIR) {
		return usagef("cannot create output file %s: %v", quote.Path(name), pathErr(err))
	}
	return fmt.Errorf("cannot create output file %s: %w", quote.Path(name), pathErr(err))
}

// lazyFile creates its file at the first Write.
type lazyFile struct {
	path string
	f    *os.File
}

func (l *lazyFile) Write(p []byte) (int, error) {
	if l.f == nil {
		f, err := os.Create(l.path)
		if err != nil {
			return 0, createError(l.path, err)
		}
		l.f = f
	}
	return l.f.Write(p)
}

// Close closes the file if it was created.
func (l *lazyFile) Close() error {
	if l.f == nil {
		return nil
	}
	return l.f.Close()
}
