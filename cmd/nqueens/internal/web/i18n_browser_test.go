package web

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// msgOf returns the message key of tab (for plural forms, the form
// named form) with the placeholders filled from args, pairs of name and
// text, as the page's t does.
func msgOf(t *testing.T, tab map[string]any, key, form string, args ...string) string {
	t.Helper()
	var s string
	switch v := tab[key].(type) {
	case string:
		s = v
	case map[string]any:
		s, _ = v[form].(string)
	}
	if s == "" {
		t.Fatalf("no message %q (form %q) in the table", key, form)
	}
	for i := 0; i+1 < len(args); i += 2 {
		s = strings.ReplaceAll(s, "{"+args[i]+"}", args[i+1])
	}
	return s
}

// before returns the text of a message up to its first placeholder.
func before(s string) string {
	s, _, _ = strings.Cut(s, "{")
	return s
}

// pageTextsJS returns, as JSON, the page's texts, titles and
// aria-labels with a word of three Latin letters, but the language
// switcher's.
const pageTextsJS = `(() => {
	const out = [], skip = (e) => e.closest('#lang, script, style');
	const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	for (let n = w.nextNode(); n; n = w.nextNode()) if (!skip(n.parentElement)) out.push(n.textContent.trim());
	for (const e of document.querySelectorAll('[title],[aria-label]')) if (!skip(e)) out.push(e.title || '', e.getAttribute('aria-label') || '');
	out.push(document.title);
	return JSON.stringify(out.filter((s) => /[A-Za-z]{3}/.test(s)));
})()`

// latinWord finds words in Latin letters: in the Chinese page none may be
// left but these names (keys, methods, the language of the search).
var (
	latinWord  = regexp.MustCompile(`[A-Za-z]{3,}`)
	latinAllow = []string{"Ctrl", "Shift", "Enter", "bitboard", "arrays", "matrix", "permutation"}
)

