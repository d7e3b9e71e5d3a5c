package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"net/http"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/nqueens/nqueens"
)

// pluralForms are the plural categories (Intl.PluralRules, CLDR) that a
// message with plural forms must have in each language of the page, for
// whole counts: Polish has three. "other" is always allowed (a fraction),
// and so are the languages' extraForms, which the page's counts need not
// tell apart (Italian and Portuguese "many" is for a million and its
// multiples: without it the page takes "other").
var (
	pluralForms = map[string][]string{
		"en": {"one", "other"},
		"it": {"one", "other"},
		"pl": {"one", "few", "many"},
		"zh": {"other"},
		"pt": {"one", "other"},
	}
	extraForms = map[string][]string{"it": {"many"}, "pt": {"many"}}
)

var (
	tableCall   = regexp.MustCompile(`^(?s)(?://[^\n]*\n)*I18N\.add\('([a-z]{2,3})', `)
	placeholder = regexp.MustCompile(`\{(\w+)\}`)
	htmlKey     = regexp.MustCompile(`data-i18n(?:-title|-aria-label)?="([^"]*)"`)
	jsKey       = regexp.MustCompile(`\bt\('([^']*)'`)
	langEntry   = regexp.MustCompile(`\['([a-z]{2,3})', '[^']+'\]`)
	scriptSrc   = regexp.MustCompile(`<script[^>]*\ssrc="([^"]+)"`)
	tableScript = regexp.MustCompile(`<script src="(?:\./|/)?i18n/([a-z]{2,3})\.js"></script>`)
)

// parseTable reads a message table file: comment lines, then
// I18N.add('CODE', {JSON object});
func parseTable(src []byte) (code string, table map[string]any, err error) {
	m := tableCall.FindSubmatch(src)
	if m == nil {
		return "", nil, fmt.Errorf("does not start with I18N.add('CODE', ")
	}
	rest := src[len(m[0]):]
	dec := json.NewDecoder(bytes.NewReader(rest))
	if err := dec.Decode(&table); err != nil {
		return "", nil, fmt.Errorf("the table is not a JSON object: %v", err)
	}
	if tail := strings.TrimSpace(string(rest[dec.InputOffset():])); tail != ");" {
		return "", nil, fmt.Errorf("after the table: %q; want );", tail)
	}
	return string(m[1]), table, nil
}

// placeholders returns the sorted names of the placeholders of a
// message: of all its forms together for a plural message.
func placeholders(v any) []string {
	set := map[string]bool{}
	add := func(s string) {
		for _, m := range placeholder.FindAllStringSubmatch(s, -1) {
			set[m[1]] = true
		}
	}
	switch v := v.(type) {
	case string:
		add(v)
	case map[string]any:
		for _, f := range v {
			if s, ok := f.(string); ok {
				add(s)
			}
		}
	}
	return slices.Sorted(maps.Keys(set))
}

