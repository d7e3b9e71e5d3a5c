package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/nqueens/nqueens"
	"github.com/nqueens/nqueens/cmd/nqueens/internal/render"
	"github.com/nqueens/nqueens/internal/quote"
)

var showCmd = &command{
	name:    "show",
	run:     runShow,
	args:    "PLACEMENT | FILE | - [flags]",
	summary: "draw a placement as SVG, PNG, text or unicode",
	help: `Draws a placement (any form 'check' reads) as a chessboard: alternating
squares, queens, and rows and columns numbered from the top left, as a
placement counts them (2 4 1 3: row 1's queen is in column 2). Boards
from 1 to 1,000 columns; pictures stay near 800 pixels across. The
placement is drawn as given, attacks and all ('check' judges it). A
partial board, as gen writes it (rows without a queen, blocked squares
x), is drawn with its queens and its blocked squares (x in text, ╳ in
unicode, grey and crossed in pictures).

-format defaults to the -o file's extension (.svg, .png, .txt), else text.

Examples:
  nqueens show 2 4 1 3
  nqueens show 5 2 6 1 7 4 8 3 -format unicode
  nqueens show 5 2 6 1 7 4 8 3 -o eight.svg
  nqueens solve 20 -limit 1 | nqueens show - -format png -o twenty.png`,
}

// drawers maps show's formats to the renderers.
var drawers = map[string]func(io.Writer, []int, []nqueens.Square) error{
	"svg":     render.SVGPartial,
	"png":     render.PNGPartial,
	"text":    render.TextPartial,
	"unicode": render.UnicodePartial,
}

func runShow(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e)
	format := fs.String("format", "", "output `FORMAT`: svg, png, text or unicode (default: from -o's extension, else text)")
	out := fs.String("o", "", "write to `FILE` instead of standard output")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("want a placement, a file name or - for standard input")
	}
	f := *format
	if f == "" {
		if f, err = formatFromName(*out); err != nil {
			return err
		}
	}
	draw, ok := drawers[f]
	if !ok {
		return usagef("-format %s: want svg, png, text or unicode", quote.Token(f))
	}
	var (
		p       nqueens.Placement
		blocked []nqueens.Square
	)
	if len(pos) == 1 && (pos[0] == "-" || isFile(pos[0])) {
		p, blocked, err = readOnePlacement(ctx, e, pos[0], render.MaxN)
	} else {
		var text string
		if text, err = readPlacement(e, pos); err == nil {
			if p, err = nqueens.Parse(text); err != nil {
				err = usagef("%v", err)
			}
		}
	}
	if err != nil {
		return err
	}
	if p.N() > render.MaxN {
		return usagef("N = %d is too large to draw: at most %d", p.N(), render.MaxN)
	}
	if p.N() == 0 {
		return usagef("the empty board (N = 0) cannot be drawn")
	}
	w, closeOut, err := openOutput(e, *out)
	if err != nil {
		return err
	}
	err = draw(w, p, blocked)
	if cerr := closeOut(); err == nil {
		err = cerr
	}
	return err
}

// formatFromName guesses show's format from an output file name: .svg,
// .png, .txt or no extension (text). Another extension is refused rather
// than filled with text.
func formatFromName(name string) (string, error) {
	switch ext := strings.ToLower(filepath.Ext(name)); ext {
	case ".svg":
		return "svg", nil
	case ".png":
		return "png", nil
	case ".txt", "":
		return "text", nil
	default:
		return "", usagef("-o %s: unknown extension %s: want .svg, .png or .txt, or give -format", name, quote.Token(filepath.Ext(name)))
	}
}

