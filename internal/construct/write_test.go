package construct

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/nqueens/nqueens/internal/validate"
)

func TestWritePermSmall(t *testing.T) {
	tests := []struct {
		n    int
		want string
	}{
		{1, "1\n"},
		{4, "2 4 1 3\n"},
		{5, "2 4 1 3 5\n"},
		{8, "4 6 8 2 7 1 3 5\n"},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		if err := WritePerm(&b, tt.n); err != nil || b.String() != tt.want {
			t.Errorf("WritePerm(%d) = %q, %v; want %q", tt.n, b.String(), err, tt.want)
		}
	}
	for _, n := range []int{-1, 0, 2, 3} {
		var b bytes.Buffer
		if err := WritePerm(&b, n); !errors.Is(err, ErrNoSolution) || b.Len() != 0 {
			t.Errorf("WritePerm(%d) wrote %q, %v; want nothing, ErrNoSolution", n, b.String(), err)
		}
	}
}

// readPerm parses WritePerm's output with strconv, as an independent
// reference, and validates it.
func readPerm(t *testing.T, r io.Reader, n int) {
	t.Helper()
	br := bufio.NewReaderSize(r, 1<<16)
	c := validate.New(n)
	row := 0
	for {
		tok, err := br.ReadString(' ')
		if err == io.EOF {
			if !strings.HasSuffix(tok, "\n") {
				t.Fatalf("n = %d: output does not end in a newline: %q", n, tok)
			}
			tok = strings.TrimSuffix(tok, "\n")
		} else if err != nil {
			t.Fatal(err)
		} else {
			tok = strings.TrimSuffix(tok, " ")
		}
		v, perr := strconv.Atoi(tok)
		if perr != nil {
			t.Fatalf("n = %d, row %d: %v", n, row+1, perr)
		}
		if v-1 != Column(n, row) {
			t.Fatalf("n = %d, row %d: wrote %d; Column says %d", n, row+1, v, Column(n, row)+1)
		}
		if verr := c.Add(v - 1); verr != nil {
			t.Fatal(verr)
		}
		row++
		if err == io.EOF {
			break
		}
	}
	if err := c.Done(); err != nil {
		t.Fatal(err)
	}
}

func TestWritePermParse(t *testing.T) {
	ns := []int{4, 5, 6, 7, 8, 9, 10, 11, 98, 99, 100, 101, 997, 1000, 1003, 20000, 20001, 20002, 20003, 20004, 20005}
	for _, n := range ns {
		var b bytes.Buffer
		if err := WritePerm(&b, n); err != nil {
			t.Fatal(err)
		}
		readPerm(t, &b, n)
	}
}

// TestWritePermLarge streams a large solution through a pipe into the
// reference parser, so neither side holds it in memory.
func TestWritePermLarge(t *testing.T) {
	n := 1_000_003
	if testing.Short() {
		n = 100_003
	}
	pr, pw := io.Pipe()
	go func() { pw.CloseWithError(WritePerm(pw, n)) }()
	readPerm(t, pr, n)
}

type failWriter struct{ after int }

func (f *failWriter) Write(p []byte) (int, error) {
	if f.after <= 0 {
		return 0, errors.New("disk full")
	}
	f.after--
	return len(p), nil
}

func TestWritePermError(t *testing.T) {
	for _, after := range []int{0, 1, 3} {
		if err := WritePerm(&failWriter{after}, 100000); err == nil || err.Error() != "disk full" {
			t.Errorf("WritePerm to a writer failing after %d writes = %v; want disk full", after, err)
		}
	}
}

func TestWritePermLength(t *testing.T) {
	// Output length is the sum of digit counts plus one byte per number.
	for _, n := range []int{9, 10, 99, 100, 101, 12345} {
		want := 0
		for v := 1; v <= n; v++ {
			want += len(strconv.Itoa(v)) + 1
		}
		var cw countWriter
		if err := WritePerm(&cw, n); err != nil || int(cw) != want {
			t.Errorf("WritePerm(%d) wrote %d bytes, %v; want %d", n, cw, err, want)
		}
	}
}

type countWriter int

func (c *countWriter) Write(p []byte) (int, error) { *c += countWriter(len(p)); return len(p), nil }

var sink int

func BenchmarkColumn(b *testing.B) {
	n := 10_000_004
	s := 0
	for i := 0; b.Loop(); i++ {
		s += Column(n, i%n)
	}
	sink = s
}

func BenchmarkWritePerm(b *testing.B) {
	for _, n := range []int{1_000_000, 10_000_000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := WritePerm(io.Discard, n); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/queen")
		})
	}
}

func TestWriteColumnsJSON(t *testing.T) {
	var b bytes.Buffer
	if err := WriteColumns(&b, 8, `{"n":8,"columns":[`, ',', "]}\n"); err != nil {
		t.Fatal(err)
	}
	if got, want := b.String(), `{"n":8,"columns":[4,6,8,2,7,1,3,5]}`+"\n"; got != want {
		t.Errorf("WriteColumns(8, JSON) = %q; want %q", got, want)
	}
}

func TestWriteInt32s(t *testing.T) {
	cols := []int32{0, 8, 9, 98, 99, 999, 123456788, 2147483646}
	var b bytes.Buffer
	if err := WriteInt32s(&b, cols, "[", ',', "]\n"); err != nil {
		t.Fatal(err)
	}
	if got, want := b.String(), "[1,9,10,99,100,1000,123456789,2147483647]\n"; got != want {
		t.Errorf("WriteInt32s = %q; want %q", got, want)
	}
	b.Reset()
	if err := WriteInt32s(&b, nil, "", ' ', "\n"); err != nil || b.String() != "\n" {
		t.Errorf("WriteInt32s(nil) = %q, %v; want a newline", b.String(), err)
	}
	// Many numbers cross buffer flushes; compare with strconv.
	big := make([]int32, 200_000)
	var want strings.Builder
	for i := range big {
		big[i] = int32(i * 7919 % 1_000_003)
		if i > 0 {
			want.WriteByte(' ')
		}
		want.WriteString(strconv.Itoa(int(big[i]) + 1))
	}
	want.WriteByte('\n')
	b.Reset()
	if err := WriteInt32s(&b, big, "", ' ', "\n"); err != nil || b.String() != want.String() {
		t.Errorf("WriteInt32s(200000 numbers) differs from strconv (err %v)", err)
	}
}

func BenchmarkWriteInt32s(b *testing.B) {
	n := 10_000_000
	cols := make([]int32, n)
	for i := range cols {
		cols[i] = int32(Column(n, i))
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := WriteInt32s(io.Discard, cols, "", ' ', "\n"); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/queen")
}

func TestDigits(t *testing.T) {
	for _, x := range []uint32{0, 1, 9, 10, 11, 99, 100, 999, 1000, 65535, 65536, 999999999, 1000000000, 4294967295} {
		if got, want := digits(x), len(strconv.FormatUint(uint64(x), 10)); got != want {
			t.Errorf("digits(%d) = %d; want %d", x, got, want)
		}
	}
	for x := uint32(1); x < 1<<31; x = x*3 + 1 {
		for _, y := range []uint32{x - 1, x, x + 1} {
			if got, want := digits(y), len(strconv.FormatUint(uint64(y), 10)); got != want {
				t.Fatalf("digits(%d) = %d; want %d", y, got, want)
			}
		}
	}
}
