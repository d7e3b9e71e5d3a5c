package main

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
)

var versionCmd = &command{
	name:    "version",
	run:     runVersion,
	args:    "",
	summary: "print the module version and the revision it was built from",
	help: `Prints the module version, the VCS revision and time the binary was built
from (with "modified" when the work tree had uncommitted changes), and the Go
toolchain. "nqueens -version" is the same. A binary built without version
control information (go test, or -buildvcs=false) says "(devel)" and no
revision.

Example (a build from a clone; a git worktree or -buildvcs=false records
no revision):
  $ nqueens version
  nqueens v0.0.0-20261130200051-4ea9eaf0e1f1, revision 4ea9eaf0e1f1a280b08e3ab4885201da99d86070 (2026-11-30T20:00:51Z), go1.26.8 linux/amd64`,
}

func runVersion(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usagef("version takes no arguments, got %d", len(pos))
	}
	bi, _ := debug.ReadBuildInfo()
	_, err = fmt.Fprintln(e.stdout, versionLine(bi))
	return err
}

// versionLine describes the build: "nqueens VERSION, revision REV (TIME,
// modified), GO OS/ARCH". bi may be nil (no build information); a missing
// version is "(devel)" and a missing revision is left out.
func versionLine(bi *debug.BuildInfo) string {
	version, goVersion := "(devel)", runtime.Version()
	var rev, at string
	modified := false
	if bi != nil {
		if v := bi.Main.Version; v != "" {
			version = v
		}
		if bi.GoVersion != "" {
			goVersion = bi.GoVersion
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.time":
				at = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	line := "nqueens " + version
	if rev != "" {
		line += ", revision " + rev
		var notes []string
		if at != "" {
			notes = append(notes, at)
		}
		if modified {
			notes = append(notes, "modified")
		}
		if len(notes) > 0 {
			line += " ("
			for i, n := range notes {
				if i > 0 {
					line += ", "
				}
				line += n
			}
			line += ")"
		}
	}
	return fmt.Sprintf("%s, %s %s/%s", line, goVersion, runtime.GOOS, runtime.GOARCH)
}
