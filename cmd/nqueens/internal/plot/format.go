package plot

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/nqueens/nqueens/internal/quote"
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
		return "", fmt.Errorf("%s: no extension; want .svg or .png", quote.Token(path))
	}
	return "", fmt.Errorf("%s: unknown extension %s; want .svg or .png", quote.Token(path), quote.Token(ext))
}
