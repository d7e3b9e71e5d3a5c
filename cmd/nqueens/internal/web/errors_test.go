package web

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// noRedirect is a client that returns a redirect instead of following it.
var noRedirect = &http.Client{
	Timeout:       time.Minute,
	CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
}

// jsonErrorOf returns the "error" and "code" of a JSON error body.
func jsonErrorOf(body string) (msg, code string) {
	var e struct{ Error, Code string }
	if json.Unmarshal([]byte(body), &e) != nil {
		return "", ""
	}
	return e.Error, e.Code
}

// TestUncleanPaths checks that a path http.ServeMux would redirect (not
// clean, as a client sends it that does not clean its paths, or /api
// without its slash) is a JSON 404, not an HTML redirect, and that the
// clean paths still answer.
func TestUncleanPaths(t *testing.T) {
	srv := newServer(t, Options{})
	for _, p := range []string{"/../../etc/passwd", "/..", "//api/count?n=4", "/api/../api/count?n=4", "/./app.js", "/api//count?n=4", "/api/count/.?n=4", "/api"} {
		req, err := http.NewRequest("GET", srv.URL+p, nil)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := noRedirect.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		msg, code := jsonErrorOf(string(b))
		if resp.StatusCode != http.StatusNotFound || resp.Header.Get("Content-Type") != "application/json" || code != "not_found" || !strings.HasPrefix(msg, "no such path: GET /") {
			t.Errorf("GET %s = %d %s %q; want 404 and a JSON error not_found", p, resp.StatusCode, resp.Header.Get("Content-Type"), b)
		}
	}
	for _, p := range []string{"/", "/app.js", "/i18n/en.js", "/api/count?n=4", "/api/"} {
		resp, err := noRedirect.Get(srv.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		want := http.StatusOK
		if p == "/api/" {
			want = http.StatusNotFound
		}
		if resp.StatusCode != want {
			t.Errorf("GET %s = %d; want %d", p, resp.StatusCode, want)
		}
	}
}

// rawRequest writes req on a new connection to addr and returns the
// answer, its body read, and the error of a read after it: io.EOF when
// the server closed the connection cleanly.
func rawRequest(t *testing.T, addr, req string) (*http.Response, string, error) {
	t.Helper()
	c, err := net.DialTimeout("tcp", addr, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(30 * time.Second))
	go io.WriteString(c, req) // the server may answer before it has read it all
	br := bufio.NewReader(c)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatalf("%.60q: %v", req, err)
	}
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%.60q: reading the body: %v", req, err)
	}
	_, after := br.ReadByte()
	return resp, string(b), after
}

