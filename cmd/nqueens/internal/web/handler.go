package web

import "net/http"

// apiHandler is a handler of the API that returns its error instead of
// answering it. It returns a non-nil error only while nothing of the
// answer is written, and serving it answers the error with fail: 400 for
// a bad request, 503 when busy, 504 out of time, 500 otherwise. Once a
// handler has written (a JSON answer, or the first event of a stream) it
// reports any later trouble itself and returns nil.
type apiHandler func(w http.ResponseWriter, r *http.Request) error

// ServeHTTP runs h and answers its error, if any, with fail.
func (h apiHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if err := h(w, r); err != nil {
		fail(w, err)
	}
}
