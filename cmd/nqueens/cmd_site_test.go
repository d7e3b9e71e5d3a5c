package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/nqueens/nqueens/cmd/nqueens/internal/web"
)

// TestCLISite keeps site's help and its usage errors in golden files.
func TestCLISite(t *testing.T) {
	testGolden(t, []goldenCase{
		{"site-h", "", []string{"site", "-h"}},
		{"site-no-args", "", []string{"site"}},
		{"site-two-args", "", []string{"site", "a", "b"}},
	})
}

// TestSite writes the site into a new folder, an empty one, and with
// -force into one that holds a file; it refuses a folder that is not
// empty and a path that is a file (exit 2, one line), and cannot write
// under a file (exit 3). The files written are web.Site's, and no
// temporary file is left.
func TestSite(t *testing.T) {
	files, err := web.Site()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, f.Name)
	}
	for _, want := range []string{"index.html", "api.js", "engine.js", "app.js", "puzzle.js", "growth.js", "style.css", "queen.svg"} {
		if !strings.Contains(" "+strings.Join(names, " ")+" ", " "+want+" ") {
			t.Errorf("the site's files %v lack %s", names, want)
		}
	}
	check := func(dir string, extra ...string) {
		t.Helper()
		var got []string
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, err := filepath.Rel(dir, path)
			got = append(got, filepath.ToSlash(rel))
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		sort.Strings(got)
		want := append(append([]string{}, names...), extra...)
		sort.Strings(want)
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s holds %v; want %v", dir, got, want)
		}
		for _, f := range files {
			b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f.Name)))
			if err != nil || string(b) != string(f.Data) {
				t.Errorf("%s/%s: %d bytes, %v; want the %d of web.Site", dir, f.Name, len(b), err, len(f.Data))
			}
		}
	}
	tmp := t.TempDir()

	fresh := filepath.Join(tmp, "new", "site")
	out, errs, code := cli(t, "", "site", fresh)
	if code != 0 || errs != "" || !strings.HasPrefix(out, fmt.Sprintf("nqueens: wrote %d files (", len(files))) || !strings.Contains(out, filepath.Join(fresh, "index.html")) {
		t.Errorf("site into a new folder: exit %d, %q, %q", code, out, errs)
	}
	check(fresh)

	empty := filepath.Join(tmp, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, errs, code := cli(t, "", "site", empty); code != 0 {
		t.Errorf("site into an empty folder: exit %d, %q", code, errs)
	}
	check(empty)

	full := filepath.Join(tmp, "full")
	if err := os.Mkdir(full, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(full, "notes.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(full, "index.html"), []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"site", full}, 2, "nqueens site: " + `"` + full + `" is not empty (give -force to write the site into it)` + "\n"},
		{[]string{"site", filepath.Join(full, "notes.txt")}, 2, "is not a directory\n"},
		// A file in the path: what -o and -checkpoint say of it.
		{[]string{"site", filepath.Join(full, "notes.txt", "sub")}, 2, "sub: no such directory " + filepath.Join(full, "notes.txt") + "\n"},
		{[]string{"site", filepath.Join(full, "notes.txt", "a", "b")}, 2, "b: no such directory " + filepath.Join(full, "notes.txt") + "\n"},
		{[]string{"site", strings.Repeat("d", 300)}, 2, "file name too long\n"},
		{[]string{"site", ""}, 2, "DIR is empty\n"},
	} {
		out, errs, code := cli(t, "", tc.args...)
		if code != tc.code || out != "" || !strings.HasSuffix(errs, tc.err) || strings.Count(errs, "\n") != 1 {
			t.Errorf("nqueens %q: exit %d, %q, %q; want exit %d and one line ending %q", tc.args, code, out, errs, tc.code, tc.err)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(full, "index.html")); string(b) != "old" {
		t.Errorf("a refused site wrote index.html")
	}
	if _, errs, code := cli(t, "", "site", "-force", full); code != 0 {
		t.Errorf("site -force: exit %d, %q", code, errs)
	}
	check(full, "notes.txt")
}
