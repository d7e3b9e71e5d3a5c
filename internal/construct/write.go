package construct

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"strconv"
)

// ErrNoSolution is returned by WritePerm for board sizes without a
// solution: n = 2, 3 and n ≤ 0.
var ErrNoSolution = errors.New("no solution")

// bufSize is the size of WritePerm's buffer. Measured with
// BenchmarkWritePerm at N = 10^7 to io.Discard: 16 KiB and 64 KiB differ by
// under 2%; 64 KiB keeps the system calls to /dev/null at ~14,000 for
// N = 10^8.
const bufSize = 64 << 10

// slack is the room kept free at the end of the buffer so that one number
// stored as two 8-byte words always fits without a check.
const slack = 16

// WritePerm writes the package's solution for an n×n board to w as one-
// based columns in row order, separated by single spaces and ended by a
// newline: "2 4 1 3\n" for n = 4, "1\n" for n = 1. It returns an error
// wrapping ErrNoSolution, writing nothing, if n has no solution, and
// otherwise the first error returned by w.
//
// WritePerm uses one 64 KiB buffer whatever n is and does not allocate per
// number; the output for n = 10^8 is 888,888,898 bytes.
func WritePerm(w io.Writer, n int) error { return WriteColumns(w, n, "", ' ', "\n") }

// WriteColumns writes head, the one-based columns of the package's solution
// for an n×n board separated by sep, and tail, the way WritePerm does (for
// which head = "", sep = ' ', tail = "\n"); JSON is head = `{"n":4,
// "columns":[`, sep = ',', tail = "]}\n". head and tail must each fit in
// 1 KiB.
func WriteColumns(w io.Writer, n int, head string, sep byte, tail string) error {
	if !Exists(n) {
		return fmt.Errorf("construct: n = %d: %w", n, ErrNoSolution)
	}
	pw := newPermWriter(w, head, sep)
	for _, r := range Runs(n) {
		pw.run(r.Col+1, r.Len)
		if pw.err != nil {
			return pw.err
		}
	}
	return pw.finish(tail)
}

// WriteInt32s writes head, the values cols[i]+1 separated by sep, and tail,
// with the buffer of WriteColumns. It converts each number (two digits at a
// time), so it is slower per number than WriteColumns, which steps through
// runs: about 18 ns a number against 3.6-4.7 on a loaded machine
// (BenchmarkWriteInt32s, BenchmarkWritePerm).
func WriteInt32s(w io.Writer, cols []int32, head string, sep byte, tail string) error {
	pw := newPermWriter(w, head, sep)
	buf := pw.buf
	end := len(buf) - slack
	p := pw.p
	for _, c := range cols {
		if p > end {
			pw.p = p
			if pw.flush() != nil {
				return pw.err
			}
			p = 0
		}
		x := uint32(c) + 1
		d := digits(x)
		q := p + d
		buf[q] = sep
		for x >= 100 {
			i := (x % 100) * 2
			x /= 100
			q -= 2
			buf[q], buf[q+1] = digits2[i], digits2[i+1]
		}
		if x >= 10 {
			q -= 2
			buf[q], buf[q+1] = digits2[2*x], digits2[2*x+1]
		} else {
			buf[q-1] = byte('0' + x)
		}
		p += d + 1
	}
	pw.p = p
	pw.wrote = len(cols) > 0
	return pw.finish(tail)
}

// pow10 holds 10^0 … 10^9.
var pow10 = [10]uint32{1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9}

// digits returns the number of decimal digits of x, 1 for x = 0: from the
// bit length (log10(2) ≈ 1233/4096) corrected by one comparison, instead
// of a division per digit.
func digits(x uint32) int {
	d := (bits.Len32(x) * 1233) >> 12
	if x >= pow10[d&15%10] {
		d++
	}
	return max(d, 1)
}

// digits2 holds "00" … "99".
const digits2 = "00010203040506070809" +
	"10111213141516171819" +
	"20212223242526272829" +
	"30313233343536373839" +
	"40414243444546474849" +
	"50515253545556575859" +
	"60616263646566676869" +
	"70717273747576777879" +
	"80818283848586878889" +
	"90919293949596979899"

func newPermWriter(w io.Writer, head string, sep byte) *permWriter {
	pw := &permWriter{w: w, buf: make([]byte, bufSize), sep: sep}
	pw.p = copy(pw.buf[:1024], head)
	return pw
}

// finish replaces the separator after the last number (if any number was
// written) with tail and flushes.
func (pw *permWriter) finish(tail string) error {
	if pw.err != nil {
		return pw.err
	}
	if pw.p > 0 && pw.wrote {
		pw.p--
	}
	if pw.p+len(tail) > len(pw.buf) && pw.flush() != nil {
		return pw.err
	}
	pw.p += copy(pw.buf[pw.p:], tail)
	return pw.flush()
}

// permWriter is a minimal buffered writer for runs of decimal numbers.
// Everything up to p is pending output; err is sticky.
type permWriter struct {
	w     io.Writer
	buf   []byte
	p     int
	sep   byte
	wrote bool // at least one number, so buf[p-1] is a separator
	err   error
}

func (pw *permWriter) flush() error {
	if pw.err != nil {
		return pw.err
	}
	if pw.p > 0 {
		_, pw.err = pw.w.Write(pw.buf[:pw.p])
		pw.p = 0
	}
	return pw.err
}

