package quadrant

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGenAsm checks that join_amd64.s is what gen_asm.go writes, so the
// assembly is never edited by hand out of step with its generator.
func TestGenAsm(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the Go toolchain")
	}
	out := filepath.Join(t.TempDir(), "join_amd64.s")
	cmd := exec.Command("go", "run", "gen_asm.go", "-o", out)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run gen_asm.go: %v\n%s", err, b)
	}
	got, err := os.ReadFile("join_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("join_amd64.s differs from the output of gen_asm.go; run go generate ./internal/quadrant")
	}
}