// TestListenerJSONErrors checks that the answers net/http's server writes
// by itself, before any handler, come in the API's shape on a Listener:
// 431 for a URL over the header limit, 400 for a request without Host,
// keeping their status; and that a handler's answers pass untouched.
func TestListenerJSONErrors(t *testing.T) {
	srv := httptest.NewUnstartedServer(nil)
	h, _, err := newHandler(Options{Addr: srv.Listener.Addr().String()})
	if err != nil {
		t.Fatal(err)
	}
	srv.Config.Handler = h
	srv.Config.MaxHeaderBytes = MaxHeaderBytes
	srv.Listener = Listener(srv.Listener)
	srv.Start()
	defer srv.Close()
	addr := srv.Listener.Addr().String()
	for _, tc := range []struct {
		name, req string
		status    int
		code, msg string
	}{
		{"URL of 90 KB", "GET /api/check?p=" + strings.Repeat("%5B", 30000) + " HTTP/1.1\r\nHost: " + addr + "\r\n\r\n", 431, "bad_request", "the request line and headers are over 20480 bytes"},
		// The client still sends when the answer comes: net/http's
		// half-close lets it read the answer before the reset.
		{"URL of 1.2 MB", "GET /api/check?p=" + strings.Repeat("%5B", 400000) + " HTTP/1.1\r\nHost: " + addr + "\r\n\r\n", 431, "bad_request", "no request of this API is so long"},
		{"URL of 21 KB", "GET /api/check?p=" + strings.Repeat("1+", 10500) + " HTTP/1.1\r\nHost: " + addr + "\r\n\r\n", 431, "bad_request", "no request of this API is so long"},
		{"no Host", "GET /api/config HTTP/1.1\r\n\r\n", 400, "bad_request", "missing required Host header"},
		{"bad header line", "GET /api/config HTTP/1.1\r\nHost: " + addr + "\r\nno colon\r\n\r\n", 400, "bad_request", "400 Bad Request"},
	} {
		resp, body, after := rawRequest(t, addr, tc.req)
		msg, code := jsonErrorOf(body)
		if resp.StatusCode != tc.status || resp.Header.Get("Content-Type") != "application/json" || code != tc.code || !strings.Contains(msg, tc.msg) {
			t.Errorf("%s: %d %s %q; want %d and a JSON error %s with %q", tc.name, resp.StatusCode, resp.Header.Get("Content-Type"), body, tc.status, tc.code, tc.msg)
		}
		// After its 431 net/http half-closes the connection (if the
		// listener's connections can): the client reads the end of the
		// answer, not a reset for the request it is still sending.
		if tc.status == 431 && after != io.EOF {
			t.Errorf("%s: after the answer: %v; want the end of the connection (EOF)", tc.name, after)
		}
	}
	// A handler's answers, errors too, as the handler wrote them.
	resp, body, _ := rawRequest(t, addr, "GET /api/count?n=4 HTTP/1.1\r\nHost: "+addr+"\r\nConnection: close\r\n\r\n")
	if resp.StatusCode != 200 || !strings.HasPrefix(body, `{"n":4,"solutions":2,`) {
		t.Errorf("GET /api/count?n=4 = %d %q; want 200 and the count", resp.StatusCode, body)
	}
	resp, body, _ = rawRequest(t, addr, "GET /api/count?n=99 HTTP/1.1\r\nHost: "+addr+"\r\nConnection: close\r\n\r\n")
	if _, code := jsonErrorOf(body); resp.StatusCode != 400 || code != "bad_request" || resp.Header.Get("Date") == "" {
		t.Errorf("GET /api/count?n=99 = %d %q; want the handler's 400", resp.StatusCode, body)
	}
}

// TestJSONNetError checks the rewriting of net/http's own answers: the
// forms it writes become JSON with their status; anything else, a
// handler's plain-text answer among them, is left alone.
func TestJSONNetError(t *testing.T) {
	const hdr = "\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n"
	for _, tc := range []struct {
		in     string
		ok     bool
		status string
		code   string
	}{
		{"HTTP/1.1 431 Request Header Fields Too Large" + hdr + "431 Request Header Fields Too Large", true, "431 Request Header Fields Too Large", "bad_request"},
		{"HTTP/1.1 400 Bad Request: missing required Host header" + hdr + "400 Bad Request: missing required Host header", true, "400 Bad Request: missing required Host header", "bad_request"},
		{"HTTP/1.1 501 Not Implemented" + hdr + "Unsupported transfer encoding", true, "501 Not Implemented", "internal"},
		{"HTTP/1.1 200 OK" + hdr + "hello", false, "", ""},
		{"HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nDate: x\r\n\r\n404 page not found", false, "", ""},
		{"HTTP/1.1 400 Bad Request\r\nX: y" + hdr + "body", false, "", ""},
		{"partial HTTP/1.1 400 Bad Request" + hdr, false, "", ""},
		{"", false, "", ""},
	} {
		out, ok := jsonNetError([]byte(tc.in))
		if ok != tc.ok {
			t.Errorf("jsonNetError(%.50q) ok = %v; want %v", tc.in, ok, tc.ok)
			continue
		}
		if !ok {
			continue
		}
		resp, err := http.ReadResponse(bufio.NewReader(strings.NewReader(string(out))), nil)
		if err != nil {
			t.Errorf("jsonNetError(%.50q) = %q: %v", tc.in, out, err)
			continue
		}
		b, _ := io.ReadAll(resp.Body)
		msg, code := jsonErrorOf(string(b))
		if resp.Status != tc.status || resp.Header.Get("Content-Type") != "application/json" || code != tc.code || msg == "" {
			t.Errorf("jsonNetError(%.50q) = %q; want status %q and a JSON error %s", tc.in, out, tc.status, tc.code)
		}
	}
}
