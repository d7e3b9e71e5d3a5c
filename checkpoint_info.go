package nqueens

import "github.com/nqueens/nqueens/internal/run"

// checkpointMethod returns the board size and method of the count that
// wrote the checkpoint at path (run.CheckpointMethod).
func checkpointMethod(path string) (n int, m Method, err error) {
	n, s, err := run.CheckpointMethod(path)
	return n, Method(s), err
}
