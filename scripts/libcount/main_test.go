package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func TestRun(t *testing.T) {
	for _, tc := range []struct {
		args       []string
		code       int
		out, inErr string
	}{
		{[]string{"8", "bitboard"}, 0, "8-queens: 92 solutions (method bitboard)\n", ""},
		{[]string{"8", "kernel"}, 0, "8-queens: 92 solutions (method kernel)\n", ""},
		{[]string{"10", "join"}, 0, "10-queens: 724 solutions (method join)\n", ""},
		{[]string{"10", "quadrant"}, 0, "10-queens: 724 solutions (method join)\n", ""},
		{[]string{"8", "arrays"}, 0, "8-queens: 92 solutions (method arrays)\n", ""},
		{[]string{"8"}, 0, "8-queens: 92 solutions (method kernel)\n", ""},
		{[]string{}, 2, "", "usage: libcount N [METHOD]"},
		{[]string{"eight", "kernel"}, 2, "", `libcount: N: not a number: "eight"`},
		{[]string{"8", "all"}, 2, "", `libcount: unknown method "all"`},
		{[]string{"99", "join"}, 2, "", "libcount: "},
	} {
		var out, errb bytes.Buffer
		code := run(context.Background(), &out, &errb, tc.args)
		if code != tc.code || out.String() != tc.out || !strings.Contains(errb.String(), tc.inErr) || (tc.inErr == "") != (errb.Len() == 0) {
			t.Errorf("run(%q) = %d, stdout %q, stderr %q; want %d, %q, stderr containing %q", tc.args, code, out.String(), errb.String(), tc.code, tc.out, tc.inErr)
		}
	}
}
