package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// nouns writes k and noun, with an s unless k is 1.
func nouns(k int, noun string) string {
	if k == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", k, noun)
}

// solutions writes "1 solution" or "k solutions" for a count in decimal.
func solutions(k string) string {
	if k == "1" {
		return "1 solution"
	}
	return k + " solutions"
}

// humanSeconds writes a duration of s seconds in the unit a person
// would: "0.4 ms", "5.6 s", "7.6 min", "3.1 h", "12 days", "240 years",
// "2·10^9 years".
func humanSeconds(s float64) string {
	const (
		minute = 60
		hour   = 60 * minute
		day    = 24 * hour
		year   = 365.25 * day
	)
	switch {
	case s < 0.001:
		return fmt.Sprintf("%.2f ms", s*1000)
	case s < 1:
		return fmt.Sprintf("%.0f ms", s*1000)
	case s < 10:
		return fmt.Sprintf("%.1f s", s)
	case s < 2*minute:
		return fmt.Sprintf("%.0f s", s)
	case s < 2*hour:
		return fmt.Sprintf("%.0f min", s/minute)
	case s < 2*day:
		return fmt.Sprintf("%.1f h", s/hour)
	case s < 2*year:
		return fmt.Sprintf("%.0f days", s/day)
	case s < 1e4*year:
		return fmt.Sprintf("%.0f years", s/year)
	}
	y := s / year
	e := int(math.Floor(math.Log10(y)))
	mant := math.Round(y / math.Pow(10, float64(e)))
	if mant >= 10 {
		mant, e = 1, e+1
	}
	return fmt.Sprintf("%.0f·10^%d years", mant, e)
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

// groupNouns is nouns with thousands separators.
func groupNouns(k int, noun string) string {
	if k == 1 {
		return "1 " + noun
	}
	return group(fmt.Sprint(k)) + " " + noun + "s"
}
