package web

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/chromedp/chromedp"
)

// siteLanguages is a round of the static site (the page's engine in the
// browser) in Polish and then in Chinese: it opens the page with ?lang=pl
// and a dead-end position in the address, and checks the texts that name
// who computes against the tables' browser variants (the intro, the count
// panel's limit), steps the search, gets the tutor's verdict and its
// "show me why" (a row without an open square, from the answer's code),
// draws a challenge, a growth chart and one solution, and asks for a count
// above what the browser counts (the error's code and numbers, worded by
// the page), and words the engine's failures by their codes. Then it
// switches to 中文 and checks that no word in Latin letters is left but
// names (of keys, methods, the WebAssembly, the nqueens commands), and
// last to English: no text of the English page may be left in the Polish
// or the Chinese one. Screenshots of both languages are logged.
func (p *sitePage) siteLanguages(base string) {
	t := p.t
	t.Helper()
	tables := pageTables(t)
	pl, zh := tables["pl"], tables["zh"]
	waitJS := func(js, what string) {
		t.Helper()
		if _, err := chromedp.Run(p.ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(60*time.Second))); err != nil {
			t.Fatalf("%s: never %s: %v", p.setup, what, err)
		}
	}
	check := func(what, got, want string) {
		t.Helper()
		if got != want {
			t.Errorf("%s: %s = %q; want %q", p.setup, what, got, want)
		}
	}
	text := func(sel string) string { t.Helper(); return strings.TrimSpace(p.text(sel)) }
	switchTo := func(code string) {
		t.Helper()
		p.set("#lang", code)
		check("<html lang>", p.eval(`document.documentElement.lang`), code)
	}
	// texts are the page's texts, titles and labels with a word of three
	// Latin letters, but the switcher's language names.
	texts := func() []string {
		t.Helper()
		var out []string
		if err := json.Unmarshal([]byte(p.eval(pageTextsJS)), &out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	noPlaceholders := func(lang string) {
		t.Helper()
		all := p.eval(`document.body.innerText + ' ' + [...document.querySelectorAll('[title],[aria-label]')].map(e => (e.title || '') + ' ' + (e.getAttribute('aria-label') || '')).join(' ')`)
		if m := placeholder.FindAllString(all, -1); len(m) > 0 {
			t.Errorf("%s %s: placeholders left in the page: %q", p.setup, lang, m)
		}
	}
	// browserTexts checks the texts that say who computes.
	browserTexts := func(tab map[string]any) {
		t.Helper()
		check("the intro", text(`[data-i18n="page.intro"]`), msgOf(t, tab, "page.intro.browser", ""))
		check("the count panel's intro", text(`[data-i18n="count.intro"]`), msgOf(t, tab, "count.intro.browser", "", "max", strconv.Itoa(BrowserCountMax)))
		check("#pz-gen's title", p.eval(`document.getElementById('pz-gen').title`), msgOf(t, tab, "pz.gen.title", ""))
		check("#pz-why-out", text("#pz-why-out"), msgOf(t, tab, "pz.rowClosed", "", "i", "2"))
		over := strconv.Itoa(BrowserCountMax + 1)
		check("#count-out", text("#count-out"), msgOf(t, tab, "err.browserCount", "", "n", over, "max", strconv.Itoa(BrowserCountMax)))
	}

	// Polish from the address; row 2 is closed: a queen on 1:1 and
	// its other squares blocked.
	p.open(base + "?lang=pl#n=6&q=1:1&x=2:3,2:4,2:5,2:6")
	p.waitText("#status", msgOf(t, pl, "step.ready", "", "n", "6", "method", "bitboard"))
	if got := p.eval(`api.engine`); got != "browser" {
		t.Fatalf("%s: api.engine = %q; want browser", p.setup, got)
	}
	check("#pz-status", text("#pz-status"), msgOf(t, pl, "pz.loaded", "",
		"queens", msgOf(t, pl, "u.queens", "one", "count", "1"),
		"blocked", msgOf(t, pl, "u.blocked", "few", "count", "4")))
	for range 3 {
		p.click("#step")
	}
	waitJS(`document.getElementById('c-steps').textContent === '3'`, "reached 3 steps")
	waitJS(`document.getElementById('pz-verdict').classList.contains('no')`, "said dead end")
	if v := text("#pz-verdict"); !strings.HasPrefix(v, before(msgOf(t, pl, "pz.deadEnd", ""))) {
		t.Errorf("%s: the tutor says %q; want the table's dead end", p.setup, v)
	}
	p.click("#pz-why")
	p.waitText("#pz-why-out", msgOf(t, pl, "pz.rowClosed", "", "i", "2"))
	// A challenge drawn in the browser, on a board of its own.
	p.set("#pz-family", "diag")
	p.set("#pz-level", "easy")
	p.click("#pz-gen")
	p.waitText("#pz-status", msgOf(t, pl, "pz.puzzle.easy", "")+", 8×8")
	// Which is then no longer the position with the closed row: back to
	// it for the screenshots (another address, so that the page loads).
	p.open(base + "?lang=pl&again=1#n=6&q=1:1&x=2:3,2:4,2:5,2:6")
	p.waitText("#status", msgOf(t, pl, "step.ready", "", "n", "6", "method", "bitboard"))
	for range 5 {
		p.click("#step")
	}
	waitJS(`document.getElementById('c-steps').textContent === '5'`, "reached 5 steps")
	waitJS(`document.getElementById('pz-verdict').classList.contains('no')`, "said dead end")
	p.click("#pz-why")
	p.waitText("#pz-why-out", msgOf(t, pl, "pz.rowClosed", "", "i", "2"))
	p.set("#count-n", "4")
	p.set("#count-to", "6")
	p.click("#count-go")
	p.waitText("#count-out", msgOf(t, pl, "count.done", "", "lo", "4", "hi", "6"))
	p.set("#find-n", "100")
	p.click("#find-go")
	p.waitText("#find-out", before(msgOf(t, pl, "find.found", "", "n", "100")))
	// Above what the browser counts: the page's words, from the code.
	p.set("#count-n", strconv.Itoa(BrowserCountMax+1))
	p.set("#count-to", "")
	p.click("#count-go")
	p.waitText("#count-out", msgOf(t, pl, "err.browserCount", "", "n", strconv.Itoa(BrowserCountMax+1), "max", strconv.Itoa(BrowserCountMax)))
	browserTexts(pl)
	// The engine's own failures, as api.js reports them: a fetch's Error
	// and a stream's JSON (through apiError), by their codes.
	check("engine_stopped", p.eval(`I18N.errorText(Object.assign(new Error('the engine stopped'), { code: 'engine_stopped' }))`),
		msgOf(t, pl, "err.engineStopped", ""))
	check("engine_failed", p.eval(`I18N.errorText(I18N.apiError({ error: 'the engine failed: boom', code: 'engine_failed', detail: 'boom' }, 500))`),
		msgOf(t, pl, "err.engineFailed", "", "detail", "boom"))
	noPlaceholders("pl")
	plTexts := texts()
	p.shot("pl")

	switchTo("zh")
	browserTexts(zh)
	noPlaceholders("zh")
	words := strings.Join(texts(), " | ")
	allow := append(slices.Clone(latinAllow), "WebAssembly", "nqueens", "count", "serve")
	var english []string
	for _, w := range latinWord.FindAllString(words, -1) {
		if !slices.Contains(allow, w) && !slices.Contains(english, w) {
			english = append(english, w)
		}
	}
	if len(english) > 0 {
		t.Errorf("%s: the Chinese page still has the words %q", p.setup, english)
	}
	zhTexts := texts()
	p.shot("zh")

	switchTo("en")
	enTexts := texts()
	if len(enTexts) < 50 {
		t.Fatalf("%s: the English page has %d texts: %q", p.setup, len(enTexts), enTexts)
	}
	shared := []string{"Tutor"}
	for lang, got := range map[string][]string{"pl": plTexts, "zh": zhTexts} {
		var left []string
		for _, s := range got {
			if slices.Contains(enTexts, s) && !slices.Contains(shared, s) && !slices.Contains(left, s) {
				left = append(left, s)
			}
		}
		if len(left) > 0 {
			t.Errorf("%s %s: English texts left: %q", p.setup, lang, left)
		}
	}
}
