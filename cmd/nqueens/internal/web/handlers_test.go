package web

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/nqueens/nqueens"
)

// do sends method url with body (if any) and returns the response, whose
// body it has read.
func do(t *testing.T, method, url, body string) (*http.Response, string) {
	t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, url, r)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, string(b)
}

// jsonError returns the "error" of a JSON error body, or "" if body is not
// one.
func jsonError(body string) string {
	var e struct{ Error string }
	if json.Unmarshal([]byte(body), &e) != nil {
		return ""
	}
	return e.Error
}

// TestFind checks /api/find with the default Find, the explicit
// construction that "nqueens serve" runs: a board without a solution is
// an answer (200, "solution": false), and every answer up to FindMax =
// 10,000 is a valid placement of the size asked.
func TestFind(t *testing.T) {
	srv := newServer(t, Options{})
	for _, tc := range []struct {
		n        int
		solution bool
	}{
		{1, true}, {2, false}, {3, false}, {4, true}, {8, true}, {9, true}, {14, true}, {15, true},
		{20, true}, {21, true}, {26, true}, {27, true}, {301, true}, {1000, true}, {9998, true}, {9999, true}, {10_000, true},
	} {
		resp, body := do(t, "GET", srv.URL+"/api/find?n="+itoa(tc.n), "")
		var got struct {
			N        int
			Solution *bool
			Columns  []int
		}
		if resp.StatusCode != http.StatusOK || json.Unmarshal([]byte(body), &got) != nil || got.Solution == nil {
			t.Errorf("find %d = %d %.200s; want 200 and JSON with \"solution\"", tc.n, resp.StatusCode, body)
			continue
		}
		if *got.Solution != tc.solution || got.N != tc.n {
			t.Errorf("find %d: got n %d, solution %v; want n %d, solution %v", tc.n, got.N, *got.Solution, tc.n, tc.solution)
		}
		if !tc.solution {
			if !strings.Contains(body, `"columns":null`) {
				t.Errorf("find %d: got %s; want \"columns\":null", tc.n, body)
			}
			continue
		}
		p := make(nqueens.Placement, len(got.Columns))
		for i, c := range got.Columns {
			p[i] = c - 1
		}
		if len(p) != tc.n {
			t.Errorf("find %d: got %d columns; want %d", tc.n, len(p), tc.n)
		} else if err := nqueens.Validate(p); err != nil {
			t.Errorf("find %d: the columns are no solution: %v", tc.n, err)
		}
	}
	if resp, body := do(t, "GET", srv.URL+"/api/find?n=10001", ""); resp.StatusCode != http.StatusBadRequest || !strings.Contains(jsonError(body), "n = 10001 is out of range 1 to 10000") {
		t.Errorf("find 10001 = %d %s; want 400 naming the range", resp.StatusCode, body)
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// TestBadParams checks that every bad parameter is a JSON 400 — for the
// event stream before the stream starts — including repeated parameters
// and booleans that are not booleans.
func TestBadParams(t *testing.T) {
	srv := newServer(t, Options{})
	for _, tc := range []struct {
		path string
		want string // in the error
	}{
		{"/api/events?n=4&method=quadrant", "want bitboard, arrays, matrix, permutation)"},
		{"/api/events?n=4&method=bogo", "unknown method"},
		{"/api/events?n=x", "not a whole number"},
		{"/api/events?n=4&limit=0", "limit"},
		{"/api/events?n=4&from=-1", "from"},
		{"/api/events?n=4&n=5", "n is given 2 times"},
		{"/api/events?n=4&limit=1&limit=2", "limit is given 2 times"},
		{"/api/solve?n=6&method=quadrant", "want bitboard, arrays, matrix, permutation)"},
		{"/api/solve?n=6&unique=yes", `unique: "yes" is not a boolean`},
		{"/api/solve?n=6&unique=1&unique=1", "unique is given 2 times"},
		{"/api/count?n=12&n=13", "n is given 2 times"},
		{"/api/count?n=5&stream=yes", `stream: "yes" is not a boolean`},
		{"/api/find?n=5&n=5", "n is given 2 times"},
		{"/api/check?p=1&p=1", "p is given 2 times"},
		{"/api/solve?n=4&limit=1&limit=1", "limit is given 2 times"},
		{"/api/config?x=1", `unknown parameter "x" (/api/config takes none)`},
		{"/api/count?n=12&foo=bar", `unknown parameter "foo" (/api/count takes n, stream)`},
		{"/api/events?n=4&lmit=5", `unknown parameter "lmit" (/api/events takes n, method, from, limit)`},
		{"/api/solve?n=4&Unique=1", `unknown parameter "Unique"`},
		{"/api/find?n=4&" + strings.Repeat("x", 100) + "=1", `unknown parameter "` + strings.Repeat("x", 40) + `"…`},
		{"/api/check?p=2+4+1+3&q=1", `unknown parameter "q" (/api/check takes p)`},
		{"/api/count?n=99999999999999999999999", `n = "99999999999999999999999" is too large (want 1 to 17)`},
		{"/api/events?n=4&from=-99999999999999999999999", `from = "-99999999999999999999999" is too small (want 0 to 10000000)`},
		{"/api/solve?n=" + strings.Repeat("9", 100), `n = "` + strings.Repeat("9", 40) + `"… is too large`},
		{"/api/events?n=4&from=10000001", "from = 10000001 is out of range 0 to 10000000"},
		{"/api/count?n=5&x=%zz", "query:"},
	} {
		resp, body := do(t, "GET", srv.URL+tc.path, "")
		ct := resp.Header.Get("Content-Type")
		if got := jsonError(body); resp.StatusCode != http.StatusBadRequest || ct != "application/json" || !strings.Contains(got, tc.want) {
			t.Errorf("GET %s = %d %s %q; want 400 application/json with an error containing %q", tc.path, resp.StatusCode, ct, body, tc.want)
		}
		if strings.Contains(tc.path, "method=quadrant") && strings.Contains(strings.TrimPrefix(jsonError(body), `method: unknown method "quadrant"`), "quadrant") {
			t.Errorf("GET %s: error %q lists quadrant as a valid method", tc.path, body)
		}
	}
}

// TestBoolParams checks that unique and stream accept 1, t, true, 0, f
// and false in any case, as the README says.
func TestBoolParams(t *testing.T) {
	srv := newServer(t, Options{})
	for _, tc := range []struct {
		value string
		want  int // solutions of N = 6
	}{
		{"1", 1}, {"true", 1}, {"TRUE", 1}, {"True", 1}, {"tRuE", 1}, {"t", 1}, {"T", 1},
		{"0", 4}, {"false", 4}, {"FALSE", 4}, {"fAlse", 4}, {"f", 4}, {"F", 4}, {"", 4},
	} {
		resp, body := do(t, "GET", srv.URL+"/api/solve?n=6&unique="+tc.value, "")
		var got struct{ Solutions [][]int }
		if resp.StatusCode != http.StatusOK || json.Unmarshal([]byte(body), &got) != nil {
			t.Errorf("solve 6 unique=%s = %d %s; want 200", tc.value, resp.StatusCode, body)
			continue
		}
		if len(got.Solutions) != tc.want {
			t.Errorf("solve 6 unique=%s: got %d solutions; want %d", tc.value, len(got.Solutions), tc.want)
		}
	}
	for _, tc := range []struct {
		value  string
		stream bool
	}{{"true", true}, {"1", true}, {"TrUe", true}, {"false", false}, {"0", false}, {"FaLsE", false}} {
		resp, body := do(t, "GET", srv.URL+"/api/count?n=6&stream="+tc.value, "")
		ct := resp.Header.Get("Content-Type")
		if got := ct == "text/event-stream"; resp.StatusCode != http.StatusOK || got != tc.stream {
			t.Errorf("count 6 stream=%s = %d %s %.80q; want 200, a stream: %v", tc.value, resp.StatusCode, ct, body, tc.stream)
		}
	}
}

// TestNotFoundAndMethods checks that unknown paths are JSON 404s and known
// paths asked with the wrong method are JSON 405s with an Allow header.
func TestNotFoundAndMethods(t *testing.T) {
	srv := newServer(t, Options{})
	for _, tc := range []struct {
		method, path string
		code         int
		allow        string
	}{
		{"GET", "/nope", 404, ""},
		{"GET", "/nope/deeper.js", 404, ""},
		{"POST", "/nope", 404, ""},
		{"GET", "/api/nothing", 404, ""},
		{"GET", "/api", 404, ""},
		{"POST", "/api/count", 405, "GET, HEAD"},
		{"PUT", "/api/events", 405, "GET, HEAD"},
		{"DELETE", "/api/solve", 405, "GET, HEAD"},
		{"POST", "/api/find", 405, "GET, HEAD"},
		{"POST", "/api/config", 405, "GET, HEAD"},
		{"DELETE", "/api/check", 405, "GET, HEAD, POST"},
		{"POST", "/", 405, "GET, HEAD"},
		{"POST", "/app.js", 405, "GET, HEAD"},
		{"POST", "/queen.svg", 405, "GET, HEAD"},
	} {
		resp, body := do(t, tc.method, srv.URL+tc.path, "")
		ct := resp.Header.Get("Content-Type")
		if resp.StatusCode != tc.code || ct != "application/json" || jsonError(body) == "" {
			t.Errorf("%s %s = %d %s %q; want %d and a JSON error", tc.method, tc.path, resp.StatusCode, ct, body, tc.code)
		}
		if got := resp.Header.Get("Allow"); got != tc.allow {
			t.Errorf("%s %s: Allow %q; want %q", tc.method, tc.path, got, tc.allow)
		}
	}
	// The known paths still answer.
	for _, tc := range []struct {
		method, path string
		ct           string
	}{
		{"GET", "/", "text/html; charset=utf-8"},
		{"HEAD", "/", "text/html; charset=utf-8"},
		{"GET", "/app.js", "text/javascript; charset=utf-8"},
		{"GET", "/style.css", "text/css; charset=utf-8"},
		{"GET", "/queen.svg", "image/svg+xml"},
		{"GET", "/api/config", "application/json"},
		{"HEAD", "/api/config", "application/json"},
	} {
		resp, body := do(t, tc.method, srv.URL+tc.path, "")
		if got := resp.Header.Get("Content-Type"); resp.StatusCode != http.StatusOK || got != tc.ct {
			t.Errorf("%s %s = %d %s %.80q; want 200 %s", tc.method, tc.path, resp.StatusCode, got, body, tc.ct)
		}
	}
}
