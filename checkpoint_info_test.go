package nqueens

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

func TestCheckpointMethod(t *testing.T) {
	dir := t.TempDir()
	for _, m := range []Method{Bitboard, Quadrant} {
		path := filepath.Join(dir, string(m)+".ckpt")
		if _, err := Count(context.Background(), 12, CountOptions{Method: m, Checkpoint: path}); err != nil {
			t.Fatal(err)
		}
		n, got, err := CheckpointMethod(path)
		if n != 12 || got != m || err != nil {
			t.Errorf("CheckpointMethod(checkpoint of %s) = %d, %q, %v; want 12, %q, nil", m, n, got, err, m)
		}
	}
	other := filepath.Join(dir, "other")
	os.WriteFile(other, []byte("not a checkpoint\n"), 0o644)
	if _, _, err := CheckpointMethod(other); !errors.Is(err, ErrCheckpoint) {
		t.Errorf("CheckpointMethod(other file) error = %v; want ErrCheckpoint", err)
	}
	if _, _, err := CheckpointMethod(filepath.Join(dir, "missing")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("CheckpointMethod(missing) error = %v; want fs.ErrNotExist", err)
	}
}
