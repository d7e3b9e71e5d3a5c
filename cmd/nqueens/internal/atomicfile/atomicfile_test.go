package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.json")
	for _, want := range []string{"first\n", "second, longer than the first\n", ""} {
		if err := WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatalf("WriteFile(%q): %v", want, err)
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != want {
			t.Fatalf("after WriteFile(%q) the file holds %q, %v", want, got, err)
		}
	}
	st, err := os.Stat(path)
	if err != nil || st.Mode().Perm() != 0o644 {
		t.Errorf("mode = %v, %v; want 0644", st.Mode().Perm(), err)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Errorf("the directory holds %d files; want the file alone (no temporary left)", len(ents))
	}
}

// TestWriteFileFails: a write that cannot happen leaves the old file
// as it was and no temporary file.
func TestWriteFileFails(t *testing.T) {
	dir := t.TempDir()
	if err := WriteFile(filepath.Join(dir, "no", "such", "dir", "f"), []byte("x"), 0o644); err == nil {
		t.Error("WriteFile into a missing directory: nil error")
	}
	path := filepath.Join(dir, "f")
	if err := WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A directory cannot be replaced by a file: the rename fails.
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(sub, "keep"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(sub, []byte("new"), 0o644); err == nil {
		t.Error("WriteFile over a non-empty directory: nil error")
	}
	if got, _ := os.ReadFile(path); string(got) != "old" {
		t.Errorf("the old file holds %q; want %q", got, "old")
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 2 {
		t.Errorf("the directory holds %d entries; want 2 (no temporary left)", len(ents))
	}
}
