//go:build linux

package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nqueens/nqueens/internal/testio"
	"github.com/nqueens/nqueens/internal/testtool"
)

// unitStream is standard input for merge: one record's header, then an
// endless unit list, so that a reader that does not refuse at the header
// reads until the test's bounds fail it.
type unitStream struct {
	header string
	buf    []byte
	k      int
}

func (u *unitStream) Read(p []byte) (int, error) {
	for len(u.buf) < len(p) {
		if u.k == 0 {
			u.buf = append(u.buf, u.header...)
		}
		u.buf = fmt.Appendf(u.buf, `{"id":%d,"total":8,"unique":1},`, u.k)
		u.k++
	}
	n := copy(p, u.buf)
	u.buf = u.buf[n:]
	return n, nil
}

// TestHostileArguments runs the command lines and records that once
// sized memory or time by one number (a shard count M, a unit list)
// through the built binary: each must end within 2 s of CPU and 64 MB
// with an exit status of 0 to 3 and no Go runtime text (a panic, a
// fatal error, a goroutine dump) on standard error. CPU time (user and
// system), not wall time, is the claim: on a machine shared with other
// work the wall time of the same run doubles, and a runaway loop or a
// sizing by M shows in the CPU time all the same; a hang is caught by
// the 10 s wall bound.
func TestHostileArguments(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := binary(t)
	timeBin, err := exec.LookPath("time")
	if err != nil {
		if testtool.InCI() {
			t.Fatal("time not found: CI=true needs it to measure peak memory (apt-get install -y time; .ci/run does)")
		}
		t.Log("time not found: peak memory is not measured (install the Debian package time)")
		timeBin = ""
	}
	dir := t.TempDir()
	rec, err := exec.Command(bin, "count", "12", "-shard", "0/1").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"2147483648", "16777216", "730"} {
		b := bytes.Replace(rec, []byte(`"shards":1,`), []byte(`"shards":`+m+`,`), 1)
		if bytes.Equal(b, rec) {
			t.Fatalf("the record of count 12 -shard 0/1 has no \"shards\":1: %s", rec)
		}
		if err := os.WriteFile(filepath.Join(dir, "m"+m+".json"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	hdr := `{"format":"nqueens-shard/1","n":17,"version":"kernel/7","plan":"x","shard":0,"shards":1,"units_done":%d,"units":[`
	tests := []struct {
		name  string
		args  []string
		stdin io.Reader
		code  int // the exit status wanted
	}{
		{"count M 2^24", []string{"count", "12", "-shard", "0/16777216"}, nil, exitUsage},
		{"count M 2^30", []string{"count", "12", "-shard", "0/1073741824"}, nil, exitUsage},
		{"count M 2^31", []string{"count", "16", "-shard", "5/2147483648"}, nil, exitUsage},
		{"count join M 2^31", []string{"count", "16", "-method", "quadrant", "-shard", "5/2147483648"}, nil, exitUsage},
		{"count R·units+1", []string{"count", "12", "-shard", "0/1461", "-replicas", "2"}, nil, exitUsage},
		{"plan M 2^31", []string{"plan", "16", "-shards", "2147483648"}, nil, exitUsage},
		{"plan M 10^5", []string{"plan", "16", "-shards", "100000"}, nil, exitUsage},
		{"plan M = units", []string{"plan", "16", "-shards", "3206"}, nil, exitOK},
		{"plan M = 2·units", []string{"plan", "16", "-shards", "6412", "-replicas", "2"}, nil, exitOK},
		{"merge shards 2^31", []string{"merge", filepath.Join(dir, "m2147483648.json")}, nil, exitUsage},
		{"merge shards 2^24", []string{"merge", filepath.Join(dir, "m16777216.json")}, nil, exitUsage},
		{"merge shards = units", []string{"merge", filepath.Join(dir, "m730.json")}, nil, exitNo},
		{"merge 3·10^6 units", []string{"merge", "-"}, &unitStream{header: fmt.Sprintf(hdr, 3000000)}, exitUsage},
		{"merge units first", []string{"merge", "-"}, &unitStream{header: `{"n":17,"units":[`}, exitUsage},
		{"merge endless units", []string{"merge", "-"}, &unitStream{header: fmt.Sprintf(hdr, 2000000)}, exitUsage},
		// yes "$(cat k0.json)" | nqueens merge -: refused at the second copy.
		{"merge a record repeated", []string{"merge", "-"}, testio.Repeat(string(bytes.TrimSpace(rec))+"\n", 1<<30), exitUsage},
		{"merge shards = replicas = 10^12", []string{"merge", "-"},
			strings.NewReader(strings.Replace(string(rec), `"shards":1,`, `"shards":1000000000000,"replicas":1000000000000,`, 1)), exitUsage},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// Peak memory and CPU time from GNU time: the child's own
			// rusage would hold this test's peak, which Linux keeps
			// across exec.
			rssFile := filepath.Join(t.TempDir(), "rss")
			cmd := exec.Command(bin, tc.args...)
			if timeBin != "" {
				cmd = exec.Command(timeBin, append([]string{"-f", "%U %S %M", "-o", rssFile, bin}, tc.args...)...)
			}
			cmd.Stdin = tc.stdin
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			t0 := time.Now()
			done := make(chan error, 1)
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			go func() { done <- cmd.Wait() }()
			select {
			case <-done:
			case <-time.After(10 * time.Second): // a bound against a hang; the 2 s below is the claim
				cmd.Process.Kill()
				<-done
				t.Fatalf("nqueens %s: still running after 10 s", strings.Join(tc.args, " "))
			}
			code := cmd.ProcessState.ExitCode()
			cpu := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
			var rss int64
			if timeBin != "" {
				b, err := os.ReadFile(rssFile)
				if err != nil {
					t.Fatal(err)
				}
				// The last line (GNU time writes "Command exited with
				// non-zero status" before it).
				lines := strings.Split(strings.TrimSpace(string(b)), "\n")
				f := strings.Fields(lines[len(lines)-1])
				if len(f) != 3 {
					t.Fatalf("time wrote %q", b)
				}
				user, err1 := strconv.ParseFloat(f[0], 64)
				sys, err2 := strconv.ParseFloat(f[1], 64)
				kb, err3 := strconv.ParseInt(f[2], 10, 64)
				if err1 != nil || err2 != nil || err3 != nil {
					t.Fatalf("time wrote %q", b)
				}
				cpu = time.Duration((user + sys) * float64(time.Second))
				rss = kb << 10
			}
			se := stderr.String()
			if strings.Contains(se, "fatal error") || strings.Contains(se, "goroutine ") || strings.Contains(se, "panic:") {
				t.Errorf("nqueens %s: Go runtime text on stderr:\n%s", strings.Join(tc.args, " "), se)
			}
			if code != tc.code || strings.Count(se, "\n") > 1 {
				t.Errorf("nqueens %s: exit %d, stderr %q; want %d and at most one line", strings.Join(tc.args, " "), code, se, tc.code)
			}
			if cpu > 2*time.Second || rss > 64<<20 {
				t.Errorf("nqueens %s: %v of CPU (%v wall), %d MB; want at most 2 s of CPU and 64 MB", strings.Join(tc.args, " "), cpu.Round(time.Millisecond), time.Since(t0).Round(time.Millisecond), rss>>20)
			}
		})
	}
}
