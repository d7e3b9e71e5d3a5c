package memlimit_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"runtime/debug"
	"testing"

	"github.com/nqueens/nqueens/internal/memlimit"
	"github.com/nqueens/nqueens/internal/memlimit/cgtest"
)

// childEnv makes the test binary, run again by TestReadInCgroup, print
// memlimit.Read as JSON.
const childEnv = "NQUEENS_MEMLIMIT_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		b, _ := json.Marshal(memlimit.Read(memlimit.Options{}))
		fmt.Printf("%s\n", b)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestReadInCgroup: a process in a real memory cgroup of 512 MiB reads
// the cgroup's limit, less what it uses, as the least room.
func TestReadInCgroup(t *testing.T) {
	in := cgtest.New(t, 512<<20)
	cmd := in(exec.Command(os.Args[0]))
	cmd.Env = append(os.Environ(), childEnv+"=1")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the child in the cgroup: %v\n%s", err, out)
	}
	var r memlimit.Room
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatalf("the child's output %q: %v", out, err)
	}
	if !r.Known || r.By != memlimit.ByCgroup || r.Bytes > 512<<20 || r.Bytes < 400<<20 {
		t.Errorf("Read in a 512 MiB cgroup = %+v (%v); want the cgroup's limit, 400 to 512 MiB", r, r)
	}
}

// TestReadGoLimit: a soft memory limit below the others bounds the
// room, less what the runtime holds.
func TestReadGoLimit(t *testing.T) {
	prev := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(prev)
	debug.SetMemoryLimit(1 << 40) // far above: the others bind
	if r := memlimit.Read(memlimit.Options{}); r.By == memlimit.ByGo {
		t.Errorf("Read with a 1 TiB soft limit = %v; want another bound", r)
	}
	debug.SetMemoryLimit(1) // below what the runtime holds
	if r := memlimit.Read(memlimit.Options{}); r != (memlimit.Room{Bytes: 0, Known: true, By: memlimit.ByGo}) {
		t.Errorf("Read with a 1-byte soft limit = %+v; want 0 left by %s", r, memlimit.ByGo)
	}
	debug.SetMemoryLimit(1 << 30)
	r := memlimit.Read(memlimit.Options{})
	if r.By == memlimit.ByGo && (r.Bytes >= 1<<30 || r.Bytes < 1<<29) {
		t.Errorf("Read with a 1 GiB soft limit = %v; want 0.5 to 1 GiB left", r)
	}
}
