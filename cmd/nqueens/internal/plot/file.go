package plot

import (
	"bytes"

	"github.com/nqueens/nqueens/cmd/nqueens/internal/atomicfile"
)

// WriteFile renders c to path, in the format of its extension
// (FormatOf), replacing the file atomically (atomicfile.WriteFile).
func WriteFile(path string, c *Chart) error {
	f, err := FormatOf(path)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := c.Render(&buf, f); err != nil {
		return err
	}
	return atomicfile.WriteFile(path, buf.Bytes(), 0o644)
}
