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
	for _, m := range []Method{MethodKernel, MethodJoin} {
		path := filepath.Join(dir, string(m)+".ckpt")
		if _, err := Count(context.Background(), 12, CountOptions{Method: m, Checkpoint: path}); err != nil {
			t.Fatal(err)
		}
		n, got, err := checkpointMethod(path)
		if n != 12 || got != m || err != nil {
			t.Errorf("checkpointMethod(checkpoint of %s) = %d, %q, %v; want 12, %q, nil", m, n, got, err, m)
		}
	}
	other := filepath.Join(dir, "other")
	os.WriteFile(other, []byte("not a checkpoint\n"), 0o644)
	if _, _, err := checkpointMethod(other); !errors.Is(err, ErrCheckpoint) {
		t.Errorf("checkpointMethod(other file) error = %v; want ErrCheckpoint", err)
	}
	if _, _, err := checkpointMethod(filepath.Join(dir, "missing")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("checkpointMethod(missing) error = %v; want fs.ErrNotExist", err)
	}
}

// TestCommittedCheckpointsJoin: the checkpoints in runs/, written when
// the join was called "quadrant", read as the join's, and a count that
// picks its method by itself resumes them with the join.
// (internal/run's TestCommittedCheckpointsResume opens them against this
// build's plan.)
func TestCommittedCheckpointsJoin(t *testing.T) {
	for _, tc := range []struct {
		file string
		n    int
	}{{"runs/q22.ckpt", 22}, {"runs/q23.ckpt", 23}} {
		n, m, err := checkpointMethod(tc.file)
		if err != nil || n != tc.n || m != MethodJoin {
			t.Fatalf("checkpointMethod(%s) = %d, %q, %v; want %d, %q", tc.file, n, m, err, tc.n, MethodJoin)
		}
		if got := chooseMethod(t, n, CountOptions{Checkpoint: tc.file, MaxMemory: 1}); got != MethodJoin {
			t.Errorf("chooseMethod(%d, checkpoint %s) = %s; want %s (the method that wrote it)", n, tc.file, got, MethodJoin)
		}
	}
}
