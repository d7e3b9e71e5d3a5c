package deploy

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nqueens/nqueens/internal/testtool"
)

// TestSlurmCluster runs deploy/slurm/test-cluster.sh: the Slurm recipe
// under a real one-node Slurm started on this machine (slurmctld,
// slurmd and munged from Debian's slurm-wlm and munge, as root), with a
// task requeued mid-count that must resume from its checkpoint, and the
// arrays' records merged to the exact totals. Without the packages, or
// as another user than root, it skips; under CI=true it fails.
func TestSlurmCluster(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a Slurm cluster and counts for about 25 s")
	}
	// The cluster needs both packages: a skip names both.
	testtool.Require(t, "slurm-wlm munge", "slurmctld")
	testtool.Require(t, "slurm-wlm munge", "slurmd")
	testtool.Require(t, "slurm-wlm munge", "munged")
	if os.Geteuid() != 0 {
		if testtool.InCI() {
			t.Fatalf("the Slurm test needs root (slurmd starts jobs as their user); CI=true needs it to run")
		}
		t.Skip("the Slurm test needs root (slurmd starts jobs as their user)")
	}
	bin := binary(t)
	// The script gives up after TIMEOUT seconds of its own; the context
	// stops it (SIGTERM: it cancels the jobs and stops the daemons) if
	// it hangs anyway.
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "slurm/test-cluster.sh")
	cmd.Env = append(os.Environ(), "NQUEENS="+bin, "TIMEOUT=150")
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = 20 * time.Second
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("test-cluster.sh: %v\n%s", err, out)
	}
	for _, want := range []string{
		"16-queens: 14772512 solutions, 1846955 unique (8 shards",
		"17-queens: 95815104 solutions, 11977939 unique (1 shard",
		" resumed, ",
		"test-cluster: ok",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("test-cluster.sh output lacks %q:\n%s", want, out)
		}
	}
}
