package quote

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestToken(t *testing.T) {
	tests := []struct{ in, want string }{
		{"abc", `"abc"`},
		{"\x00", `"\x00"`},
		{"\xff2", `"\xff2"`},
		{strings.Repeat("a", 40), `"` + strings.Repeat("a", 40) + `"`},
		{strings.Repeat("a", 41), `"` + strings.Repeat("a", 40) + `…"`},
		{strings.Repeat("\x00", 1e6), `"` + strings.Repeat(`\x00`, 40) + `…"`},
		{strings.Repeat("a", 38) + "é", `"` + strings.Repeat("a", 38) + `é"`},
		{strings.Repeat("a", 39) + "é", `"` + strings.Repeat("a", 39) + `…"`}, // not half an é
	}
	for _, tt := range tests {
		if got := Token(tt.in); got != tt.want {
			t.Errorf("Token(%.50q) = %s; want %s", tt.in, got, tt.want)
		}
		if got := Bytes([]byte(tt.in)); got != tt.want {
			t.Errorf("Bytes(%.50q) = %s; want %s", tt.in, got, tt.want)
		}
	}
}

func TestByte(t *testing.T) {
	for b, want := range map[byte]string{'x': "'x'", 0: `'\x00'`, 0xff: `'\xff'`, '\'': `'\''`} {
		if got := Byte(b); got != want {
			t.Errorf("Byte(%d) = %s; want %s", b, got, want)
		}
	}
}

func TestMessage(t *testing.T) {
	long := "json: unknown field \"" + strings.Repeat("k", 1e6) + "\""
	got := Message(long)
	if len(got) > MaxMessage+len("…") || !strings.HasSuffix(got, "…") {
		t.Errorf("Message(1 MB) = %d bytes ending %q; want at most %d ending in …", len(got), got[len(got)-10:], MaxMessage+3)
	}
	if got := Message("bad \xff byte"); !utf8.ValidString(got) || got != "bad \uFFFD byte" {
		t.Errorf("Message(invalid UTF-8) = %q", got)
	}
}

func FuzzToken(f *testing.F) {
	f.Add("abc")
	f.Add("\xff\xfe" + strings.Repeat("é", 30))
	f.Fuzz(func(t *testing.T, s string) {
		q := Token(s)
		if !utf8.ValidString(q) || len(q) > 4*Max+len(`"…"`)+2 {
			t.Fatalf("Token(%q) = %q: invalid UTF-8 or too long", s, q)
		}
		if m := Message(s); !utf8.ValidString(m) || len(m) > MaxMessage+len("…") {
			t.Fatalf("Message(%q) = %q", s, m)
		}
	})
}

func TestPath(t *testing.T) {
	tests := []struct{ in, want string }{
		{"/tmp/a.txt", "/tmp/a.txt"},
		{"a b", `"a b"`},
		{"", `""`},
		{"\xff", `"\xff"`},
		{"a\nb", `"a\nb"`},
		{strings.Repeat("d/", 100), strings.Repeat("d/", 100)},
		{strings.Repeat("d/", 2500), `"` + strings.Repeat("d/", 128) + `…"`},
	}
	for _, tt := range tests {
		if got := Path(tt.in); got != tt.want {
			t.Errorf("Path(%.50q) = %s; want %s", tt.in, got, tt.want)
		}
	}
}