// checkTables returns what is wrong with the tables (language → key →
// message) given the keys the page uses (key → the file that uses it):
// a key missing in a language or there only, a message of the wrong
// type, empty, without the plural forms of its language, or with other
// placeholders than the English one; a key used but in no table, or in
// the tables but never used.
func checkTables(tables map[string]map[string]any, used map[string]string) []string {
	var bad []string
	en, ok := tables["en"]
	if !ok {
		return []string{"no English table (en)"}
	}
	for _, lang := range slices.Sorted(maps.Keys(tables)) {
		tab := tables[lang]
		forms, known := pluralForms[lang]
		if !known {
			bad = append(bad, fmt.Sprintf("%s: no plural forms known for this language (add it to pluralForms)", lang))
		}
		for _, key := range slices.Sorted(maps.Keys(en)) {
			if _, ok := tab[key]; !ok {
				bad = append(bad, fmt.Sprintf("%s: key %q is missing", lang, key))
			}
		}
		for _, key := range slices.Sorted(maps.Keys(tab)) {
			v := tab[key]
			if _, ok := en[key]; !ok {
				bad = append(bad, fmt.Sprintf("%s: key %q is in no English table", lang, key))
				continue
			}
			switch v := v.(type) {
			case string:
				if strings.TrimSpace(v) == "" {
					bad = append(bad, fmt.Sprintf("%s: %q is empty", lang, key))
				}
			case map[string]any:
				for _, f := range forms {
					if _, ok := v[f]; !ok {
						bad = append(bad, fmt.Sprintf("%s: %q lacks the plural form %q (the language has %v)", lang, key, f, forms))
					}
				}
				for f, s := range v {
					if !slices.Contains(forms, f) && !slices.Contains(extraForms[lang], f) && f != "other" {
						bad = append(bad, fmt.Sprintf("%s: %q has the plural form %q, which the language does not use (it has %v)", lang, key, f, forms))
					}
					if s, ok := s.(string); !ok || strings.TrimSpace(s) == "" {
						bad = append(bad, fmt.Sprintf("%s: %q: form %q is not a text", lang, key, f))
					}
				}
				if !slices.Contains(placeholders(v), "count") {
					bad = append(bad, fmt.Sprintf("%s: %q has plural forms but no {count}", lang, key))
				}
			default:
				bad = append(bad, fmt.Sprintf("%s: %q is %T; want a text or plural forms", lang, key, v))
				continue
			}
			if got, want := placeholders(v), placeholders(en[key]); !slices.Equal(got, want) {
				bad = append(bad, fmt.Sprintf("%s: %q has placeholders %v; English has %v", lang, key, got, want))
			}
		}
	}
	for _, key := range slices.Sorted(maps.Keys(used)) {
		if _, ok := en[key]; !ok {
			bad = append(bad, fmt.Sprintf("key %q used in %s is in no table", key, used[key]))
		}
	}
	for _, key := range slices.Sorted(maps.Keys(en)) {
		if _, ok := used[key]; !ok {
			bad = append(bad, fmt.Sprintf("key %q is in the tables but the page never uses it", key))
		}
	}
	return bad
}

// pageTables reads the message tables the server embeds.
func pageTables(t *testing.T) map[string]map[string]any {
	t.Helper()
	files, err := fs.Glob(assets, "assets/i18n/*.js")
	if err != nil || len(files) == 0 {
		t.Fatalf("no message tables in assets/i18n (%v)", err)
	}
	tables := map[string]map[string]any{}
	for _, f := range files {
		src, err := fs.ReadFile(assets, f)
		if err != nil {
			t.Fatal(err)
		}
		code, tab, err := parseTable(src)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if want := strings.TrimSuffix(path.Base(f), ".js"); code != want {
			t.Errorf("%s adds the table of %q; want %q, its name", f, code, want)
		}
		tables[code] = tab
	}
	return tables
}

// pageKeys returns the keys the page's HTML and scripts (every
// assets/*.js but the tables) use: the data-i18n attributes and the
// literal first arguments of t(...).
func pageKeys(t *testing.T) map[string]string {
	t.Helper()
	used := map[string]string{}
	files, err := fs.Glob(assets, "assets/*.js")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range append(files, "assets/index.html") {
		src, err := fs.ReadFile(assets, f)
		if err != nil {
			t.Fatal(err)
		}
		re := jsKey
		if strings.HasSuffix(f, ".html") {
			re = htmlKey
		}
		for _, m := range re.FindAllStringSubmatch(string(src), -1) {
			used[m[1]] = path.Base(f)
		}
	}
	return used
}

