// Command gen builds the page's WebAssembly engine (package
// cmd/nqueens/internal/web/wasm) with the go command on PATH — GOOS=js GOARCH=wasm,
// -trimpath, -buildvcs=false (the same bytes from any commit of the same
// code), -ldflags="-s -w" — and writes into the directory -o (default
// engine, in the directory it runs in: "go generate
// ./cmd/nqueens/internal/web" runs it in package web's, as
// "go run ./wasm/gen -o engine -pkg ./wasm"):
//
//	nqueens.wasm.gz  the engine, gzip'd (best compression, no name or time)
//	wasm_exec.js     Go's JavaScript support for it, from $GOROOT/lib/wasm
//	GOVERSION        the go version that made them
//
// The nqueens binary embeds the three, so "nqueens site" needs no Go
// toolchain. They are regenerated when the page's answers change
// (TestEngineAnswers in package web fails until they are) and at each
// release (TestEngineFresh -args -release rebuilds them and fails unless
// the committed ones are the same bytes): see CONTRIBUTING.md.
package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

func main() {
	out := flag.String("o", "engine", "write the files into `DIR`")
	pkg := flag.String("pkg", "./wasm", "the engine's `PACKAGE`")
	flag.Parse()
	if err := build(*out, *pkg); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func build(dir, pkg string) error {
	version, err := goEnv("GOVERSION")
	if err != nil {
		return err
	}
	root, err := goEnv("GOROOT")
	if err != nil {
		return err
	}
	exec_, err := os.ReadFile(filepath.Join(root, "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "nqueens-wasm-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, "nqueens.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w", "-o", bin, pkg)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build: %v", err)
	}
	wasm, err := os.ReadFile(bin)
	if err != nil {
		return err
	}
	gz, err := Gzip(wasm)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, f := range []struct {
		name string
		data []byte
	}{
		{"nqueens.wasm.gz", gz},
		{"wasm_exec.js", exec_},
		{"GOVERSION", []byte(version + "\n")},
	} {
		if err := os.WriteFile(filepath.Join(dir, f.name), f.data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// Gzip compresses b at the best level, with an empty header (no name,
// no time), so that the same engine gives the same bytes.
func Gzip(b []byte) ([]byte, error) {
	var buf bytes.Buffer
	w, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(b); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func goEnv(name string) (string, error) {
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %v", name, err)
	}
	return strings.TrimSpace(string(out)), nil
}
