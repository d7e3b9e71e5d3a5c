package plot

import (
	"fmt"
	"path/filepath"
	"strings"
)

// A Format is an image format Render writes.
type Format string

// The formats.
const (
	SVG Format = "svg"
	PNG Format = "png"
)

// FormatOf returns the format named by the extension of path, .svg or
// .png in any case, or an error naming the extension.
func FormatOf(path string) (Format, error) {
	ext := strings.ToLower(filepath.Ext(path))
	switch ext {
	case ".svg":
		return SVG, nil
	case ".png":
		return PNG, nil
	case "":
		return "", fmt.Errorf("%s: no extension; want .svg or .png", quote(path))
	}
	return "", fmt.Errorf("%s: unknown extension %s; want .svg or .png", quote(path), quote(ext))
}

// quote quotes s as strconv.Quote does, cut to 40 bytes (at a rune
// boundary) with "…" when longer.
func quote(s string) string {
	const max = 40
	if len(s) <= max {
		return fmt.Sprintf("%q", s)
	}
	cut := max
	for cut > 0 && !isRuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%q…", s[:cut])
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }
