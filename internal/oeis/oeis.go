// Package oeis reads the known sequence values the tests check against:
// testdata/<name>.txt at the repository's root, lines "n a(n)" with '#'
// comments. It is test support, shared so that every package (and the
// deploy/ module's tests) reads the data the same way.
package oeis

import (
	"bufio"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// TB is the part of testing.TB that MustLoad uses.
type TB interface {
	Helper()
	Fatalf(format string, args ...any)
}

// MustLoad returns Load(name), or ends the test with the error.
func MustLoad(t TB, name string) map[int]*big.Int {
	t.Helper()
	m, err := Load(name)
	if err != nil {
		t.Fatalf("oeis: %v", err)
	}
	return m
}

// Load returns the values of sequence name ("a000170", "a002562") by n,
// read from testdata/<name>.txt in the nearest directory at or above the
// working directory that holds it (the repository's root, from any
// package's directory and from the nested deploy/ module). A malformed
// line is an error.
func Load(name string) (map[int]*big.Int, error) {
	path, err := find(filepath.Join("testdata", name+".txt"))
	if err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m := map[int]*big.Int{}
	sc := bufio.NewScanner(f)
	for no := 1; sc.Scan(); no++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		fs := strings.Fields(line)
		if len(fs) != 2 {
			return nil, fmt.Errorf("%s:%d: want \"n a(n)\", got %q", path, no, line)
		}
		n, err := strconv.Atoi(fs[0])
		v, ok := new(big.Int).SetString(fs[1], 10)
		if err != nil || !ok || n < 0 || v.Sign() < 0 {
			return nil, fmt.Errorf("%s:%d: bad line %q", path, no, line)
		}
		m[n] = v
	}
	return m, sc.Err()
}

// Uint64s returns the values of m that fit in a uint64.
func Uint64s(m map[int]*big.Int) map[int]uint64 {
	u := make(map[int]uint64, len(m))
	for n, v := range m {
		if v.IsUint64() {
			u[n] = v.Uint64()
		}
	}
	return u
}

// find returns rel joined to the nearest directory at or above the
// working directory where that names a regular file.
func find(rel string) (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		path := filepath.Join(dir, rel)
		if fi, err := os.Stat(path); err == nil && fi.Mode().IsRegular() {
			return path, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no %s at or above the working directory", rel)
		}
		dir = parent
	}
}
