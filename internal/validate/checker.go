package validate

import (
	"errors"
	"fmt"
)

// Errors returned by Checker. They are wrapped with the row and column
// concerned; test them with errors.Is.
var (
	ErrColumnRange  = errors.New("column out of range")
	ErrColumnTaken  = errors.New("column already holds a queen")
	ErrDiagonal     = errors.New("queen on an occupied diagonal")
	ErrTooManyRows  = errors.New("more rows than the board has")
	ErrTooFewRows   = errors.New("fewer rows than the board has")
	ErrNegativeSize = errors.New("negative board size")
)

// Checker validates a placement of N queens one row at a time. The zero
// value is not usable; call New.
//
// A Checker reports the first problem it sees and keeps reporting it: once
// Add has returned an error, later calls to Add and Done return the same
// error.
type Checker struct {
	n    int
	row  int
	cols []uint64 // bit c: column c holds a queen
	down []uint64 // bit r-c+n-1: that diagonal holds a queen
	up   []uint64 // bit r+c
	err  error
}

// New returns a Checker for an n×n board. It allocates n + 2(2n-1) bits.
// New(0) accepts exactly the empty placement; a negative n makes every call
// return ErrNegativeSize.
func New(n int) *Checker {
	if n < 0 {
		return &Checker{n: n, err: fmt.Errorf("validate: n = %d: %w", n, ErrNegativeSize)}
	}
	d := 2*n - 1
	if d < 0 {
		d = 0
	}
	return &Checker{
		n:    n,
		cols: make([]uint64, (n+63)/64),
		down: make([]uint64, (d+63)/64),
		up:   make([]uint64, (d+63)/64),
	}
}

// Reset prepares c to check another placement on an n×n board, reusing its
// memory when it is large enough.
func (c *Checker) Reset(n int) {
	if n < 0 || (n+63)/64 > cap(c.cols) || (2*n-1+63)/64 > cap(c.down) {
		*c = *New(n)
		return
	}
	c.n, c.row, c.err = n, 0, nil
	c.cols = c.cols[:(n+63)/64]
	d := 2*n - 1
	if d < 0 {
		d = 0
	}
	c.down = c.down[:(d+63)/64]
	c.up = c.up[:(d+63)/64]
	clear(c.cols)
	clear(c.down)
	clear(c.up)
}

// N returns the board size the Checker was made for.
func (c *Checker) N() int { return c.n }

// Rows returns the number of rows accepted so far.
func (c *Checker) Rows() int { return c.row }

// Add places a queen in the next row at zero-based column col. It returns
// an error wrapping ErrColumnRange, ErrColumnTaken, ErrDiagonal or
// ErrTooManyRows, naming the one-based row and column, if the queen cannot
// go there.
func (c *Checker) Add(col int) error {
	if c.err != nil {
		return c.err
	}
	n, r := c.n, c.row
	switch {
	case r >= n:
		c.err = fmt.Errorf("validate: row %d: %w (n = %d)", r+1, ErrTooManyRows, n)
		return c.err
	case col < 0 || col >= n:
		c.err = fmt.Errorf("validate: row %d: column %d: %w 1..%d", r+1, col+1, ErrColumnRange, n)
		return c.err
	}
	d, u := r-col+n-1, r+col
	switch {
	case c.cols[col>>6]&(1<<(col&63)) != 0:
		c.err = fmt.Errorf("validate: row %d: column %d: %w", r+1, col+1, ErrColumnTaken)
	case c.down[d>>6]&(1<<(d&63)) != 0, c.up[u>>6]&(1<<(u&63)) != 0:
		c.err = fmt.Errorf("validate: row %d: column %d: %w", r+1, col+1, ErrDiagonal)
	}
	if c.err != nil {
		return c.err
	}
	c.cols[col>>6] |= 1 << (col & 63)
	c.down[d>>6] |= 1 << (d & 63)
	c.up[u>>6] |= 1 << (u & 63)
	c.row++
	return nil
}

// Done reports whether the placement is complete: it returns the first
// error seen by Add, or an error wrapping ErrTooFewRows if fewer than N
// rows were added, or nil.
func (c *Checker) Done() error {
	if c.err != nil {
		return c.err
	}
	if c.row != c.n {
		return fmt.Errorf("validate: %d rows: %w (n = %d)", c.row, ErrTooFewRows, c.n)
	}
	return nil
}

// Columns checks a whole placement given as zero-based columns, one per
// row; the board size is len(cols). It returns nil for a valid placement,
// including the empty one.
//
// From N = 2^21 up it first checks the placement in a cache-friendly
// order (see blocked.go) and returns nil if that finds it valid; only an
// invalid placement is then checked row by row for the error to report.
func Columns[T ~int | ~int32 | ~int64 | ~uint32](cols []T) error {
	if len(cols) >= blockedMin && columnsBlocked(cols) {
		return nil
	}
	c := New(len(cols))
	for _, x := range cols {
		if err := c.Add(int(x)); err != nil {
			return err
		}
	}
	return c.Done()
}
