package kernel

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGenNest checks that nest.go is what gen_nest.go writes, so the
// generated search is never edited by hand out of step with its
// generator. gen_nest.go writes nest.go in its working directory: it runs
// in a temporary one.
func TestGenNest(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the Go toolchain")
	}
	gen, err := filepath.Abs("gen_nest.go")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cmd := exec.Command("go", "run", gen)
	cmd.Dir = dir
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run gen_nest.go: %v\n%s", err, b)
	}
	got, err := os.ReadFile("nest.go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(dir, "nest.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("nest.go differs from the output of gen_nest.go; run go generate ./internal/kernel")
	}
}
