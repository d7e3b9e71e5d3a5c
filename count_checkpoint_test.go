package nqueens

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nqueens/nqueens/internal/kernel"
	"github.com/nqueens/nqueens/internal/quadrant"
)

// countUntil counts n with a checkpoint and cancels after stop units.
func countUntil(t *testing.T, n int, opts CountOptions, stop int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opts.Progress = func(p Progress) {
		if p.UnitsDone-p.Resumed >= stop {
			cancel()
		}
	}
	if _, err := Count(ctx, n, opts); !errors.Is(err, context.Canceled) {
		t.Fatalf("Count(%d) cancelled after %d units: error = %v; want context.Canceled", n, stop, err)
	}
}

func TestCheckpointResume(t *testing.T) {
	total := loadOEIS(t, "a000170")
	path := filepath.Join(t.TempDir(), "ck")
	opts := CountOptions{Workers: 2, Checkpoint: path}
	// N = 14: units long enough (milliseconds) that a cancel stops the
	// count before it runs out of units.
	countUntil(t, 14, opts, 5)
	countUntil(t, 14, opts, 5)
	res, err := Count(context.Background(), 14, opts)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := res.Solutions, want(t, total, 14); got != want {
		t.Errorf("resumed Count(14).Solutions = %v; want %v", got, want)
	}
	if res.Resumed < 10 {
		t.Errorf("resumed %d of %d units; want at least the 10 counted before", res.Resumed, res.Units)
	}
	// All done: a rerun counts nothing and gives the same answer.
	again, err := Count(context.Background(), 14, opts)
	if err != nil || again.Solutions != res.Solutions || again.Resumed != again.Units || again.Nodes != 0 {
		t.Errorf("rerun of a finished checkpoint = %+v, %v; want every unit resumed, same total", again, err)
	}
}

func TestCheckpointTornTail(t *testing.T) {
	total := loadOEIS(t, "a000170")
	path := filepath.Join(t.TempDir(), "ck")
	opts := CountOptions{Workers: 2, Checkpoint: path}
	if _, err := Count(context.Background(), 12, opts); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	lines := strings.SplitAfter(string(data), "\n")
	lines = lines[:len(lines)-1] // the empty string after the last '\n'
	dup := lines[len(lines)-2]   // repeat a whole record: counted once
	tornAt := len(data) - len(lines[len(lines)-1])/2
	for name, content := range map[string]string{
		"torn":       string(data[:tornAt]),
		"zeros":      string(data[:tornAt]) + strings.Repeat("\x00", 512),
		"duplicated": string(data) + dup,
	} {
		os.WriteFile(path, []byte(content), 0o644)
		res, err := Count(context.Background(), 12, opts)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got, want := res.Solutions, want(t, total, 12); got != want {
			t.Errorf("%s: Count(12).Solutions = %v; want %v", name, got, want)
		}
		if name == "torn" && res.Resumed != res.Units-1 {
			t.Errorf("%s: resumed %d of %d; want all but the torn one", name, res.Resumed, res.Units)
		}
	}
}

func TestCheckpointRefused(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "ck")
	if _, err := Count(context.Background(), 9, CountOptions{Checkpoint: path}); err != nil {
		t.Fatal(err)
	}
	if _, err := Count(context.Background(), 10, CountOptions{Checkpoint: path}); !errors.Is(err, ErrCheckpoint) || !strings.Contains(err.Error(), "n = 9, not n = 10") {
		t.Errorf("Count(10) with the checkpoint of 9: error = %v; want ErrCheckpoint naming both", err)
	}
	foreign := filepath.Join(dir, "go.mod")
	os.WriteFile(foreign, []byte("module x\n"), 0o644)
	if _, err := Count(context.Background(), 9, CountOptions{Checkpoint: foreign}); !errors.Is(err, ErrCheckpoint) {
		t.Errorf("Count with a foreign checkpoint: error = %v; want ErrCheckpoint", err)
	}
	if b, _ := os.ReadFile(foreign); string(b) != "module x\n" {
		t.Errorf("a refused foreign file was changed to %q", b)
	}
	if _, err := Count(context.Background(), 9, CountOptions{Checkpoint: path, Method: MethodArrays}); err == nil {
		t.Errorf("Count with a checkpoint and the arrays method: no error")
	}
}

