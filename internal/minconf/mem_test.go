package minconf

import (
	"context"
	"errors"
	"testing"
)

func TestMemoryError(t *testing.T) {
	err := error(&MemoryError{N: 1_000_000_000, Need: MemoryNeeded(1_000_000_000), Avail: 1 << 30})
	if !errors.Is(err, ErrMemory) {
		t.Errorf("%v does not match ErrMemory", err)
	}
	if got, want := err.Error(), "n = 1000000000 needs about 5023 MB of memory, only 1024 MB is available"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

func TestSolveOverMaxN(t *testing.T) {
	if _, _, err := Solve(context.Background(), MaxN+1, 0); err == nil {
		t.Errorf("Solve(MaxN+1) succeeded")
	}
}
