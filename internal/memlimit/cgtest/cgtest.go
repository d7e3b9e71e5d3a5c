// Package cgtest runs a test's child process in a memory cgroup of its
// own, as Slurm's cgroup plugin or a Kubernetes memory limit confines a
// job, so that a test can check what the process does under the limit.
package cgtest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// New creates a memory cgroup whose limit is limit bytes, without swap
// where the controller has a swap limit, removed when the test ends, and
// returns a function that makes a command run in it (through sh, which
// moves itself into the cgroup and then executes the command). It is a
// child of the root of the cgroup v2 hierarchy where that has the memory
// controller, else of the v1 memory hierarchy's root, as .ci/run's
// in4g makes its group. Where no cgroup can be made (not Linux, not
// root, no memory controller that can be written, no sh) it skips the
// test, naming why.
func New(t testing.TB, limit uint64) func(*exec.Cmd) *exec.Cmd {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skipf("memory cgroups are Linux's; this is %s", runtime.GOOS)
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skipf("no sh to move a process into a cgroup: %v", err)
	}
	name := fmt.Sprintf("nqueens-test-%d-%s", os.Getpid(), strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '-'
	}, t.Name()))
	type try struct{ parent, limitFile, swapFile string }
	tries := []try{{"/sys/fs/cgroup/memory", "memory.limit_in_bytes", "memory.memsw.limit_in_bytes"}}
	if b, err := os.ReadFile("/sys/fs/cgroup/cgroup.controllers"); err == nil && hasWord(string(b), "memory") {
		tries = append([]try{{"/sys/fs/cgroup", "memory.max", "memory.swap.max"}}, tries...)
	}
	var why []string
	for _, tr := range tries {
		dir := filepath.Join(tr.parent, name)
		if err := os.Mkdir(dir, 0o755); err != nil {
			why = append(why, err.Error())
			continue
		}
		if err := os.WriteFile(filepath.Join(dir, tr.limitFile), []byte(fmt.Sprint(limit)), 0o644); err != nil {
			os.Remove(dir)
			why = append(why, err.Error())
			continue
		}
		swap := "0"
		if strings.Contains(tr.swapFile, "memsw") {
			swap = fmt.Sprint(limit) // memory and swap together
		}
		_ = os.WriteFile(filepath.Join(dir, tr.swapFile), []byte(swap), 0o644) // absent without swap accounting
		t.Cleanup(func() {
			// A killed process may leave the group a moment after
			// it is reaped.
			var err error
			for range 50 {
				if err = os.Remove(dir); err == nil {
					return
				}
				time.Sleep(20 * time.Millisecond)
			}
			t.Errorf("removing the test's cgroup: %v", err)
		})
		procs := filepath.Join(dir, "cgroup.procs")
		return func(c *exec.Cmd) *exec.Cmd {
			args := append([]string{"sh", "-c", `echo $$ > "$0" && exec "$@"`, procs, c.Path}, c.Args[1:]...)
			c.Path, c.Args = sh, args
			return c
		}
	}
	t.Skipf("no memory cgroup can be made here (it needs root and a writable memory controller): %s", strings.Join(why, "; "))
	return nil
}

// hasWord reports whether the space-separated list s holds w.
func hasWord(s, w string) bool {
	for _, f := range strings.Fields(s) {
		if f == w {
			return true
		}
	}
	return false
}
