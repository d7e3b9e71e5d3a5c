package nqueens

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/nqueens/nqueens/internal/checkpoint"
	"github.com/nqueens/nqueens/internal/run"
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

// TestCommittedCheckpointsResume: the checkpoints in runs/, written when
// the join was called "quadrant", still read as the join's and would
// resume: their header matches this build's plan for their n and every
// record keeps its unit's rule, as a Count with them checks before it
// counts (the unit plan has the whole plan's units and digest).
func TestCommittedCheckpointsResume(t *testing.T) {
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
		data, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), filepath.Base(tc.file))
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		e, err := run.ByMethod(string(m)).Units(n)
		if err != nil {
			t.Fatal(err)
		}
		h := checkpoint.Header{N: n, Version: e.Info().UnitsVersion, Plan: e.Digest(), Units: len(e.Costs())}
		f, done, err := run.OpenCheckpoint(path, h, e.CheckRecord, nil)
		if err != nil {
			t.Fatalf("%s does not resume: %v", tc.file, err)
		}
		f.Close()
		if len(done) == 0 {
			t.Errorf("%s: no finished unit read", tc.file)
		}
	}
}
