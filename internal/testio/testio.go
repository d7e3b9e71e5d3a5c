// Package testio holds the unending inputs that the tests of every
// reader (placements, boards, shard records, the command's standard
// input) offer to check that a reader refuses garbage having read little
// of it: zeros as /dev/zero gives them, random bytes as /dev/urandom,
// and a line repeated as yes(1) repeats it, each cut at a limit so that a
// reader that reads everything before it looks fails the test instead of
// running forever.
package testio

import (
	"io"
	"math/rand/v2"
	"strings"
)

// Endless is an io.Reader of unending input: Next fills each buffer
// Read is given. N counts the bytes read; at Limit, Read returns io.EOF.
type Endless struct {
	Next  func(p []byte)
	N     int64
	Limit int64
}

// Read fills p (cut at Limit) with Next.
func (e *Endless) Read(p []byte) (int, error) {
	if e.N >= e.Limit {
		return 0, io.EOF
	}
	p = p[:min(int64(len(p)), e.Limit-e.N)]
	e.Next(p)
	e.N += int64(len(p))
	return len(p), nil
}

// Zeros returns limit zero bytes, as /dev/zero.
func Zeros(limit int64) *Endless {
	return &Endless{Next: func(p []byte) { clear(p) }, Limit: limit}
}

// Random returns limit pseudo-random bytes, as /dev/urandom, from a PCG
// seeded with seed1 and seed2: the same bytes on every run.
func Random(seed1, seed2 uint64, limit int64) *Endless {
	rnd := rand.New(rand.NewPCG(seed1, seed2))
	return &Endless{Next: func(p []byte) {
		for i := range p {
			p[i] = byte(rnd.Uint32())
		}
	}, Limit: limit}
}

// Repeat returns s repeated, as yes(1) repeats its line, cut at limit
// bytes. s must not be empty.
func Repeat(s string, limit int64) *Endless {
	pos := 0
	return &Endless{Next: func(p []byte) {
		for i := range p {
			p[i] = s[pos]
			pos = (pos + 1) % len(s)
		}
	}, Limit: limit}
}

// Hostile returns, by name, Zeros ("/dev/zero"), Random with seeds 1 and
// 2 ("/dev/urandom") and Repeat of each of lines ("yes " and the line
// without its spaces and newline), each cut at limit bytes.
func Hostile(limit int64, lines ...string) map[string]*Endless {
	m := map[string]*Endless{
		"/dev/zero":    Zeros(limit),
		"/dev/urandom": Random(1, 2, limit),
	}
	for _, l := range lines {
		m["yes "+strings.TrimSpace(l)] = Repeat(l, limit)
	}
	return m
}