// TestMessageTables checks the page's message tables: every language
// has every key of the English table and no other, with the same
// placeholders and its own plural forms; every key the page uses is in
// the tables and every key of the tables is used; the switcher's list
// of languages (LANGS in i18n.js), the tables and the script tags of
// index.html name the same languages; and every method the server
// offers (/api/config) has its description.
func TestMessageTables(t *testing.T) {
	tables := pageTables(t)
	used := pageKeys(t)
	if len(used) < 100 {
		t.Errorf("the page uses %d keys; the regular expressions no longer find them", len(used))
	}
	// KEY.browser is the static site's variant of KEY, which i18n.js
	// shows in its place when the browser's engine answers: it is used
	// where KEY is, and has KEY's placeholders.
	if src, _ := fs.ReadFile(assets, "assets/i18n.js"); !strings.Contains(string(src), "key + '.browser'") {
		t.Errorf("i18n.js no longer looks up KEY.browser; the test's rule for variants is stale")
	}
	variants := 0
	for key := range tables["en"] {
		base, ok := strings.CutSuffix(key, ".browser")
		if !ok {
			continue
		}
		variants++
		if _, ok := tables["en"][base]; !ok {
			t.Errorf("variant %q of no key %q", key, base)
			continue
		}
		if file, ok := used[base]; ok {
			used[key] = file
		}
		if a, b := placeholders(tables["en"][base]), placeholders(tables["en"][key]); !slices.Equal(a, b) {
			t.Errorf("%q has placeholders %v; %q has %v", key, b, base, a)
		}
	}
	if variants == 0 {
		t.Errorf("no KEY.browser variant in the English table")
	}
	for _, p := range checkTables(tables, used) {
		t.Error(p)
	}

	langs := slices.Sorted(maps.Keys(tables))
	if want := slices.Sorted(maps.Keys(pluralForms)); !slices.Equal(langs, want) {
		t.Errorf("tables for %v; want %v, the tutorials' languages", langs, want)
	}
	src, _ := fs.ReadFile(assets, "assets/i18n.js")
	var listed []string
	for _, m := range langEntry.FindAllStringSubmatch(string(src), -1) {
		listed = append(listed, m[1])
	}
	sort.Strings(listed)
	if !slices.Equal(listed, langs) {
		t.Errorf("the switcher (LANGS in i18n.js) lists %v; the tables are %v", listed, langs)
	}
	html, _ := fs.ReadFile(assets, "assets/index.html")
	var tags []string
	for _, m := range tableScript.FindAllStringSubmatch(string(html), -1) {
		tags = append(tags, m[1])
	}
	sort.Strings(tags)
	if !slices.Equal(tags, langs) {
		t.Errorf("index.html loads the tables %v; want %v", tags, langs)
	}
	// i18n.js first, then the tables, then the scripts that use them.
	var order []string
	for _, m := range scriptSrc.FindAllStringSubmatch(string(html), -1) {
		order = append(order, path.Base(m[1]))
	}
	last := func(names ...string) int {
		i := -1
		for _, n := range names {
			i = max(i, slices.Index(order, n))
		}
		return i
	}
	core, tabs := slices.Index(order, "i18n.js"), last("en.js", "it.js", "pl.js", "zh.js", "pt.js")
	first := len(order)
	for _, n := range []string{"growth.js", "app.js", "puzzle.js"} {
		if i := slices.Index(order, n); i >= 0 {
			first = min(first, i)
		}
	}
	if core < 0 || core > slices.Index(order, "en.js") || tabs > first {
		t.Errorf("index.html loads %v; want i18n.js, then the tables, then the page's scripts", order)
	}
	for _, m := range nqueens.SearchMethods {
		if _, ok := used["method."+string(m)]; !ok {
			t.Errorf("method %s (offered by /api/config) has no description: no t('method.%s') in app.js", m, m)
		}
	}
}

