package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"syscall"

	"github.com/nqueens/nqueens/cmd/nqueens/internal/atomicfile"
	"github.com/nqueens/nqueens/cmd/nqueens/internal/web"
	"github.com/nqueens/nqueens/internal/quote"
)

var siteCmd = &command{
	name:    "site",
	run:     runSite,
	args:    "[-force] DIR",
	summary: "write the web page as a static site that needs no server",
	help: `Writes into DIR (made if missing) the page that "nqueens serve" serves —
the search to step through, the puzzle and its tutor, the challenges, the
count panel and its growth chart, one solution of a large board — as a
static site: HTML, CSS, JavaScript, and the same API compiled to
WebAssembly (engine.js), which answers the page's requests in a Web Worker
of the browser. Nothing else runs: publish the folder on any static host
(a course site, GitHub Pages, a USB stick) or open DIR/index.html from
disk. The browser counts up to N = 16 (larger N: nqueens count).
docs/SITE.md says how to publish it, and what it weighs.

The files are written one by one under a temporary name, then renamed:
an interrupted run leaves no half-written file. A DIR that exists and is
not empty is refused unless -force, which writes the site's files over
the ones of the same name there and leaves the others.

Examples:
  nqueens site public
  nqueens site -force /media/usb/nqueens`,
}

func runSite(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e)
	force := fs.Bool("force", false, "write into DIR even if it is not empty")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("site takes one argument, the folder to write (DIR), got %d", len(pos))
	}
	dir := pos[0]
	if dir == "" {
		return usagef("DIR is empty")
	}
	if err := checkSiteDir(dir, *force); err != nil {
		return err
	}
	files, err := web.Site()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	// index.html last: a run stopped early leaves no page that would
	// load without its scripts.
	var total int
	for i := range files {
		if files[i].Name == "index.html" {
			files = append(append(files[:i:i], files[i+1:]...), files[i])
			break
		}
	}
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return err
		}
		name := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			return err
		}
		if err := atomicfile.WriteFile(name, f.Data, 0o644); err != nil {
			return err
		}
		total += len(f.Data)
	}
	_, err = fmt.Fprintf(e.stdout, "nqueens: wrote %d files (%d bytes) to %s: open %s, or publish the folder on any static host\n",
		len(files), total, dir, filepath.Join(dir, "index.html"))
	return err
}

// checkSiteDir refuses a dir that is not a directory, one under a file
// (plainfile/sub: "no such directory plainfile", as -o and -checkpoint
// say of such a path), a name the system cannot take (too long, a loop
// of links), and one that holds anything unless force: all bad usage.
// Any other failure to look (permission) is the error itself.
func checkSiteDir(dir string, force bool) error {
	fi, err := os.Stat(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if errors.Is(err, syscall.ENOTDIR) {
		// A file where a folder of the path should be: the nearest
		// ancestor that exists is that file.
		for p := filepath.Dir(dir); p != filepath.Dir(p); p = filepath.Dir(p) {
			if st, err := os.Stat(p); err == nil && !st.IsDir() {
				return usagef("%s: no such directory %s", quote.Path(dir), quote.Path(p))
			}
		}
	}
	if isNameError(err) {
		return usagef("%s: %v", quote.Path(dir), pathErr(err))
	}
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return usagef("%s is not a directory", quote.Token(dir))
	}
	if force {
		return nil
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if _, err := d.Readdirnames(1); err != io.EOF {
		if err != nil {
			return err
		}
		return usagef("%s is not empty (give -force to write the site into it)", quote.Token(dir))
	}
	return nil
}
