package main

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/nqueens/nqueens"
	"github.com/nqueens/nqueens/internal/quote"
)

// oneN reads the one positional argument of a command that takes a
// board size, N in 0..max (parseN).
func oneN(pos []string, max int) (int, error) {
	if len(pos) != 1 {
		return 0, usagef("want one board size N, got %d arguments", len(pos))
	}
	return parseN(pos[0], max)
}

// parseN reads a board size for a command whose limit is max.
func parseN(s string, max int) (int, error) {
	n, err := strconv.Atoi(s)
	if errors.Is(err, strconv.ErrRange) {
		return 0, usagef("N = %s is too large: at most %d", quote.Token(s), max)
	}
	if err != nil {
		return 0, usagef("N: %s is not a whole number", quote.Token(s))
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
	if b == "" {
		return 0, 0, usagef("range %s: want A-B, for example 1-15", quote.Token(s))
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
		return "", usagef("-method: %v", err)
	}
	return m, nil
}

// parseBytes reads a memory size: a number of bytes, optionally
// followed by K, M, G or T (powers of 1024, an optional trailing B or iB,
// any case): "1048576", "512M", "4GiB", and with one decimal digit
// before a unit, as count's messages write needs: "2.7M" (2.7·2^20
// bytes, rounded down). Zero and overflow are errors.
func parseBytes(s string) (uint64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	t = strings.TrimSuffix(strings.TrimSuffix(t, "B"), "I")
	shift := 0
	if t != "" {
		switch t[len(t)-1] {
		case 'K':
			shift = 10
		case 'M':
			shift = 20
		case 'G':
			shift = 30
		case 'T':
			shift = 40
		}
		if shift > 0 {
			t = t[:len(t)-1]
		}
	}
	tenths := false
	if i := strings.IndexByte(t, '.'); i >= 0 && shift > 0 && i == len(t)-2 {
		t, tenths = t[:i]+t[i+1:], true
	}
	v, err := strconv.ParseUint(t, 10, 64)
	if err == nil && tenths {
		if v > ^uint64(0)>>shift {
			return 0, fmt.Errorf("%s is too large", quote.Token(s))
		}
		v, shift = v<<shift/10, 0
	}
	if err != nil || v == 0 {
		return 0, fmt.Errorf("%s is not a memory size like 512M or 4G", quote.Token(s))
	}
	if v > ^uint64(0)>>shift {
		return 0, fmt.Errorf("%s is too large", quote.Token(s))
	}
	return v << shift, nil
}

// checkFormat refuses a -format that is not one of want.
func checkFormat(format string, want ...string) error {
	if slices.Contains(want, format) {
		return nil
	}
	list := strings.Join(want[:len(want)-1], ", ") + " or " + want[len(want)-1]
	return usagef("-format %s: want %s", quote.Token(format), list)
}

// sizeArg reads the board size of gen and complete: arg, the positional
// N ("" when none), at most max (parseN), or -n, its old spelling kept
// for scripts (nSet: it was given); both only when they agree. given
// reports whether either was; the caller checks the range of -n and
// refuses 0.
func sizeArg(arg string, n int, nSet bool, max int) (size int, given bool, err error) {
	if arg == "" {
		return n, nSet, nil
	}
	if size, err = parseN(arg, max); err != nil {
		return 0, false, err
	}
	if nSet && n != size {
		return 0, false, usagef("N = %d and -n %d disagree: give N alone", size, n)
	}
	return size, true, nil
}

// isWholeNumber reports whether s is written as a whole number (a
// negative one too, to be refused as a board size by name).
func isWholeNumber(s string) bool {
	s = strings.TrimPrefix(s, "-")
	return s != "" && strings.Trim(s, "0123456789") == ""
}
