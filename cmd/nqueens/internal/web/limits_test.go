package web

import (
	"net/http"
	"strings"
	"testing"
)

// TestBodyMaxEdge: POST /api/check takes a body of exactly BodyMax
// bytes and refuses one of BodyMax+1 with a 400 naming the limit (the
// other tests send bodies far past it, which a cap off by a few bytes
// refuses too).
func TestBodyMaxEdge(t *testing.T) {
	srv := newServer(t, Options{})
	const doc = `{"placement":"1"}`
	for _, tc := range []struct {
		size     int
		wantCode int
		want     string // in the body
	}{
		{BodyMax, http.StatusOK, `"valid":true`},
		{BodyMax + 1, http.StatusBadRequest, "request body larger than"},
	} {
		body := strings.Repeat(" ", tc.size-len(doc)) + doc
		resp, got := do(t, "POST", srv.URL+"/api/check", body)
		if resp.StatusCode != tc.wantCode || !strings.Contains(got, tc.want) {
			t.Errorf("POST /api/check with a body of %d bytes (BodyMax %d) = %d %.200q; want %d and %q",
				tc.size, BodyMax, resp.StatusCode, got, tc.wantCode, tc.want)
		}
	}
}

// TestOptionsLimits: newHandler takes CountMax up to CountLimit and
// refuses one more, and refuses every negative limit.
func TestOptionsLimits(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts Options
		ok   bool
	}{
		{"CountMax = CountLimit", Options{CountMax: CountLimit}, true},
		{"CountMax = CountLimit+1", Options{CountMax: CountLimit + 1}, false},
		{"CountMax < 0", Options{CountMax: -1}, false},
		{"CountTimeout < 0", Options{CountTimeout: -1}, false},
		{"Timeout < 0", Options{Timeout: -1}, false},
		{"FindMax < 0", Options{FindMax: -1}, false},
		{"Cores < 0", Options{Cores: -1}, false},
		{"QueueMax < 0", Options{QueueMax: -1}, false},
		{"QueueWait < 0", Options{QueueWait: -1}, false},
	} {
		_, _, err := newHandler(tc.opts)
		if (err == nil) != tc.ok {
			t.Errorf("%s: newHandler error = %v; want ok = %v", tc.name, err, tc.ok)
		}
	}
}
