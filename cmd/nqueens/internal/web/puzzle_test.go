package web

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nqueens/nqueens"
)

// board returns the b parameter of /api/complete for rows of Q . x.
func board(rows ...string) string { return url.QueryEscape(strings.Join(rows, "/")) }

// parseRows parses rows as the library does, for the expected answers.
func parseRows(t *testing.T, rows []string) *nqueens.Puzzle {
	t.Helper()
	b, err := nqueens.ParsePuzzle(strings.Join(rows, "\n"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestComplete checks /api/complete's verdicts against nqueens.Complete,
// and that a completion it returns is a solution holding the given
// queens and no blocked square.
func TestComplete(t *testing.T) {
	srv := newServer(t, Options{})
	for _, tc := range []struct {
		name    string
		rows    []string
		verdict string
		why     string
		whyCode string
		whyLine int
	}{
		// 4×4 with a queen in a corner: every row keeps an open square,
		// but neither of the two solutions has a queen there.
		{"corner of 4", []string{"Q...", "....", "....", "...."}, "dead end", "", "", 0},
		// 8×8 with a queen in a corner: 1 5 8 6 3 7 2 4 is one completion.
		{"corner of 8", []string{"Q.......", "........", "........", "........", "........", "........", "........", "........"}, "completable", "", "", 0},
		// Row 2's open squares are blocked.
		{"blocked row", []string{"Q.....", "..xxxx", "......", "......", "......", "......"}, "dead end", "row 2 has no open square", "row_closed", 2},
		// Column 6's open squares are blocked (the queen on 1:1 takes 6:6).
		{"blocked column", []string{"Q.....", ".....x", ".....x", ".....x", ".....x", "......"}, "dead end", "column 6 has no open square", "column_closed", 6},
		{"blocked squares", []string{"x.....", ".x....", "..x...", "......", "......", "......"}, "completable", "", "", 0},
		{"full", []string{".Q..", "...Q", "Q...", "..Q."}, "completable", "", "", 0},
	} {
		b := parseRows(t, tc.rows)
		lib, err := nqueens.Complete(context.Background(), b, nqueens.CompleteOptions{})
		libVerdict := "completable"
		if errors.Is(err, nqueens.ErrNoCompletion) {
			libVerdict = "dead end"
		} else if err != nil {
			t.Fatalf("%s: Complete: %v", tc.name, err)
		}
		if libVerdict != tc.verdict {
			t.Fatalf("%s: the library says %q; the test expects %q", tc.name, libVerdict, tc.verdict)
		}
		code, body := get(t, srv.URL+"/api/complete?b="+board(tc.rows...))
		var got completeReply
		if code != http.StatusOK || json.Unmarshal([]byte(body), &got) != nil {
			t.Errorf("%s: GET = %d %.200s; want 200 and JSON", tc.name, code, body)
			continue
		}
		if got.Verdict != tc.verdict || got.Why != tc.why || got.WhyCode != tc.whyCode || got.WhyLine != tc.whyLine || got.N != b.N {
			t.Errorf("%s: verdict %q, why %q (%q %d), n %d; want %q, %q (%q %d), %d", tc.name, got.Verdict, got.Why, got.WhyCode, got.WhyLine, got.N,
				tc.verdict, tc.why, tc.whyCode, tc.whyLine, b.N)
		}
		if got.Nodes != lib.Nodes {
			t.Errorf("%s: nodes %d; want %d, the library's", tc.name, got.Nodes, lib.Nodes)
		}
		if tc.verdict != "completable" {
			if got.Columns != nil {
				t.Errorf("%s: columns %v for a dead end; want null", tc.name, got.Columns)
			}
			continue
		}
		p := make(nqueens.Placement, len(got.Columns))
		for r, c := range got.Columns {
			p[r] = c - 1
		}
		if err := nqueens.Validate(p); err != nil || len(p) != b.N {
			t.Errorf("%s: columns %v: %v; want a solution of %d queens", tc.name, got.Columns, err, b.N)
		}
		for _, q := range b.Queens {
			if p[q.Row] != q.Col {
				t.Errorf("%s: columns %v drop the given queen %v", tc.name, got.Columns, q)
			}
		}
		for _, x := range b.Blocked {
			if p[x.Row] == x.Col {
				t.Errorf("%s: columns %v use the blocked square %v", tc.name, got.Columns, x)
			}
		}
	}
}

// TestCompleteCount checks count=1 against the library's count, and the
// limit: a count that reaches it says "more than limit".
func TestCompleteCount(t *testing.T) {
	srv := newServer(t, Options{})
	empty8 := strings.Split(strings.Repeat("......../", 8)[:71], "/")
	for _, tc := range []struct {
		name  string
		rows  []string
		limit string
	}{
		{"corner of 4", []string{"Q...", "....", "....", "...."}, ""},
		{"corner of 8", append([]string{"Q......."}, empty8[1:]...), ""},
		{"empty 8", empty8, ""},
		{"empty 8 limit 92", empty8, "92"},
		{"empty 8 limit 91", empty8, "91"},
		{"empty 8 limit 1", empty8, "1"},
	} {
		b := parseRows(t, tc.rows)
		lib, err := nqueens.Complete(context.Background(), b, nqueens.CompleteOptions{Count: true})
		if err != nil {
			t.Fatal(err)
		}
		path := "/api/complete?count=1&b=" + board(tc.rows...)
		limit := completeLimit
		if tc.limit != "" {
			path += "&limit=" + tc.limit
			limit = atoi(t, tc.limit)
		}
		code, body := get(t, srv.URL+path)
		var got countCompletionsReply
		if code != http.StatusOK || json.Unmarshal([]byte(body), &got) != nil {
			t.Errorf("%s: GET = %d %.200s; want 200 and JSON", tc.name, code, body)
			continue
		}
		want := countCompletionsReply{N: b.N, Count: lib.Count, Exact: true, Limit: limit}
		if lib.Count > uint64(limit) {
			want.Count, want.Exact, want.Stopped = uint64(limit), false, "limit"
		}
		got.Nodes, got.Seconds = 0, 0
		if got != want {
			t.Errorf("%s: got %+v; want %+v (the library counts %d)", tc.name, got, want, lib.Count)
		}
	}
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	v, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestCompleteTimeBound checks that a search that runs out of time is an
// answer, not an error: "unknown" for a verdict, "at least K" for a
// count. The boards need far more than the 2^14 nodes between the
// search's looks at its deadline, which has passed when it starts.
func TestCompleteTimeBound(t *testing.T) {
	srv := newServer(t, Options{Timeout: time.Nanosecond})
	// A dead end of the excluded-diagonals family that takes the search
	// some 2.7 million nodes.
	hard, err := nqueens.GeneratePuzzle(nqueens.FamilyDiagonals, 21, 19, 2)
	if err != nil {
		t.Fatal(err)
	}
	code, body := get(t, srv.URL+"/api/complete?b="+url.QueryEscape(boardRows(hard)))
	var v completeReply
	if code != http.StatusOK || json.Unmarshal([]byte(body), &v) != nil || v.Verdict != "unknown" || v.Columns != nil {
		t.Errorf("a hard board with a 1 ns bound = %d %.200s; want 200 and verdict unknown", code, body)
	}
	// The empty 64×64 board has far more than a million completions.
	empty := strings.TrimSuffix(strings.Repeat(strings.Repeat(".", 64)+"/", 64), "/")
	code, body = get(t, srv.URL+"/api/complete?count=1&limit=1000000&b="+url.QueryEscape(empty))
	var c countCompletionsReply
	if code != http.StatusOK || json.Unmarshal([]byte(body), &c) != nil || c.Exact || c.Stopped != "time" || c.Count >= 1_000_000 || c.N != 64 {
		t.Errorf("count of the empty 64×64 board with a 1 ns bound = %d %.200s; want 200, not exact, stopped by time", code, body)
	}
}

// TestCompleteBadInput checks that a bad question is a 400 with a
// one-line JSON error that says what is wrong.
func TestCompleteBadInput(t *testing.T) {
	srv := newServer(t, Options{})
	long := strings.TrimSuffix(strings.Repeat(strings.Repeat(".", 65)+"/", 65), "/")
	for _, tc := range []struct{ path, want string }{
		{"/api/complete", "b is missing"},
		{"/api/complete?b=", "b is missing"},
		{"/api/complete?b=" + board("Q..", "..."), "2 rows on a board 3 squares wide"},
		{"/api/complete?b=" + board("Q..", "...", ".."), "row 3 has 2 squares"},
		{"/api/complete?b=" + board("Q.z", "...", "..."), "row 1, column 3: 'z' is not Q, . or x"},
		{"/api/complete?b=" + url.QueryEscape(long), "65 characters; a row has at most 64 squares"},
		{"/api/complete?b=" + board("Q.Q.", "....", "....", "...."), "queens 1:1 and 1:3 share a row"},
		{"/api/complete?b=" + board("Q...", ".Q..", "....", "...."), "share a diagonal"},
		{"/api/complete?b=Q...%0A..../..../....", "rows are separated by /"},
		{"/api/complete?b=" + board("Q...", "....", "....", "....") + "&limit=5", "limit applies to a count"},
		{"/api/complete?count=1&limit=0&b=" + board("Q...", "....", "....", "...."), "limit = 0 is out of range"},
		{"/api/complete?count=1&limit=1000001&b=" + board("Q...", "....", "....", "...."), "out of range"},
		{"/api/complete?count=yes&b=" + board("Q...", "....", "....", "...."), "not a boolean"},
		{"/api/complete?n=4&b=" + board("Q...", "....", "....", "...."), `unknown parameter "n"`},
		{"/api/complete?b=Q...&b=....", "b is given 2 times"},
		{"/api/generate?n=8&k=3", "family is missing"},
		{"/api/generate?family=knights&n=8&k=3", `unknown family "knights"`},
		{"/api/generate?family=queens&n=65&k=3", "n = 65 is out of range 1 to 64"},
		{"/api/generate?family=queens&n=8", "k is missing"},
		{"/api/generate?family=queens&n=8&k=9", "9 queens: want 0..8"},
		{"/api/generate?family=diag&n=8&k=3&seed=-1", "seed"},
		{"/api/generate?family=diag&n=8&k=3&size=2", `unknown parameter "size"`},
	} {
		code, body := get(t, srv.URL+tc.path)
		msg := jsonError(body)
		if code != http.StatusBadRequest || !strings.Contains(msg, tc.want) || strings.Contains(msg, "\n") || strings.Count(body, "\n") != 1 {
			t.Errorf("GET %s = %d %q; want 400 and a one-line JSON error containing %q", tc.path, code, body, tc.want)
		}
	}
}

// TestGenerate checks that /api/generate returns the library's board for
// the arguments, and the verdict of Complete on it.
func TestGenerate(t *testing.T) {
	srv := newServer(t, Options{})
	for _, tc := range []struct {
		family string
		n, k   int
		seed   uint64
	}{
		{"diag", 8, 4, 1}, {"diag", 8, 4, 2}, {"queens", 8, 3, 1}, {"queens", 8, 3, 2},
		{"blocked", 8, 20, 7}, {"diag", 21, 19, 3},
	} {
		b, err := nqueens.GeneratePuzzle(tc.family, tc.n, tc.k, tc.seed)
		if err != nil {
			t.Fatal(err)
		}
		_, err = nqueens.Complete(context.Background(), b, nqueens.CompleteOptions{})
		verdict := "completable"
		if errors.Is(err, nqueens.ErrNoCompletion) {
			verdict = "dead end"
		}
		path := "/api/generate?family=" + tc.family + "&n=" + itoa(tc.n) + "&k=" + itoa(tc.k) + "&seed=" + itoa(int(tc.seed))
		code, body := get(t, srv.URL+path)
		var got generateReply
		if code != http.StatusOK || json.Unmarshal([]byte(body), &got) != nil {
			t.Errorf("GET %s = %d %.200s; want 200 and JSON", path, code, body)
			continue
		}
		if got.Board != boardRows(b) || got.Verdict != verdict || len(got.Queens) != len(b.Queens) || len(got.Blocked) != len(b.Blocked) {
			t.Errorf("GET %s: board %q, verdict %q, %d queens, %d blocked; want %q, %q, %d, %d",
				path, got.Board, got.Verdict, len(got.Queens), len(got.Blocked), boardRows(b), verdict, len(b.Queens), len(b.Blocked))
		}
	}
}

// TestCompleteCancel checks that a count stops when its client goes away,
// long before its time bound (a million completions of the empty 64×64
// board take some 20 s).
func TestCompleteCancel(t *testing.T) {
	h, s, err := newHandler(Options{Timeout: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	returned := make(chan time.Time, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(w, r)
		returned <- time.Now()
	}))
	defer srv.Close()
	empty := strings.TrimSuffix(strings.Repeat(strings.Repeat(".", 64)+"/", 64), "/")
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/api/complete?count=1&limit=1000000&b="+url.QueryEscape(empty), nil)
	done := make(chan struct{})
	go func() {
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		close(done)
	}()
	waitFor(t, "the count to start", func() bool { return s.gate.started.Load() == 1 })
	hangUp := time.Now()
	cancel()
	<-done
	select {
	case at := <-returned:
		if d := at.Sub(hangUp); d > 2*time.Second {
			t.Errorf("the complete handler returned %v after the client left", d)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the complete handler still runs 10 s after the client left")
	}
	waitFor(t, "the slot to be free", func() bool { s.gate.mu.Lock(); defer s.gate.mu.Unlock(); return s.gate.free == s.gate.slots })
}

// FuzzComplete checks that /api/complete answers any b (and count) with
// 200 and a verdict or a count, or 400 and a one-line JSON error: never
// another status, never a panic. Searches are bounded by a 100 ms
// timeout, which is an answer too.
func FuzzComplete(f *testing.F) {
	for _, s := range []string{"Q.../..../..../....", "Q../...", "x", "Q", "", "//", "Q.z/...", "QQ/..", "xQ/..", "..../..../..../....//", "\x00", "é.../..../..../...."} {
		f.Add(s, false)
		f.Add(s, true)
	}
	h, _, err := newHandler(Options{Timeout: 100 * time.Millisecond})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, b string, count bool) {
		if len(b) > 5000 {
			t.Skip()
		}
		target := "/api/complete?b=" + url.QueryEscape(b)
		if count {
			target += "&count=1&limit=100"
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", target, nil))
		body := w.Body.String()
		switch w.Code {
		case http.StatusOK:
			var v struct {
				Verdict string
				Exact   *bool
			}
			if json.Unmarshal([]byte(body), &v) != nil || (v.Verdict == "") == (v.Exact == nil) {
				t.Errorf("b %q: 200 %q; want a verdict or a count", b, body)
			}
		case http.StatusBadRequest:
			if msg := jsonError(body); msg == "" || strings.Count(body, "\n") != 1 {
				t.Errorf("b %q: 400 %q; want a one-line JSON error", b, body)
			}
		default:
			t.Errorf("b %q: %d %q; want 200 or 400", b, w.Code, body)
		}
	})
}

// TestGenerateSeed: without a seed (or with seed=0) /api/generate draws
// one, as gen, find --random and merge do, and names it: the board is
// the one that seed gives (it was always seed 0).
func TestGenerateSeed(t *testing.T) {
	srv := newServer(t, Options{})
	seeds := map[uint64]bool{}
	for _, path := range []string{"/api/generate?family=blocked&n=12&k=40", "/api/generate?family=blocked&n=12&k=40", "/api/generate?family=blocked&n=12&k=40&seed=0"} {
		code, body := get(t, srv.URL+path)
		var got generateReply
		if code != http.StatusOK || json.Unmarshal([]byte(body), &got) != nil {
			t.Fatalf("GET %s = %d %.200s; want 200 and JSON", path, code, body)
		}
		b, err := nqueens.GeneratePuzzle("blocked", 12, 40, got.Seed)
		if err != nil {
			t.Fatal(err)
		}
		if got.Seed == 0 || got.Board != boardRows(b) {
			t.Errorf("GET %s: seed %d, board %q; want a seed other than 0 whose board is %q", path, got.Seed, got.Board, boardRows(b))
		}
		seeds[got.Seed] = true
	}
	if len(seeds) != 3 {
		t.Errorf("three requests without a seed drew %d different seeds; want 3", len(seeds))
	}
}
