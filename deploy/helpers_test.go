package deploy

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/nqueens/nqueens/internal/oeis"
)

// knownTotal returns A000170(n) from the repository's testdata.
func knownTotal(t *testing.T, n int) string {
	t.Helper()
	v, ok := oeis.MustLoad(t, "a000170")[n]
	if !ok {
		t.Fatalf("no A000170(%d) in testdata", n)
	}
	return v.String()
}

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// binary builds the nqueens command of the parent module (../cmd/nqueens,
// with that module's go.mod) once per test run and returns its path; its
// directory holds only it, for PATH.
func binary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "nqueens-bin")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "nqueens")
		cmd := exec.Command("go", "build", "-o", binPath, "./cmd/nqueens")
		cmd.Dir = ".."
		if out, err := cmd.CombinedOutput(); err != nil {
			binErr = fmt.Errorf("go build ./cmd/nqueens in ..: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

func TestMain(m *testing.M) {
	code := m.Run()
	if binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
	os.Exit(code)
}
