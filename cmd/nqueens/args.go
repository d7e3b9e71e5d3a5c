package main

import (
	"strconv"
	"strings"

	"github.com/nqueens/nqueens"
)

// parseN reads a board size for a command whose limit is max.
func parseN(s string, max int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, usagef("N: %q is not a whole number", s)
	}
	if n < 0 {
		return 0, usagef("N = %d: a board size cannot be negative", n)
	}
	if n > max {
		return 0, usagef("N = %d is too large: at most %d", n, max)
	}
	return n, nil
}

// parseRange reads "N" or "A-B" (A ≤ B) for count.
func parseRange(s string, max int) (lo, hi int, err error) {
	a, b, ok := strings.Cut(s, "-")
	if !ok || a == "" { // "-3" is a negative N, reported by parseN
		n, err := parseN(s, max)
		return n, n, err
	}
	if lo, err = parseN(a, max); err != nil {
		return 0, 0, err
	}
	if hi, err = parseN(b, max); err != nil {
		return 0, 0, err
	}
	if lo > hi {
		return 0, 0, usagef("range %s: %d is more than %d", s, lo, hi)
	}
	return lo, hi, nil
}

func parseMethod(s string) (nqueens.Method, error) {
	m, err := nqueens.ParseMethod(s)
	if err != nil {
		return "", usagef("--method: %v", err)
	}
	return m, nil
}

// group writes n with thousands separators: 40320 → "40,320".
func group(s string) string {
	if len(s) <= 3 {
		return s
	}
	var b strings.Builder
	pre := len(s) % 3
	if pre > 0 {
		b.WriteString(s[:pre])
	}
	for i := pre; i < len(s); i += 3 {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(s[i : i+3])
	}
	return b.String()
}

func groupU(v uint64) string { return group(strconv.FormatUint(v, 10)) }
