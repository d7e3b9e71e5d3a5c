package run

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/nqueens/nqueens/internal/checkpoint"
)

// TestCommittedCheckpointsResume: the checkpoints in runs/, written when
// the join was called "quadrant", still read as the join's and would
// resume: their header matches this build's plan for their n and every
// record keeps its unit's rule, as a count with them checks before it
// counts (the unit plan has the whole plan's units and digest).
func TestCommittedCheckpointsResume(t *testing.T) {
	for _, tc := range []struct {
		file string
		n    int
	}{{"../../runs/q22.ckpt", 22}, {"../../runs/q23.ckpt", 23}} {
		n, m, err := CheckpointMethod(tc.file)
		if err != nil || n != tc.n || m != methodJoin {
			t.Fatalf("CheckpointMethod(%s) = %d, %q, %v; want %d, %q", tc.file, n, m, err, tc.n, methodJoin)
		}
		data, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), filepath.Base(tc.file))
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		e, err := ByMethod(m).Units(n)
		if err != nil {
			t.Fatal(err)
		}
		h := checkpoint.Header{N: n, Version: e.Info().UnitsVersion, Plan: e.Digest(), Units: len(e.Costs())}
		f, done, err := OpenCheckpoint(path, h, e.CheckRecord, nil)
		if err != nil {
			t.Fatalf("%s does not resume: %v", tc.file, err)
		}
		f.Close()
		if len(done) == 0 {
			t.Errorf("%s: no finished unit read", tc.file)
		}
	}
}
