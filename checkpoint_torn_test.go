package nqueens

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckpointTornHeaderNotice: a checkpoint holding only a header cut
// off mid-line is written anew, the count is exact, and Notice says the
// file was unusable and why (it once started over without a word).
func TestCheckpointTornHeaderNotice(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.ckpt")
	if _, err := Count(context.Background(), 10, CountOptions{Checkpoint: path}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b[:30], 0o644); err != nil {
		t.Fatal(err)
	}
	var notices []string
	res, err := Count(context.Background(), 10, CountOptions{Checkpoint: path, Notice: func(s string) { notices = append(notices, s) }})
	if err != nil || res.Solutions.String() != "724" {
		t.Fatalf("Count(10) from a torn header = %v, %v; want 724", res.Solutions, err)
	}
	if len(notices) != 1 || !strings.Contains(notices[0], "header cut off after 30 bytes") || !strings.Contains(notices[0], "starts from the beginning") {
		t.Errorf("notices %q; want one naming the header cut off after 30 bytes", notices)
	}
}
