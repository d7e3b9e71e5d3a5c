package gpu

import (
	"encoding/binary"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/nqueens/nqueens/internal/kernel"
	"github.com/nqueens/nqueens/internal/testtool"
)

// hostProgram builds device/host_main.c (which includes count.cu) with
// the C compiler once per test binary and returns its path. The test
// skips naming the Debian package gcc where there is no C compiler
// (and fails under CI=true, whose install step installs it).
var hostProgram = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "nqueens-gpu-host-")
	if err != nil {
		return "", err
	}
	exe := filepath.Join(dir, "host_main")
	cmd := exec.Command(hostCC, "-O2", "-std=c11", "-Wall", "-Werror", "-pthread", "-x", "c", "host_main.c", "-o", exe)
	cmd.Dir = "device"
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", &buildError{out: string(out), err: err}
	}
	return exe, nil
})

var hostCC string

type buildError struct {
	out string
	err error
}

func (e *buildError) Error() string { return e.err.Error() + ": " + e.out }

// runHost runs the host build of the device code over the batch's
// tasks, in launches of batchSize tasks, and returns their counts;
// extra are host_main's further arguments ("stop").
func runHost(t *testing.T, b *batch, batchSize int, extra ...string) []count {
	t.Helper()
	hostCC = testtool.Require(t, "gcc", "cc", "gcc")
	exe, err := hostProgram()
	if err != nil {
		t.Fatalf("building the host program: %v", err)
	}
	dir := t.TempDir()
	in := make([]byte, 12, 12+len(b.units)*unitBytes+len(b.tasks)*taskBytes)
	binary.LittleEndian.PutUint32(in, uint32(len(b.units)))
	binary.LittleEndian.PutUint32(in[4:], uint32(len(b.tasks)))
	in = append(in, b.putUnits(make([]byte, len(b.units)*unitBytes))...)
	in = append(in, b.putTasks(make([]byte, len(b.tasks)*taskBytes))...)
	inPath, outPath := filepath.Join(dir, "in"), filepath.Join(dir, "out")
	if err := os.WriteFile(inPath, in, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(exe, append([]string{inPath, outPath, strconv.Itoa(batchSize)}, extra...)...).CombinedOutput(); err != nil {
		t.Fatalf("host_main: %v: %s", err, out)
	}
	raw, err := os.ReadFile(outPath)
	if err != nil {
		t.Fatal(err)
	}
	if len(raw) != len(b.tasks)*resultBytes {
		t.Fatalf("host_main wrote %d bytes; want %d", len(raw), len(b.tasks)*resultBytes)
	}
	counts := make([]count, len(b.tasks))
	for i := range counts {
		counts[i] = getCount(raw[i*resultBytes:])
	}
	return counts
}

// TestHostBuild runs the device code, built for the host with a small
// shim (device/host_shim.h: a block's threads are POSIX threads, so the
// shared stack is used by 128 threads at once), over every unit of n =
// 4..14 and a sample of the units of n = 15..17 (the largest and every
// 97th), and compares each unit's solutions, unique count and nodes
// with the CPU kernel's.
func TestHostBuild(t *testing.T) {
	var w kernel.Worker
	for n := 4; n <= 17; n++ {
		p, err := kernel.NewPlan(n)
		if err != nil {
			t.Fatal(err)
		}
		var b batch
		for i := range p.Units {
			if n >= 15 && i%97 != 0 {
				continue
			}
			// Depths that give tasks of every level, the
			// stack's deepest among them (n = 17: level 15 when
			// one row is placed).
			if err := b.add(p, i, n%4); err != nil {
				t.Fatal(err)
			}
		}
		counts := runHost(t, &b, 1000)
		for k, id := range b.ids {
			want, ok := w.CountUnit(p, &p.Units[id])
			if !ok {
				t.Fatal("CountUnit stopped")
			}
			got, err := b.finish(p, k, counts)
			if err != nil || got != want {
				t.Fatalf("n=%d: unit %d = %+v, %v; want %+v", n, id, got, err, want)
			}
		}
	}
}

// TestHostDeepTask checks that the device code counts nothing for a
// task that starts above the levels its stack holds, and that the
// host refuses that count (a task's own row has free squares).
func TestHostDeepTask(t *testing.T) {
	p, _ := kernel.NewPlan(8)
	var b batch
	if err := b.add(p, 0, 0); err != nil {
		t.Fatal(err)
	}
	b.tasks = []task{{unit: 0, level: maxTaskLevel + 1, col: ^uint32(0xff), free: 0xff}}
	b.end[0] = 1
	counts := runHost(t, &b, 1)
	if err := counts[0].check(&b.tasks[0]); err == nil {
		t.Errorf("a task of level %d: the device returned %+v and the host took it", maxTaskLevel+1, counts[0])
	}
	if _, err := b.finish(p, 0, counts); !errors.Is(err, kernel.ErrImplausible) {
		t.Errorf("finish = %v; want ErrImplausible", err)
	}
}

// TestHostBuildStop runs the host build with the kernel's stop flag set
// before each launch: no sub-task is counted, every result is left as
// the host cleared it (0), which the host refuses.
func TestHostBuildStop(t *testing.T) {
	p, err := kernel.NewPlan(10)
	if err != nil {
		t.Fatal(err)
	}
	var b batch
	for i := range p.Units {
		if err := b.add(p, i, 2); err != nil {
			t.Fatal(err)
		}
	}
	for i, c := range runHost(t, &b, 100, "stop") {
		if c != (count{}) {
			t.Fatalf("task %d of a stopped launch = %+v; want nothing counted", i, c)
		}
	}
}

// TestHostBuildStopInTask stops the host build 50 ms into a launch of
// one long sub-task (the costliest unit of n = 20, no row placed on
// the host: seconds of search here): the thread abandons it at its next
// poll (every NQ_POLL steps), so the program returns within a second
// and the task's result is left 0, never a partial count.
func TestHostBuildStopInTask(t *testing.T) {
	p, err := kernel.NewPlan(20)
	if err != nil {
		t.Fatal(err)
	}
	big := 0
	for i, u := range p.Units {
		if u.Cost > p.Units[big].Cost {
			big = i
		}
	}
	var b batch
	if err := b.add(p, big, 0); err != nil {
		t.Fatal(err)
	}
	if len(b.tasks) != 1 {
		t.Fatalf("unit %d of n = 20 at depth 0: %d sub-tasks; want 1", big, len(b.tasks))
	}
	start := time.Now()
	counts := runHost(t, &b, 1, "stop-after=50")
	if took := time.Since(start); took > time.Second {
		t.Errorf("the stopped launch took %v; want within a second", took)
	}
	if counts[0] != (count{}) {
		t.Errorf("the abandoned task = %+v; want nothing counted", counts[0])
	}
}
