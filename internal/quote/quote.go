// Package quote shortens what error messages quote of their input: at
// most Max bytes of a token, escaped like strconv.Quote so that the
// message is valid UTF-8 whatever the input held, with "…" inside the
// quotes when the token was cut.
package quote

import (
	"strconv"
	"unicode"
	"unicode/utf8"
)

// Max is the most bytes of a token that Token quotes.
const Max = 40

// Token returns s quoted as strconv.Quote does, cut to its first Max
// bytes (at a rune boundary when s is valid UTF-8 there) with "…" before
// the closing quote when it was longer: Token("abc") is `"abc"`.
func Token(s string) string { return cut(s, Max) }

// cut is Token for a limit of max bytes.
func cut(s string, max int) string {
	if len(s) <= max {
		return strconv.Quote(s)
	}
	cut := max
	// Back up to the start of a rune, unless the bytes there are not
	// UTF-8 at all (then every byte is escaped anyway).
	for i := cut; i > cut-utf8.UTFMax && i > 0; i-- {
		if utf8.RuneStart(s[i]) {
			cut = i
			break
		}
	}
	q := strconv.Quote(s[:cut])
	return q[:len(q)-1] + "…\""
}

// Bytes is Token for a byte slice.
func Bytes(b []byte) string {
	if len(b) > Max+utf8.UTFMax {
		b = b[:Max+utf8.UTFMax] // enough for Token to cut at a rune start
	}
	if len(b) <= Max {
		return strconv.Quote(string(b))
	}
	return Token(string(b))
}

// Byte returns the byte b quoted as a character: 'x', or '\x00'.
func Byte(b byte) string {
	if b < utf8.RuneSelf {
		return strconv.QuoteRune(rune(b))
	}
	return `'\x` + strconv.FormatUint(uint64(b)>>4, 16) + strconv.FormatUint(uint64(b)&15, 16) + `'`
}

// MaxMessage is the most bytes Message keeps of an error text.
const MaxMessage = 200

// Message returns the text of a message from elsewhere (an error of
// encoding/json, say, that may quote a whole key) cut to MaxMessage
// bytes with "…", with invalid UTF-8 replaced by U+FFFD.
func Message(s string) string {
	if len(s) > MaxMessage {
		cut := MaxMessage
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	if !utf8.ValidString(s) {
		s = string([]rune(s)) // each bad byte becomes U+FFFD
	}
	return s
}

// MaxPath is the most bytes of a file name that Path keeps: longer
// than a token, since a path is useless cut short.
const MaxPath = 256

// Path returns a file name for a message: as it is when it is at most
// MaxPath bytes of printable text without spaces or quotes
// ("/tmp/a.txt"), else quoted as Token does, cut to MaxPath bytes.
func Path(s string) string {
	if len(s) <= MaxPath && s != "" {
		plain := true
		for _, r := range s {
			if !unicode.IsPrint(r) || r == ' ' || r == '"' || r == '\'' || r == utf8.RuneError {
				plain = false
				break
			}
		}
		if plain {
			return s
		}
	}
	return cut(s, MaxPath)
}