func TestShardCheckpoint(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ck")
	opts := CountOptions{Workers: 2, Checkpoint: path, Shard: Shard{Index: 2, Count: 3}}
	countUntil(t, 14, opts, 5)
	res, err := Count(context.Background(), 14, opts)
	if err != nil {
		t.Fatal(err)
	}
	direct, _ := Count(context.Background(), 14, CountOptions{Shard: Shard{Index: 2, Count: 3}})
	if res.Resumed == 0 || res.Solutions != direct.Solutions || len(res.UnitResults) != len(direct.UnitResults) {
		t.Errorf("resumed shard: %v in %d units (%d resumed); want %v in %d units", res.Solutions, len(res.UnitResults), res.Resumed, direct.Solutions, len(direct.UnitResults))
	}
	for i, u := range res.UnitResults {
		if u != direct.UnitResults[i] {
			t.Errorf("resumed shard unit %d = %+v; want %+v", i, u, direct.UnitResults[i])
		}
	}
}

// TestJoinCheckpointResume cancels join counts after a few units,
// twice, and resumes: the total is exact and the finished units are not
// counted again. Even N has one frame, odd N many.
func TestJoinCheckpointResume(t *testing.T) {
	total := loadOEIS(t, "a000170")
	for _, tc := range []struct {
		n     int
		shard Shard
	}{
		{14, Shard{}}, {15, Shard{}}, {16, Shard{Index: 1, Count: 3}},
	} {
		path := filepath.Join(t.TempDir(), "ck")
		opts := CountOptions{Workers: 2, Method: MethodJoin, Checkpoint: path, Shard: tc.shard}
		countUntil(t, tc.n, opts, 5)
		countUntil(t, tc.n, opts, 5)
		var first Progress
		calls := 0
		opts.Progress = func(p Progress) {
			if calls == 0 {
				first = p
			}
			calls++
		}
		res, err := Count(context.Background(), tc.n, opts)
		if err != nil {
			t.Fatal(err)
		}
		direct, err := Count(context.Background(), tc.n, CountOptions{Method: MethodJoin, Shard: tc.shard})
		if err != nil {
			t.Fatal(err)
		}
		if tc.shard == (Shard{}) && res.Solutions != want(t, total, tc.n) {
			t.Errorf("n=%d: resumed quadrant count = %v; want %v", tc.n, res.Solutions, want(t, total, tc.n))
		}
		if res.Solutions != direct.Solutions || res.Units != direct.Units || res.Method != MethodJoin {
			t.Errorf("n=%d shard %v: resumed %v in %d units; want %v in %d units", tc.n, tc.shard, res.Solutions, res.Units, direct.Solutions, direct.Units)
		}
		if res.Resumed < 10 || res.Resumed >= res.Units {
			t.Errorf("n=%d: resumed %d of %d units; want at least the 10 counted before, not all", tc.n, res.Resumed, res.Units)
		}
		if first.UnitsDone != res.Resumed || first.Resumed != res.Resumed || calls != res.Units-res.Resumed+1 {
			t.Errorf("n=%d: first progress %+v, %d calls; want %d resumed, then one call per unit left", tc.n, first, calls, res.Resumed)
		}
		for i, u := range res.UnitResults {
			if u != direct.UnitResults[i] {
				t.Errorf("n=%d resumed shard unit %d = %+v; want %+v", tc.n, i, u, direct.UnitResults[i])
			}
		}
		// All done: a rerun counts nothing and gives the same answer.
		opts.Progress = nil
		again, err := Count(context.Background(), tc.n, opts)
		if err != nil || again.Solutions != res.Solutions || again.Resumed != again.Units {
			t.Errorf("n=%d: rerun of a finished checkpoint = %+v, %v; want every unit resumed, same total", tc.n, again, err)
		}
		b, _ := os.ReadFile(path)
		if !strings.HasPrefix(string(b), "nqueens-checkpoint/1 n="+itoa(tc.n)+" version="+quadrant.UnitsVersion+" plan=") {
			t.Errorf("n=%d: checkpoint header %q; want the quadrant decomposition", tc.n, strings.SplitN(string(b), "\n", 2)[0])
		}
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestJoinCheckpointRefused: a checkpoint of the other method, or of
// another N, is refused and left as it was.
func TestJoinCheckpointRefused(t *testing.T) {
	dir := t.TempDir()
	kern := filepath.Join(dir, "kernel")
	quad := filepath.Join(dir, "quadrant")
	ctx := context.Background()
	if _, err := Count(ctx, 12, CountOptions{Checkpoint: kern}); err != nil {
		t.Fatal(err)
	}
	if _, err := Count(ctx, 12, CountOptions{Method: MethodJoin, Checkpoint: quad}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		path string
		n    int
		m    Method
		want string
	}{
		{"bitboard file, quadrant count", kern, 12, MethodJoin, "it is a checkpoint of method kernel (" + kernel.Version + ") for n = 12, this count uses method join (" + quadrant.UnitsVersion + "); count with method kernel to resume it"},
		{"quadrant file, bitboard count", quad, 12, MethodKernel, "it is a checkpoint of method join (" + quadrant.UnitsVersion + ") for n = 12, this count uses method kernel (" + kernel.Version + "); count with method join to resume it"},
		{"quadrant file of another n", quad, 13, MethodJoin, "it is for n = 12, not n = 13"},
	} {
		before, _ := os.ReadFile(tc.path)
		_, err := Count(ctx, tc.n, CountOptions{Method: tc.m, Checkpoint: tc.path})
		if !errors.Is(err, ErrCheckpoint) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error = %v; want ErrCheckpoint with %q", tc.name, err, tc.want)
		}
		if after, _ := os.ReadFile(tc.path); string(after) != string(before) {
			t.Errorf("%s: the refused file changed", tc.name)
		}
	}
	// Quadrant has no units below N = 4; the classic methods none at all.
	for _, opts := range []CountOptions{
		{Method: MethodJoin, Shard: Shard{Index: 0, Count: 2}},
		{Method: MethodJoin, Checkpoint: filepath.Join(dir, "small")},
		{Method: MethodArrays, Shard: Shard{Index: 0, Count: 2}},
	} {
		if _, err := Count(ctx, 3, opts); err == nil {
			t.Errorf("Count(3, %+v): no error", opts)
		}
	}
}

// TestCheckpointTornHeaderNotice: a checkpoint holding only a header cut
// off mid-line is written anew, the count is exact, and Notice says the
// file was unusable and why (it once started over without a word).
func TestCheckpointTornHeaderNotice(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.ckpt")
	if _, err := Count(context.Background(), 10, CountOptions{Checkpoint: path}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b[:30], 0o644); err != nil {
		t.Fatal(err)
	}
	var notices []string
	res, err := Count(context.Background(), 10, CountOptions{Checkpoint: path, Notice: func(s string) { notices = append(notices, s) }})
	if err != nil || res.Solutions.String() != "724" {
		t.Fatalf("Count(10) from a torn header = %v, %v; want 724", res.Solutions, err)
	}
	if len(notices) != 1 || !strings.Contains(notices[0], "header cut off after 30 bytes") || !strings.Contains(notices[0], "starts from the beginning") {
		t.Errorf("notices %q; want one naming the header cut off after 30 bytes", notices)
	}
}
