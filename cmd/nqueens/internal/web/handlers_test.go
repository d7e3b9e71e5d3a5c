package web

import (
	"context"
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

// TestFindNoSolution checks that a board without a solution is an
// answer (200, "solution": false), with the default search and with the
// explicit construction that "nqueens serve" uses.
func TestFindNoSolution(t *testing.T) {
	finders := map[string]func(context.Context, int) (nqueens.Placement, error){
		"backtracking": nil,
		"nqueens.Find": func(_ context.Context, n int) (nqueens.Placement, error) { return nqueens.Find(n) },
	}
	for name, find := range finders {
		srv := newServer(t, Options{Find: find})
		for _, tc := range []struct {
			n        int
			solution bool
		}{{1, true}, {2, false}, {3, false}, {4, true}, {8, true}} {
			resp, body := do(t, "GET", srv.URL+"/api/find?n="+itoa(tc.n), "")
			var got struct {
				N        int
				Solution *bool
				Columns  []int
			}
			if resp.StatusCode != http.StatusOK || json.Unmarshal([]byte(body), &got) != nil || got.Solution == nil {
				t.Errorf("%s: find %d = %d %s; want 200 and JSON with \"solution\"", name, tc.n, resp.StatusCode, body)
				continue
			}
			if *got.Solution != tc.solution || got.N != tc.n {
				t.Errorf("%s: find %d: got n %d, solution %v; want n %d, solution %v", name, tc.n, got.N, *got.Solution, tc.n, tc.solution)
			}
			if tc.solution && len(got.Columns) != tc.n {
				t.Errorf("%s: find %d: got %d columns; want %d", name, tc.n, len(got.Columns), tc.n)
			}
			if !tc.solution && !strings.Contains(body, `"columns":null`) {
				t.Errorf("find %d: got %s; want \"columns\":null", tc.n, body)
			}
		}
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
		{"/api/events?n=4&method=quadrant", "want bitboard, arrays, board, permutation)"},
		{"/api/events?n=4&method=bogo", "unknown method"},
		{"/api/events?n=x", "not a whole number"},
		{"/api/events?n=4&limit=0", "limit"},
		{"/api/events?n=4&from=-1", "from"},
		{"/api/events?n=4&n=5", "n is given 2 times"},
		{"/api/events?n=4&limit=1&limit=2", "limit is given 2 times"},
		{"/api/solve?n=6&method=quadrant", "want bitboard, arrays, board, permutation)"},
		{"/api/solve?n=6&unique=yes", `unique: "yes" is not a boolean`},
		{"/api/solve?n=6&unique=1&unique=1", "unique is given 2 times"},
		{"/api/count?n=12&n=13", "n is given 2 times"},
		{"/api/count?n=5&stream=yes", `stream: "yes" is not a boolean`},
		{"/api/find?n=5&n=5", "n is given 2 times"},
		{"/api/check?p=1&p=1", "p is given 2 times"},
		{"/api/config?x=1&x=2", "x is given 2 times"},
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

// TestBoolParams checks that unique and stream accept what
// strconv.ParseBool accepts.
func TestBoolParams(t *testing.T) {
	srv := newServer(t, Options{})
	for _, tc := range []struct {
		value string
		want  int // solutions of N = 6
	}{{"1", 1}, {"true", 1}, {"TRUE", 1}, {"t", 1}, {"0", 4}, {"false", 4}, {"f", 4}, {"", 4}} {
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
	}{{"true", true}, {"1", true}, {"false", false}, {"0", false}} {
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
