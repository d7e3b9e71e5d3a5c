package web

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/nqueens/nqueens"
)

// TestBrowserPuzzle plays the puzzle in headless Chromium against the
// server "nqueens serve" runs: it places queens by clicks and keys,
// blocks squares by right-click and shift-click, checks each verdict the
// tutor shows against nqueens.Complete on the board the page holds,
// takes a hint and checks that its square belongs to a completion,
// finishes a board and checks it with Validate, counts completions,
// loads positions from links (one a dead end with an empty row), draws a
// generated puzzle and checks its solvability, checks on a 64×64 board
// that Cancel and a move abort the requests in flight, and plays a
// challenge. It
// saves a screenshot of the puzzle at each state in $NQUEENS_SCREENSHOTS
// (or a temporary directory). Without Debian's chromium it skips, naming
// the package, or fails under CI=true; with -short it skips.
func TestBrowserPuzzle(t *testing.T) {
	srv := newServer(t, Options{})
	ctx := startBrowser(t, 90*time.Second)
	dir := screenshotDir(t)

	pg := &sitePage{t: t, ctx: ctx, setup: "puzzle"}
	do, eval := pg.do, pg.eval
	text := func(id string) string {
		t.Helper()
		return eval(fmt.Sprintf(`document.getElementById(%q).textContent`, id))
	}
	waitText := func(id, want string) {
		t.Helper()
		js := fmt.Sprintf(`document.getElementById(%q).textContent.includes(%q)`, id, want)
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
			t.Fatalf("#%s never said %q (it says %q): %v", id, want, text(id), err)
		}
	}
	sq := func(r, c int) string { return fmt.Sprintf(`#pz-board .sq[data-r="%d"][data-c="%d"]`, r, c) }
	click := func(sel string) { t.Helper(); do("click "+sel, chromedp.Click(chromedp.CSS(sel))) }
	clickWith := func(sel string, opts ...chromedp.MouseOption) {
		t.Helper()
		nodes, err := chromedp.Run(ctx, chromedp.Nodes(chromedp.CSS(sel)))
		if err != nil || len(nodes) != 1 {
			t.Fatalf("find %s: %d nodes, %v", sel, len(nodes), err)
		}
		do("click "+sel, chromedp.MouseClickNode(nodes[0], opts...))
	}
	// pageBoard reads the board the page holds, from its squares.
	pageBoard := func() *nqueens.Puzzle {
		t.Helper()
		rows := eval(`[...document.querySelectorAll('#pz-board .sq')].reduce((s, d) => {
			const n = Math.round(Math.sqrt(document.querySelectorAll('#pz-board .sq').length));
			return s + (d.classList.contains('q') ? 'Q' : d.classList.contains('blk') ? 'x' : '.') + (Number(d.dataset.c) === n - 1 ? '\n' : '');
		}, '')`)
		b, err := nqueens.ParsePuzzle(rows)
		if err != nil {
			t.Fatalf("the page's board %q: %v", rows, err)
		}
		return b
	}
	// verdict waits for the tutor's answer and checks it against the
	// library's on the page's board; it returns whether the board can be
	// completed.
	verdict := func() bool {
		t.Helper()
		js := `(() => { const v = document.getElementById('pz-verdict').textContent; return v !== '' && !v.startsWith('Asking'); })()`
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
			t.Fatalf("the tutor never answered: %v", err)
		}
		b := pageBoard()
		_, err := nqueens.Complete(context.Background(), b, nqueens.CompleteOptions{})
		if err != nil && !errors.Is(err, nqueens.ErrNoCompletion) {
			t.Fatalf("Complete on the page's board:\n%v: %v", b, err)
		}
		got := text("pz-verdict")
		want := "Can still be completed"
		if err != nil {
			want = "Dead end: no completion"
		}
		if !strings.HasPrefix(got, want) {
			t.Errorf("on the board\n%vthe tutor says %q; want %q, as the library", b, got, want)
		}
		return err == nil
	}
	shots := 0
	shot := func(name string) {
		t.Helper()
		png, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS("#puzzle")))
		if err != nil {
			t.Fatal(err)
		}
		shots++
		path := filepath.Join(dir, fmt.Sprintf("puzzle-%d-%s.png", shots, name))
		if err := os.WriteFile(path, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("screenshot: %s", path)
	}
	setN := func(n int) {
		t.Helper()
		do("set N", chromedp.SetValue(chromedp.CSS("#pz-n"), fmt.Sprint(n)),
			chromedp.Evaluate[chromedp.Void](`document.getElementById('pz-n').dispatchEvent(new Event('change'))`))
	}

	do("open the page", chromedp.Navigate(srv.URL+"/"))
	waitText("pz-queens", "0/8")
	if verdict() != true {
		t.Errorf("the empty 8×8 board is a dead end")
	}

	// 4×4 with a queen in the corner: a dead end although every row has
	// an open square, so "show me why" says the search proved it.
	setN(4)
	click(sq(0, 0))
	waitText("pz-queens", "1/4")
	if verdict() {
		t.Errorf("4×4 with a queen on 1:1 can be completed")
	}
	if k := eval(`String(document.querySelectorAll('#pz-board .sq.pa').length)`); k != "9" {
		t.Errorf("a queen on 1:1 of 4×4 shades %s attacked squares; want 9", k)
	}
	click("#pz-why")
	waitText("pz-why-out", "none works")
	shot("dead-end")

	// Undo by button, then place by keyboard: 1:2 can be completed (2 4 1 3).
	click("#pz-undo")
	waitText("pz-queens", "0/4")
	do("keys", chromedp.Focus(chromedp.CSS("#pz-board")), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.Enter))
	waitText("pz-queens", "1/4")
	if eval(`document.querySelector('#pz-board .sq.q').dataset.c`) != "1" {
		t.Errorf("ArrowRight, Enter placed the queen off b1")
	}
	if !verdict() {
		t.Fatalf("4×4 with a queen on 1:2 is a dead end")
	}
	// x blocks the square under the cursor; Ctrl+Z takes it back, Ctrl+Y redoes it.
	do("keys", chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent("x"))
	if k := eval(`String(document.querySelectorAll('#pz-board .sq.blk').length)`); k != "1" {
		t.Errorf("x blocked %s squares; want 1", k)
	}
	do("undo", chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	if k := eval(`String(document.querySelectorAll('#pz-board .sq.blk').length)`); k != "0" {
		t.Errorf("after Ctrl+Z %s squares are blocked; want 0", k)
	}
	do("redo", chromedp.KeyEvent("y", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	if k := eval(`String(document.querySelectorAll('#pz-board .sq.blk').length)`); k != "1" {
		t.Errorf("after Ctrl+Y %s squares are blocked; want 1", k)
	}
	click("#pz-undo")
	verdict()

	// Two queens that attack each other are marked, and are a dead end.
	click(sq(1, 2))
	waitText("pz-verdict", "attack each other")
	if k := eval(`String(document.querySelectorAll('#pz-board .sq.q.by').length)`); k != "2" {
		t.Errorf("%s attacking queens marked; want 2", k)
	}
	shot("attack")
	click("#pz-undo")
	waitText("pz-queens", "1/4")

	// 8×8 with a queen on 1:1: a hint is a square of some completion.
	setN(8)
	click(sq(0, 0))
	if !verdict() {
		t.Fatal("8×8 with a queen on 1:1 is a dead end")
	}
	click("#pz-hint")
	waitText("pz-why-out", "Hint:")
	var hint [2]int
	if _, err := fmt.Sscanf(eval(`(() => { const d = document.querySelector('#pz-board .sq.hint'); return d ? d.dataset.r + ' ' + d.dataset.c : ''; })()`), "%d %d", &hint[0], &hint[1]); err != nil {
		t.Fatalf("no square shows the hint: %v", err)
	}
	b := pageBoard()
	b.Queens = append(b.Queens, nqueens.Square{Row: hint[0], Col: hint[1]})
	if _, err := nqueens.Complete(context.Background(), b, nqueens.CompleteOptions{}); err != nil {
		t.Errorf("the hint %v: Complete with it says %v; want a completion", nqueens.Square{Row: hint[0], Col: hint[1]}, err)
	}
	shot("hint")

	// How many completions: the library's count.
	click("#pz-count")
	lib, err := nqueens.Complete(context.Background(), pageBoard(), nqueens.CompleteOptions{Count: true})
	if err != nil {
		t.Fatal(err)
	}
	waitText("pz-count-out", fmt.Sprintf("%d completions (", lib.Count))

	// Finish it: the page animates the remaining queens; the board is a solution.
	click("#pz-finish")
	waitText("pz-queens", "8/8")
	waitText("pz-verdict", "Solved")
	p := make(nqueens.Placement, 8)
	fb := pageBoard()
	if len(fb.Queens) != 8 {
		t.Fatalf("finished board has %d queens", len(fb.Queens))
	}
	for _, q := range fb.Queens {
		p[q.Row] = q.Col
	}
	if err := nqueens.Validate(p); err != nil || p[0] != 0 {
		t.Errorf("the finished board %v: %v; want a solution with a queen on 1:1", p, err)
	}
	shot("finished")
	// One undo takes back the whole finish.
	click("#pz-undo")
	waitText("pz-queens", "1/8")

	// Blocking by right-click and shift-click.
	clickWith(sq(3, 3), chromedp.ButtonRight)
	clickWith(sq(4, 4), chromedp.ButtonModifiers(chromedp.ModifierShift))
	if k := eval(`String(document.querySelectorAll('#pz-board .sq.blk').length)`); k != "2" {
		t.Errorf("right-click and shift-click blocked %s squares; want 2", k)
	}
	verdict()
	shot("blocked")

	// A position from a link, opened in a new tab: row 2 has no open square.
	tab, cancelTab := chromedp.NewContext(ctx)
	defer cancelTab()
	ctx, pg.ctx = tab, tab // do and eval (pg), and the closures above, drive the new tab
	do("open a link", chromedp.Navigate(srv.URL+"/#n=6&q=1:1&x=2:3,2:4,2:5,2:6"))
	waitText("pz-status", "Position loaded from the link")
	if got := pageBoard().String(); got != "Q.....\n..xxxx\n......\n......\n......\n......\n" {
		t.Errorf("the board from the link is\n%s", got)
	}
	if verdict() {
		t.Errorf("the linked position can be completed")
	}
	click("#pz-why")
	waitText("pz-why-out", "Row 2 has no open square")
	if k := eval(`String(document.querySelectorAll('#pz-board .sq.why').length)`); k != "6" {
		t.Errorf("show me why highlights %s squares; want the 6 of row 2", k)
	}
	shot("link-why")

	// The link follows the board.
	click(sq(5, 5))
	waitText("pz-queens", "2/6")
	if h := eval(`location.hash`); h != "#n=6&q=1:1,6:6&x=2:3,2:4,2:5,2:6" {
		t.Errorf("after a move the address says %q", h)
	}

	// A generated puzzle: the solvability the page states is the library's.
	do("family", chromedp.SetValue(chromedp.CSS("#pz-family"), "diag"), chromedp.SetValue(chromedp.CSS("#pz-level"), "medium"))
	click("#pz-gen")
	waitText("pz-status", "Medium puzzle, 14×14")
	solvable := verdict()
	st := text("pz-status")
	if solvable != strings.Contains(st, "it can be solved") || solvable == strings.Contains(st, "no solution") {
		t.Errorf("the puzzle's status %q disagrees with the library (completable: %v)", st, solvable)
	}
	shot("generated")

	// N = 64. The page aborts its requests when the board changes: with
	// the answers held back, a move aborts the tutor's question and the
	// count in flight (which stops their searches on the server, see
	// TestCompleteCancel), and the next answer is about the new board.
	setN(64)
	verdict()
	do("hold the answers", chromedp.Evaluate[chromedp.Void](`(() => {
		window.held = []; window.hold = true;
		const real = window.fetch;
		window.fetch = (u, o) => {
			if (!window.hold) return real(u, o);
			window.held.push(o.signal);
			return new Promise((_, fail) => o.signal.addEventListener('abort', () => fail(new DOMException('aborted', 'AbortError'))));
		};
	})()`))
	click(sq(0, 10))
	held := func(want string) {
		t.Helper()
		js := fmt.Sprintf(`String(window.held.length) === %q`, want)
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
			t.Fatalf("the page never made %s requests: %v", want, err)
		}
	}
	held("1")
	click("#pz-count")
	held("2")
	if got := eval(`window.held.map((s) => s.aborted).join()`); got != "false,false" {
		t.Errorf("before the move the requests' signals are aborted: %s; want false,false", got)
	}
	// Cancel stops the count; the tutor's question stays.
	click("#pz-count-cancel")
	waitText("pz-count-out", "Cancelled.")
	if got := eval(`window.held.map((s) => s.aborted).join()`); got != "false,true" {
		t.Errorf("after Cancel the requests' signals are aborted: %s; want false,true", got)
	}
	click("#pz-count")
	held("3")
	do("release", chromedp.Evaluate[chromedp.Void](`window.hold = false`))
	click(sq(1, 40))
	if got := eval(`window.held.map((s) => s.aborted).join()`); got != "true,true,true" {
		t.Errorf("after the move the requests' signals are aborted: %s; want true,true,true", got)
	}
	waitText("pz-queens", "2/64")
	verdict()
	if got := text("pz-count-out"); got != "" {
		t.Errorf("after the move the count says %q; want nothing", got)
	}
	click("#pz-hint")
	waitText("pz-why-out", "Hint:")
	shot("n64")

	// The challenge: 2 4 1 3 on 4×4, timed and counted.
	setN(4)
	click("#pz-challenge")
	for r, c := range []int{1, 3, 0, 2} {
		click(sq(r, c))
	}
	waitText("pz-status", "Solved in")
	waitText("pz-status", "and 4 moves")
	shot("challenge")
}