// readOnePlacement reads the one placement of at most maxN queens in a
// file or standard input ("-"), a partial board too (rows of -1, and its
// blocked squares); a second placement is an error.
func readOnePlacement(ctx context.Context, e *env, name string, maxN int) (nqueens.Placement, []nqueens.Square, error) {
	in, source, closeIn, err := openInput(ctx, e, name)
	if err != nil {
		return nil, nil, err
	}
	defer closeIn()
	sc := nqueens.NewPlacementScanner(in, maxN)
	sc.AllowPartial()
	fail := func(err error) (nqueens.Placement, []nqueens.Square, error) {
		if errors.Is(err, nqueens.ErrSyntax) {
			return nil, nil, usagef("%v", err)
		}
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return nil, nil, err
		}
		return nil, nil, fmt.Errorf("reading %s: %w", source, pathErr(err))
	}
	if !sc.Scan(ctx) {
		return fail(sc.Err())
	}
	p := sc.Placement().Clone()
	blocked := append([]nqueens.Square(nil), sc.Blocked()...)
	if sc.Scan(ctx) {
		return nil, nil, usagef("%s: line %d: a second placement; show draws one", source, sc.Line())
	}
	if err := sc.Err(); err != nil {
		return fail(err)
	}
	return p, blocked, nil
}

// readPlacement returns the placement text of the arguments: a lone
// argument that names something other than an input file (a directory:
// "hf: is a directory", as "./hf" gets), or that looks like a file name
// but is none, is an error; anything else is the placement itself.
func readPlacement(e *env, pos []string) (string, error) {
	if len(pos) == 1 && (looksLikePath(pos[0]) || exists(pos[0])) {
		if err := checkInputFile(pos[0]); err != nil {
			return "", err
		}
		return "", usagef("%s: not a file, pipe or device", quote.Path(pos[0])) // not reached: isFile took it
	}
	return strings.Join(pos, " "), nil
}

// exists reports whether s, which could be a name (see isFile), names
// something in the file system.
func exists(s string) bool {
	if strings.ContainsAny(s, " ,[{\n") {
		return false
	}
	_, err := os.Stat(s)
	return err == nil
}

// looksLikePath reports whether a lone argument that is not an existing
// file was meant as one: it has a path separator or a file extension
// and no spaces or commas, which no placement text does.
func looksLikePath(s string) bool {
	if strings.ContainsAny(s, " ,[{\n") {
		return false
	}
	return strings.Contains(s, "/") || strings.Contains(filepath.Ext(s), "txt") || strings.HasSuffix(s, ".json")
}

// maxSheet is the most boards solve -format svg puts on one sheet.
const maxSheet = 1000

// svgSolutions collects solve's solutions for -format svg: one sheet, or
// one file per solution when the -o name holds "%d" (replaced by the
// solution's number).
type svgSolutions struct {
	pattern  string // "" for a sheet
	boards   [][]int
	captions []string
}

// newSVGSolutions returns the collector for -o name and the name solve
// should open for the sheet ("" when writing one file per solution).
func newSVGSolutions(name string) (*svgSolutions, string) {
	if strings.Contains(name, "%d") {
		return &svgSolutions{pattern: name}, ""
	}
	return &svgSolutions{}, name
}

// add takes solution number i (one-based). In file mode it writes the
// file and prints its name on w.
func (s *svgSolutions) add(w io.Writer, p nqueens.Placement, i int) error {
	if p.N() > render.MaxN || p.N() == 0 {
		return usagef("-format svg: N = %d cannot be drawn (1 to %d)", p.N(), render.MaxN)
	}
	if s.pattern == "" {
		if len(s.boards) == maxSheet {
			return usagef("-format svg: more than %d solutions for one sheet; use -limit or -o 'name-%%d.svg' for one file each", maxSheet)
		}
		s.boards = append(s.boards, p)
		s.captions = append(s.captions, fmt.Sprintf("#%d  %s", i, p))
		return nil
	}
	name := strings.ReplaceAll(s.pattern, "%d", fmt.Sprint(i))
	f, err := os.Create(name)
	if err != nil {
		return createError(name, err)
	}
	err = render.SVG(f, p)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		_, err = fmt.Fprintln(w, name)
	}
	return err
}

// finish writes the sheet, if any, to w. A search without solutions
// writes no sheet.
func (s *svgSolutions) finish(w io.Writer) error {
	if s.pattern != "" || len(s.boards) == 0 {
		return nil
	}
	return render.SVGSheet(w, s.boards, s.captions)
}
