package nqueens

import (
	"math/big"
	"testing"

	"github.com/nqueens/nqueens/internal/oeis"
)

// loadOEIS reads testdata/<name>.txt: lines "n a(n)", '#' comments.
func loadOEIS(t testing.TB, name string) map[int]*big.Int {
	t.Helper()
	m, err := oeis.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// want returns the OEIS value for n as a Uint128.
func want(t testing.TB, m map[int]*big.Int, n int) Uint128 {
	t.Helper()
	v, ok := m[n]
	if !ok {
		t.Fatalf("no OEIS value for n = %d", n)
	}
	var u Uint128
	if err := u.UnmarshalJSON([]byte(v.String())); err != nil {
		t.Fatal(err)
	}
	return u
}
