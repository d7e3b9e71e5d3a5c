package web

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"io"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
)

// siteFiles returns Site's files by name.
func siteFiles(t *testing.T) map[string][]byte {
	t.Helper()
	files, err := Site()
	if err != nil {
		t.Fatal(err)
	}
	m := map[string][]byte{}
	for _, f := range files {
		if _, dup := m[f.Name]; dup {
			t.Errorf("Site has %s twice", f.Name)
		}
		m[f.Name] = f.Data
	}
	return m
}

// TestSiteSize logs what each file of the site weighs, raw and gzip'd
// (what a static host that compresses sends), and fails when the whole
// passes SiteGzipMax: docs/SITE.md quotes these figures.
func TestSiteSize(t *testing.T) {
	const siteGzipMax = 3 << 20
	var raw, gz int
	for name, data := range siteFiles(t) {
		var b bytes.Buffer
		w, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		w.Write(data)
		w.Close()
		raw += len(data)
		gz += b.Len()
		t.Logf("%-12s %9d bytes, %9d gzip'd", name, len(data), b.Len())
	}
	t.Logf("%-12s %9d bytes, %9d gzip'd", "total", raw, gz)
	if gz > siteGzipMax {
		t.Errorf("the site weighs %d bytes gzip'd; want at most %d", gz, siteGzipMax)
	}
}

// TestSiteEngine: the engine.js of the site holds Go's wasm_exec.js and
// a WebAssembly module, gzip'd in base64, as api.js reads them; the
// engine.js that serve serves holds none (the page then asks the server).
func TestSiteEngine(t *testing.T) {
	js := string(siteFiles(t)["engine.js"])
	m := regexp.MustCompile(`(?s)var NQ_ENGINE = \{\n  goVersion: "(go[^"]+)",\n  wasmExec: ("(?:[^"\\]|\\.)*"),\n  wasmGzip: "([A-Za-z0-9+/=]+)",\n\};\n$`).FindStringSubmatch(js)
	if m == nil {
		t.Fatalf("engine.js does not read as api.js expects: %.300q", js)
	}
	if m[1] != strings.TrimSpace(engineGoVersion) {
		t.Errorf("engine.js names %s; the engine was made by %s", m[1], engineGoVersion)
	}
	var exec string
	if err := json.Unmarshal([]byte(m[2]), &exec); err != nil || exec != engineExec || !strings.Contains(exec, "globalThis.Go = class") {
		t.Errorf("engine.js's wasmExec is not wasm_exec.js (%v)", err)
	}
	gz, err := base64.StdEncoding.DecodeString(m[3])
	if err != nil {
		t.Fatal(err)
	}
	r, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	wasm, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(wasm, []byte("\x00asm\x01\x00\x00\x00")) {
		t.Errorf("engine.js's wasmGzip is not a WebAssembly module: %q…", wasm[:min(8, len(wasm))])
	}
	served, err := assets.ReadFile("assets/engine.js")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(served, []byte("var NQ_ENGINE = null;")) {
		t.Errorf("the served engine.js does not set NQ_ENGINE to null:\n%s", served)
	}
}

// TestSiteLinks: the page names its files by relative paths that the
// site holds, so that it works from a folder of any host and from disk;
// and every request of the page's scripts goes through api.js, whose
// engine answers it in the static site (a fetch or EventSource of its
// own would ask a server that is not there).
func TestSiteLinks(t *testing.T) {
	files := siteFiles(t)
	html := string(files["index.html"])
	links := regexp.MustCompile(`(?:src|href)="([^"]*)"`).FindAllStringSubmatch(html, -1)
	if len(links) < 5 {
		t.Fatalf("index.html links %d files; want the style sheet, the icon and the scripts", len(links))
	}
	for _, l := range links {
		u := l[1]
		if strings.HasPrefix(u, "#") {
			continue
		}
		if _, ok := files[u]; !ok {
			t.Errorf("index.html links %q, which is not a file of the site (a relative path of one)", u)
		}
	}
	css := string(files["style.css"])
	for _, u := range regexp.MustCompile(`url\(([^)]*)\)`).FindAllStringSubmatch(css, -1) {
		if _, ok := files[strings.Trim(u[1], `'"`)]; !ok {
			t.Errorf("style.css uses %q, which is not a file of the site", u[1])
		}
	}
	// A request, or a path from the root of the host (not /api/..., which
	// api.js answers).
	request := regexp.MustCompile(`(^|[^.\w])fetch\(|new EventSource\(|new Worker\(|XMLHttpRequest|import\(|importScripts\(|['"` + "`" + `]/([b-z]|a[^p]|ap[^i]|api[^/])`)
	for name, data := range files {
		if !strings.HasSuffix(name, ".js") || name == "api.js" || name == "engine.js" {
			continue
		}
		for i, line := range strings.Split(string(data), "\n") {
			code := line
			if j := strings.Index(code, "//"); j >= 0 && !strings.Contains(code[:j], "`") && !strings.Contains(code[:j], "'") {
				code = code[:j]
			}
			if request.MatchString(code) {
				t.Errorf("%s:%d makes a request, or names an absolute path, outside api.js: %s", name, i+1, strings.TrimSpace(line))
			}
		}
	}
}

// TestSiteFolders: the site keeps the folders of the page's files (as
// the message tables' i18n/), takes engine.js from the engine, and adds
// queen.svg.
func TestSiteFolders(t *testing.T) {
	files, err := siteFrom(fstest.MapFS{
		"index.html":    {Data: []byte("<p>page</p>")},
		"engine.js":     {Data: []byte("var NQ_ENGINE = null;")},
		"i18n/en.js":    {Data: []byte("en")},
		"i18n/sub/x.js": {Data: []byte("x")},
	})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, f.Name)
		switch f.Name {
		case "engine.js":
			if !bytes.Equal(f.Data, EngineJS()) {
				t.Errorf("engine.js is not the engine")
			}
		case "i18n/en.js":
			if string(f.Data) != "en" {
				t.Errorf("i18n/en.js holds %q; want en", f.Data)
			}
		}
	}
	if got, want := strings.Join(names, " "), "engine.js i18n/en.js i18n/sub/x.js index.html queen.svg"; got != want {
		t.Errorf("the site's files are %s; want %s", got, want)
	}
}
