package nqueens

import (
	"bufio"
	"math/big"
	"os"
	"strconv"
	"strings"
	"testing"
)

// loadOEIS reads testdata/<name>.txt: lines "n a(n)", '#' comments.
func loadOEIS(t testing.TB, name string) map[int]*big.Int {
	t.Helper()
	f, err := os.Open("testdata/" + name + ".txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m := map[int]*big.Int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		fs := strings.Fields(line)
		n, err := strconv.Atoi(fs[0])
		if err != nil || len(fs) != 2 {
			t.Fatalf("%s: bad line %q", name, line)
		}
		v, ok := new(big.Int).SetString(fs[1], 10)
		if !ok {
			t.Fatalf("%s: bad value %q", name, line)
		}
		m[n] = v
	}
	if err := sc.Err(); err != nil {
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
