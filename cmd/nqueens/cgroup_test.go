package main

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/nqueens/nqueens/internal/memlimit/cgtest"
)

// TestMemoryCgroup: in a memory cgroup of 512 MiB (a Slurm task's or a
// Kubernetes pod's limit), what does not fit is refused with one line
// naming the cgroup limit, exit 2, before it allocates, instead of being
// killed by the kernel (exit 137, no message). It skips, naming why,
// where no cgroup can be made.
func TestMemoryCgroup(t *testing.T) {
	in := cgtest.New(t, 512<<20)
	bin := binary(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		// About 992 MB of arrays.
		{[]string{"find", "200000000", "-random", "-seed", "1"},
			"nqueens find: -random: n = 200000000 needs about 992 MB of memory, the cgroup memory limit leaves "},
		// At least 1.7 GiB even with one worker; with the default
		// bound (16 GiB) it would start and be killed, or run for hours.
		{[]string{"count", "24", "-method", "join", "-force"},
			"nqueens count: -max-memory: memory limit too small: n = 24 needs 1.8 GiB with method join, and the cgroup memory limit leaves "},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		cmd := in(exec.CommandContext(ctx, bin, tc.args...))
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		cancel()
		var ee *exec.ExitError
		code := 0
		if errors.As(err, &ee) {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatalf("%v: %v", tc.args, err)
		}
		lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
		if code != 2 || len(lines) != 1 || !strings.HasPrefix(lines[0], tc.want) || stdout.Len() != 0 {
			t.Errorf("nqueens %s in a 512 MiB cgroup: exit %d (%v), stdout %q, stderr %q; want exit 2 and one line %q…",
				strings.Join(tc.args, " "), code, err, stdout.String(), stderr.String(), tc.want)
		}
	}
}