// TestCheckTables shows that checkTables finds each kind of fault, on
// tables broken on purpose.
func TestCheckTables(t *testing.T) {
	good := func() map[string]map[string]any {
		return map[string]map[string]any{
			"en": {"a": "Row {row}", "n": map[string]any{"one": "{count} queen", "other": "{count} queens"}},
			"pl": {"a": "Wiersz {row}", "n": map[string]any{"one": "{count} hetman", "few": "{count} hetmany", "many": "{count} hetmanów"}},
			"zh": {"a": "第 {row} 行", "n": map[string]any{"other": "{count} 个皇后"}},
		}
	}
	used := map[string]string{"a": "app.js", "n": "puzzle.js"}
	if p := checkTables(good(), used); len(p) != 0 {
		t.Fatalf("the good tables: %q; want no fault", p)
	}
	for _, tc := range []struct {
		name  string
		spoil func(map[string]map[string]any, map[string]string)
		want  string
	}{
		{"a key removed", func(tb map[string]map[string]any, _ map[string]string) { delete(tb["pl"], "a") }, `pl: key "a" is missing`},
		{"an extra key", func(tb map[string]map[string]any, _ map[string]string) { tb["zh"]["b"] = "x" }, `zh: key "b" is in no English table`},
		{"another placeholder", func(tb map[string]map[string]any, _ map[string]string) { tb["pl"]["a"] = "Wiersz {r}" }, `pl: "a" has placeholders [r]; English has [row]`},
		{"a placeholder lost", func(tb map[string]map[string]any, _ map[string]string) { tb["zh"]["a"] = "行" }, `zh: "a" has placeholders []; English has [row]`},
		{"a Polish form missing", func(tb map[string]map[string]any, _ map[string]string) {
			delete(tb["pl"]["n"].(map[string]any), "many")
		}, `pl: "n" lacks the plural form "many"`},
		{"a form the language lacks", func(tb map[string]map[string]any, _ map[string]string) {
			tb["zh"]["n"].(map[string]any)["one"] = "{count} 个皇后"
		}, `zh: "n" has the plural form "one"`},
		{"plural without count", func(tb map[string]map[string]any, _ map[string]string) {
			tb["en"]["n"] = map[string]any{"one": "a queen", "other": "queens"}
		}, `en: "n" has plural forms but no {count}`},
		{"an empty message", func(tb map[string]map[string]any, _ map[string]string) { tb["pl"]["a"] = " " }, `pl: "a" is empty`},
		{"a number", func(tb map[string]map[string]any, _ map[string]string) { tb["pl"]["a"] = 3.0 }, `pl: "a" is float64`},
		{"a key used but in no table", func(_ map[string]map[string]any, u map[string]string) { u["c"] = "index.html" }, `key "c" used in index.html is in no table`},
		{"a key never used", func(_ map[string]map[string]any, u map[string]string) { delete(u, "a") }, `key "a" is in the tables but the page never uses it`},
		{"a language without plural rules", func(tb map[string]map[string]any, _ map[string]string) { tb["xx"] = good()["en"] }, `xx: no plural forms known`},
	} {
		tb, u := good(), maps.Clone(used)
		tc.spoil(tb, u)
		p := checkTables(tb, u)
		if !slices.ContainsFunc(p, func(s string) bool { return strings.Contains(s, tc.want) }) {
			t.Errorf("%s: faults %q; want one saying %q", tc.name, p, tc.want)
		}
	}
}

// TestParseTable checks the reading of a table file, and that it refuses
// a table that is not JSON (a trailing comma, single quotes).
func TestParseTable(t *testing.T) {
	for _, tc := range []struct {
		src     string
		code    string
		wantErr string
	}{
		{"// Polish.\nI18N.add('pl', {\"a\": \"b\"});\n", "pl", ""},
		{"I18N.add('zh', {\n  \"a\": {\"other\": \"{count} 个\"}\n});", "zh", ""},
		{"I18N.add('pl', {\"a\": \"b\",});\n", "", "not a JSON object"},
		{"I18N.add('pl', {'a': 'b'});\n", "", "not a JSON object"},
		{"I18N.add('pl', {\"a\": \"b\"}, 1);\n", "", "after the table"},
		{"I18N.add(\"pl\", {});\n", "", "does not start"},
	} {
		code, _, err := parseTable([]byte(tc.src))
		if tc.wantErr == "" && (err != nil || code != tc.code) {
			t.Errorf("parseTable(%q) = %q, %v; want %q", tc.src, code, err, tc.code)
		}
		if tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
			t.Errorf("parseTable(%q): error %v; want one saying %q", tc.src, err, tc.wantErr)
		}
	}
}

// TestErrorCodes checks that error answers carry, beside the English
// text, the code by which the page translates them.
func TestErrorCodes(t *testing.T) {
	srv := newServer(t, Options{})
	for _, tc := range []struct {
		method, path string
		status       int
		code         string
	}{
		{"GET", "/api/count?n=0", http.StatusBadRequest, "bad_request"},
		{"GET", "/api/nothing", http.StatusNotFound, "not_found"},
		{"POST", "/api/count?n=4", http.StatusMethodNotAllowed, "method_not_allowed"},
	} {
		resp, body := do(t, tc.method, srv.URL+tc.path, "")
		var e struct{ Error, Code string }
		if err := json.Unmarshal([]byte(body), &e); err != nil || resp.StatusCode != tc.status || e.Code != tc.code || e.Error == "" {
			t.Errorf("%s %s = %d %s; want %d with code %q and a text", tc.method, tc.path, resp.StatusCode, body, tc.status, tc.code)
		}
	}
	for status, code := range map[int]string{
		http.StatusMisdirectedRequest: "wrong_host", http.StatusServiceUnavailable: "busy",
		http.StatusGatewayTimeout: "timeout", http.StatusInternalServerError: "internal",
	} {
		if got := errorCode(status); got != code {
			t.Errorf("errorCode(%d) = %q; want %q", status, got, code)
		}
	}
}
