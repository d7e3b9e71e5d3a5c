//go:build unix

package main

import (
	"os/exec"
	"syscall"
)

// killGroup makes cmd's cancel kill its whole process group: go test
// and the test binary it runs, which would otherwise run on.
func killGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
