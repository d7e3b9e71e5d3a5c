package main

import (
	"strings"
	"testing"
)

// TestWatchTerminalExit runs watch in a real terminal (tmux) and quits it
// with each key: q and Esc exit 0, Ctrl-C (a key in raw mode, not a
// signal) exits 130 as SIGINT does in every other command.
func TestWatchTerminalExit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs tmux")
	}
	bin := binary(t)
	for _, tc := range []struct {
		key, want string
	}{
		{"C-c", "exit=130"},
		{"q", "exit=0"},
		{"Escape", "exit=0"},
	} {
		t.Run(tc.key, func(t *testing.T) {
			capture, send, _ := tmuxPane(t, 100, 30, "sh -c '"+bin+" watch 8 -delay 30ms; echo exit=$?; sleep 60'")
			waitFor(t, "animation", capture, func(s string) bool { return strings.Contains(s, "running") })
			send(tc.key)
			s := waitFor(t, "the exit", capture, func(s string) bool { return strings.Contains(s, "exit=") })
			if !strings.Contains(s, tc.want) {
				t.Errorf("watch quit with %s: screen\n%s\nwant %s", tc.key, s, tc.want)
			}
		})
	}
}
