package plot

import (
	"bytes"
	"os"
	"path/filepath"
)

// WriteFile renders c to path, in the format of its extension
// (FormatOf), replacing the file atomically: the chart is written to a
// temporary file in the same directory, which is then renamed to path.
func WriteFile(path string, c *Chart) error {
	f, err := FormatOf(path)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := c.Render(&buf, f); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // after the rename, a no-op
	if _, err := tmp.Write(buf.Bytes()); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