// TestBrowserLanguages drives the page in headless Chromium in its
// languages: it opens it with ?lang=pl and a position in the address and
// checks the Polish strings against the table (with Polish plural forms
// and number grouping), steps the search and places the position, then
// switches to 中文 with the switcher and checks that every string
// changed (no Latin word left but key and method names, no placeholder
// left) while the board, the steps and the address kept their state;
// reloads without ?lang= (the stored choice wins), and last opens the
// page in a browser whose language is Brazilian Portuguese (Accept-
// Language, navigator.languages) with an unknown ?lang=, and counts N =
// 10 in Portuguese. Screenshots of each language go to
// $NQUEENS_SCREENSHOTS or a temporary directory. Without Debian's
// chromium it skips, naming the package, or fails under CI=true; with
// -short it skips.
func TestBrowserLanguages(t *testing.T) {
	tables := pageTables(t)
	pl, zh, pt := tables["pl"], tables["zh"], tables["pt"]
	srv := newServer(t, Options{})
	ctx := startBrowser(t, 90*time.Second)
	dir := screenshotDir(t)

	pg := &sitePage{t: t, ctx: ctx, setup: "languages"}
	do, eval := pg.do, pg.eval
	text := func(sel string) string {
		t.Helper()
		return strings.TrimSpace(eval(fmt.Sprintf(`document.querySelector(%q).textContent`, sel)))
	}
	attr := func(sel, name string) string {
		t.Helper()
		return eval(fmt.Sprintf(`document.querySelector(%q).getAttribute(%q) || ''`, sel, name))
	}
	waitFor := func(sel, js, what string) {
		t.Helper()
		full := fmt.Sprintf(`(() => { const s = document.querySelector(%q).textContent; return %s; })()`, sel, js)
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](full, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
			t.Fatalf("%s never %s (it says %q): %v", sel, what, text(sel), err)
		}
	}
	waitText := func(sel, want string) {
		t.Helper()
		waitFor(sel, fmt.Sprintf(`s.includes(%q)`, want), fmt.Sprintf("said %q", want))
	}
	check := func(what, got, want string) {
		t.Helper()
		if got != want {
			t.Errorf("%s = %q; want %q", what, got, want)
		}
	}
	shot := func(name string) {
		t.Helper()
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, "lang-"+name+".png")
		if err := os.WriteFile(path, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("screenshot: %s", path)
	}
	// noPlaceholders fails if a text of the page still holds {name}.
	noPlaceholders := func(lang string) {
		t.Helper()
		all := eval(`document.body.innerText + ' ' + [...document.querySelectorAll('[title],[aria-label]')].map(e => (e.title || '') + ' ' + (e.getAttribute('aria-label') || '')).join(' ')`)
		if m := placeholder.FindAllString(all, -1); len(m) > 0 {
			t.Errorf("%s: placeholders left in the page: %q", lang, m)
		}
	}
	// verdictIn waits for the tutor's verdict and checks it is one of
	// the table's.
	verdictIn := func(tab map[string]any) {
		t.Helper()
		asking := msgOf(t, tab, "pz.asking", "")
		waitFor("#pz-verdict", fmt.Sprintf(`s !== '' && s !== %q`, asking), "answered")
		v := text("#pz-verdict")
		if !strings.HasPrefix(v, before(msgOf(t, tab, "pz.completable", ""))) && !strings.HasPrefix(v, before(msgOf(t, tab, "pz.deadEnd", ""))) {
			t.Errorf("the tutor says %q; want the table's completable or dead end", v)
		}
	}

	// Polish from the address, with a position of 2 queens and 5 blocked
	// squares: plural forms few and many.
	do("open the page in Polish", chromedp.Navigate(srv.URL+"/?lang=pl#n=6&q=1:1,2:3&x=3:1,3:2,4:4,5:5,6:6"))
	waitText("#status", msgOf(t, pl, "step.ready", "", "n", "6", "method", "bitboard"))
	check("<html lang>", eval(`document.documentElement.lang`), "pl")
	check("the switcher", eval(`document.getElementById('lang').value`), "pl")
	check("h1", text("h1"), msgOf(t, pl, "page.title", ""))
	check("document.title", eval(`document.title`), msgOf(t, pl, "page.title", ""))
	check("#count-go", text("#count-go"), msgOf(t, pl, "count.go", ""))
	check("#pz-hint's title", attr("#pz-hint", "title"), msgOf(t, pl, "pz.hint.title", ""))
	check("#pz-board's aria-label", attr("#pz-board", "aria-label"), msgOf(t, pl, "pz.board", ""))
	check("#pz-level's easy", text(`#pz-level option[value="easy"]`), msgOf(t, pl, "pz.level.easy", ""))
	check("#pz-status", text("#pz-status"), msgOf(t, pl, "pz.loaded", "",
		"queens", msgOf(t, pl, "u.queens", "few", "count", "2"),
		"blocked", msgOf(t, pl, "u.blocked", "many", "count", "5")))
	// Numbers as Polish writes them: 10 000, a no-break space between
	// the groups.
	do("full speed", chromedp.SetValue(chromedp.CSS("#speed"), "100"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('speed').dispatchEvent(new Event('input'))`))
	check("#speed-out", text("#speed-out"), msgOf(t, pl, "step.speedOut", "many", "count", "10\u00a0000"))
	verdictIn(pl)
	for range 3 {
		do("step", chromedp.Click(chromedp.CSS("#step")))
	}
	waitFor("#c-steps", `s === '3'`, "reached 3 steps")
	polishStatus := text("#status")
	if polishStatus == msgOf(t, pl, "step.ready", "", "n", "6", "method", "bitboard") {
		t.Errorf("after 3 steps the status is still %q", polishStatus)
	}
	noPlaceholders("pl")
	shot("pl")

	// 中文 by the switcher: every string changes, nothing else does.
	do("switch to Chinese", chromedp.SetValue(chromedp.CSS("#lang"), "zh"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('lang').dispatchEvent(new Event('change'))`))
	check("<html lang>", eval(`document.documentElement.lang`), "zh")
	check("h1", text("h1"), msgOf(t, zh, "page.title", ""))
	check("document.title", eval(`document.title`), msgOf(t, zh, "page.title", ""))
	check("#pz-hint's title", attr("#pz-hint", "title"), msgOf(t, zh, "pz.hint.title", ""))
	check("#pz-status", text("#pz-status"), msgOf(t, zh, "pz.loaded", "",
		"queens", msgOf(t, zh, "u.queens", "other", "count", "2"),
		"blocked", msgOf(t, zh, "u.blocked", "other", "count", "5")))
	check("#speed-out", text("#speed-out"), msgOf(t, zh, "step.speedOut", "other", "count", "10,000"))
	check("#c-steps (the playback kept)", text("#c-steps"), "3")
	if st := text("#status"); st == polishStatus || latinWord.MatchString(st) {
		t.Errorf("the stepper's status after the switch: %q (was %q); want it in Chinese", st, polishStatus)
	}
	if q := eval(`String(document.querySelectorAll('#pz-board .sq.q').length) + ' ' + String(document.querySelectorAll('#pz-board .sq.blk').length)`); q != "2 5" {
		t.Errorf("after the switch the puzzle has %s queens and blocked squares; want 2 5", q)
	}
	verdictIn(zh)
	check("the address", eval(`location.search + location.hash`), "?lang=zh#n=6&q=1:1,2:3&x=3:1,3:2,4:4,5:5,6:6")
	check("the stored choice", eval(`localStorage.getItem('nqueens.lang') || ''`), "zh")
	// No English left: no word of Latin letters in the texts, titles
	// and labels of the page but the allowed names (the switcher lists
	// the languages in their own names).
	words := eval(`(() => {
		const out = [], skip = (e) => e.closest('#lang, script, style');
		const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
		for (let n = w.nextNode(); n; n = w.nextNode()) if (!skip(n.parentElement)) out.push(n.textContent);
		for (const e of document.querySelectorAll('[title],[aria-label]')) if (!skip(e)) out.push(e.title || '', e.getAttribute('aria-label') || '');
		out.push(document.title);
		return out.join(' | ');
	})()`)
	var english []string
	for _, w := range latinWord.FindAllString(words, -1) {
		if !slices.Contains(latinAllow, w) && !slices.Contains(english, w) {
			english = append(english, w)
		}
	}
	if len(english) > 0 {
		t.Errorf("the Chinese page still has the words %q", english)
	}
	noPlaceholders("zh")
	shot("zh")

	// Without ?lang= the stored choice wins over the browser's language.
	do("reload without lang", chromedp.Navigate(srv.URL+"/"))
	waitText("#status", msgOf(t, zh, "step.ready", "", "n", "6", "method", "bitboard"))
	check("<html lang> from the stored choice", eval(`document.documentElement.lang`), "zh")

	// No stored choice, a browser in Brazilian Portuguese, and a ?lang=
	// the page has not: Portuguese, from navigator.languages.
	do("forget the choice", chromedp.Evaluate[chromedp.Void](`localStorage.removeItem('nqueens.lang')`))
	ua := eval(`navigator.userAgent`)
	do("a Brazilian browser", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{UserAgent: ua, AcceptLanguage: "pt-BR,pt;q=0.9,en;q=0.5"})
		return err
	}))
	do("open the page", chromedp.Navigate(srv.URL+"/?lang=de"))
	waitText("#status", msgOf(t, pt, "step.ready", "", "n", "6", "method", "bitboard"))
	check("navigator.languages[0]", eval(`navigator.languages[0]`), "pt-BR")
	check("<html lang>", eval(`document.documentElement.lang`), "pt")
	check("h1", text("h1"), msgOf(t, pt, "page.title", ""))
	do("count N = 10", chromedp.SetValue(chromedp.CSS("#count-n"), "10"), chromedp.Click(chromedp.CSS("#count-go")))
	waitText("#count-out", "N = 10: "+msgOf(t, pt, "u.solutions", "other", "count", "724")+", "+msgOf(t, pt, "u.unique", "other", "count", "92")+", ")
	// The growth chart of N = 4 to 7: its legend in Portuguese.
	do("count N = 4 to 7", chromedp.SetValue(chromedp.CSS("#count-n"), "4"), chromedp.SetValue(chromedp.CSS("#count-to"), "7"),
		chromedp.Click(chromedp.CSS("#count-go")))
	waitText("#count-out", msgOf(t, pt, "count.done", "", "lo", "4", "hi", "7"))
	legend := eval(`[...document.querySelectorAll('#count-chart text.legend')].map(e => e.textContent).join(' | ')`)
	if want := strings.Join([]string{msgOf(t, pt, "growth.solutions", ""), msgOf(t, pt, "growth.unique", ""),
		msgOf(t, pt, "growth.nodes", "", "method", "bitboard"), msgOf(t, pt, "growth.time", "", "method", "bitboard")}, " | "); legend != want {
		t.Errorf("the chart's legend: %q; want %q", legend, want)
	}
	noPlaceholders("pt")
	shot("pt")

	// The same page in English and then in each other language by the
	// switcher: no text of the English page (with a word of three
	// letters or more) may be left in another, but the words these
	// languages share with English.
	texts := func() []string {
		t.Helper()
		var out []string
		if err := json.Unmarshal([]byte(eval(pageTextsJS)), &out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	switchTo := func(code string) {
		t.Helper()
		do("switch to "+code, chromedp.SetValue(chromedp.CSS("#lang"), code),
			chromedp.Evaluate[chromedp.Void](`document.getElementById('lang').dispatchEvent(new Event('change'))`))
		check("<html lang>", eval(`document.documentElement.lang`), code)
	}
	switchTo("en")
	enTexts := texts()
	if len(enTexts) < 50 {
		t.Fatalf("the English page has %d texts: %q", len(enTexts), enTexts)
	}
	shared := []string{"Tutor"} // Italian and Portuguese say so too
	for _, code := range []string{"it", "pl", "pt", "zh"} {
		switchTo(code)
		var left []string
		for _, s := range texts() {
			if slices.Contains(enTexts, s) && !slices.Contains(shared, s) && !slices.Contains(left, s) {
				left = append(left, s)
			}
		}
		if len(left) > 0 {
			t.Errorf("%s: English texts left: %q", code, left)
		}
		noPlaceholders(code)
	}
}