// run writes v, v+2, …, v+2(k-1), each followed by the separator.
func (pw *permWriter) run(v, k int) {
	if k > 0 {
		pw.wrote = true
	}
	for k > 0 {
		// Digits of v and the first power of ten above it.
		d, lim := 1, 10
		for lim <= v {
			d++
			lim *= 10
		}
		// Numbers of this run that have d digits.
		c := (lim - v + 1) / 2
		if c > k {
			c = k
		}
		pw.fixed(v, c, d)
		if pw.err != nil {
			return
		}
		v += 2 * c
		k -= c
	}
}

// sfx[par][j] is the text of the two last digits 2j+par, as the two low
// bytes of a little-endian word: a number v ≥ 100 ends in
// sfx[v%2][(v%100)/2].
var sfx = func() (t [2][50]uint64) {
	for par := range 2 {
		for j := range 50 {
			x := 2*j + par
			t[par][j] = uint64('0'+x/10) | uint64('0'+x%10)<<8
		}
	}
	return t
}()

// fixed writes c numbers v, v+2, … that all have d digits (1 ≤ d ≤ 15).
//
// A number's text, d digits and a space, is built in two words lo, hi
// (bytes 0–7 and 8–15 of the text) and stored with two 8-byte stores; p
// then advances by d+1 and the next number overwrites the overhang (the
// slack at the end of buf keeps the stores in bounds). The text is the
// prefix v/100, which changes once in 50 numbers and is converted then,
// ORed with the last two digits and the space, which come from sfx shifted
// into place once per call. Measured at N = 10^7 to io.Discard: converting each
// number two digits at a time, 26.1 ns/queen; adding 2 in decimal to a
// byte array and storing it as words, 15.1 ns/queen (a byte store followed
// by a wider load of the same bytes cannot be forwarded and stalls);
// this way, 3.6 ns/queen (BenchmarkWritePerm).
func (pw *permWriter) fixed(v, c, d int) {
	if d < 3 {
		pw.short(v, c)
		return
	}
	// Place the suffix words at bit off of the 128-bit text once per call:
	// slo, shi are their parts in lo and hi.
	off := uint(8 * (d - 2))
	var slo, shi [50]uint64
	for j, x := range sfx[v&1] {
		x |= uint64(pw.sep) << 16
		if off < 64 {
			slo[j] = x << off
			shi[j] = x >> (64 - off)
		} else {
			shi[j] = x << (off - 64)
		}
	}
	k := (v % 100) / 2
	pre := v / 100
	plo, phi := prefix(pre, d-2)

	buf := pw.buf
	p := pw.p
	end := len(buf) - slack
	for c > 0 {
		// Numbers until the prefix changes.
		g := 50 - k
		if g > c {
			g = c
		}
		c -= g
		for ; g > 0; g-- {
			if p > end {
				pw.p = p
				if pw.flush() != nil {
					return
				}
				p = 0
			}
			b := buf[p : p+16 : p+16] // one bounds check for both stores
			binary.LittleEndian.PutUint64(b[:8], plo|slo[k])
			binary.LittleEndian.PutUint64(b[8:], phi|shi[k])
			k++
			p += d + 1
		}
		k = 0
		pre++
		plo, phi = prefix(pre, d-2)
	}
	pw.p = p
}

// prefix returns the text of x, padded with zeros to w digits (w ≤ 15),
// as the words holding bytes 0–7 and 8–15.
func prefix(x, w int) (lo, hi uint64) {
	var t [16]byte
	for i := w - 1; i >= 0; i-- {
		t[i] = byte('0' + x%10)
		x /= 10
	}
	return binary.LittleEndian.Uint64(t[:8]), binary.LittleEndian.Uint64(t[8:])
}

// short writes c numbers v, v+2, … below 100.
func (pw *permWriter) short(v, c int) {
	for ; c > 0; c-- {
		if pw.p > len(pw.buf)-slack && pw.flush() != nil {
			return
		}
		if v >= 10 {
			pw.buf[pw.p] = byte('0' + v/10)
			pw.p++
		}
		pw.buf[pw.p] = byte('0' + v%10)
		pw.buf[pw.p+1] = pw.sep
		pw.p += 2
		v += 2
	}
}

// Write writes a solution of n queens to w in format f ("" or "perm",
// "json", "board"): cols, or this package's construction when cols is
// nil. A drawing (by draw) of n above maxBoard is an error wrapping
// errSize.
func Write(w io.Writer, n int, cols []int32, f string, draw func([]int) string, maxBoard int, errSize error) error {
	head := `{"n":` + strconv.Itoa(n) + `,"columns":[`
	switch f {
	case "", "perm":
		if cols == nil {
			return WritePerm(w, n)
		}
		return WriteInt32s(w, cols, "", ' ', "\n")
	case "json":
		if cols == nil {
			return WriteColumns(w, n, head, ',', "]}\n")
		}
		return WriteInt32s(w, cols, head, ',', "]}\n")
	case "board":
		if n > maxBoard {
			return fmt.Errorf("%w: a board drawing is limited to n ≤ %d; n = %d", errSize, maxBoard, n)
		}
		p := make([]int, 0, n)
		for _, c := range cols {
			p = append(p, int(c))
		}
		if cols == nil {
			for _, r := range Runs(n) {
				for k := range r.Len {
					p = append(p, r.Col+2*k)
				}
			}
		}
		_, err := io.WriteString(w, draw(p))
		return err
	}
	return fmt.Errorf("unknown format %q: want perm, json or board", f)
}
