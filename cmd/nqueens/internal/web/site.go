//go:build !js

package web

import (
	"bytes"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io/fs"
	"sort"
	"strings"

	"github.com/nqueens/nqueens/cmd/nqueens/internal/render"
)

// The engine that "go generate" builds (wasm/gen): the API compiled to
// WebAssembly, gzip'd, with Go's wasm_exec.js of the same version.
var (
	//go:embed engine/nqueens.wasm.gz
	engineGzip []byte
	//go:embed engine/wasm_exec.js
	engineExec string
	//go:embed engine/GOVERSION
	engineGoVersion string
)

// A SiteFile is one file of the static site.
type SiteFile struct {
	Name string // a path in the site's folder, with / between folders
	Data []byte
}

// Site returns the files of the static site that "nqueens site" writes:
// the page's files as "nqueens serve" serves them (index.html, the
// scripts, the style sheet, queen.svg, and the folders of them), except
// engine.js, which here holds the WebAssembly engine (EngineJS). The page
// then answers every request of its own from the engine, in a Web
// Worker, and needs no server: it works from any static host, and from
// disk (file://). The files come sorted by name.
func Site() ([]SiteFile, error) {
	static, err := fs.Sub(assets, "assets")
	if err != nil {
		return nil, err
	}
	return siteFrom(static)
}

// siteFrom is Site with the page's files taken from static.
func siteFrom(static fs.FS) ([]SiteFile, error) {
	var files []SiteFile
	err := fs.WalkDir(static, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(static, path)
		if err != nil {
			return err
		}
		if path == "engine.js" {
			data = EngineJS()
		}
		files = append(files, SiteFile{path, data})
		return nil
	})
	if err != nil {
		return nil, err
	}
	var queen bytes.Buffer
	if err := render.QueenSVG(&queen); err != nil {
		return nil, err
	}
	files = append(files, SiteFile{"queen.svg", queen.Bytes()})
	sort.Slice(files, func(i, j int) bool { return files[i].Name < files[j].Name })
	return files, nil
}

// EngineJS returns the engine.js of the static site: Go's wasm_exec.js
// as a string (api.js starts the Web Workers from it and a Blob, which a
// page opened from disk may do) and the engine, gzip'd and in base64 (a
// page opened from disk may not fetch a .wasm file; api.js decompresses
// it with the browser's DecompressionStream).
func EngineJS() []byte {
	var b bytes.Buffer
	exec, _ := json.Marshal(engineExec)
	fmt.Fprintf(&b, "// The N-Queens engine of this static site, written by \"nqueens site\":\n")
	fmt.Fprintf(&b, "// the API of \"nqueens serve\" compiled to WebAssembly with %s\n", strings.TrimSpace(engineGoVersion))
	fmt.Fprintf(&b, "// (gzip, then base64), and Go's wasm_exec.js (BSD licence) that runs it.\n")
	fmt.Fprintf(&b, "// api.js runs it in Web Workers.\n")
	fmt.Fprintf(&b, "var NQ_ENGINE = {\n  goVersion: %q,\n  wasmExec: %s,\n  wasmGzip: \"%s\",\n};\n",
		strings.TrimSpace(engineGoVersion), exec, base64.StdEncoding.EncodeToString(engineGzip))
	return b.Bytes()
}
