package memlimit

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const mib = 1 << 20

// fakeTree writes files (path under the root: content) into a new
// directory and returns it.
func fakeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, content := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

const (
	meminfo23G = "MemTotal:       24683784 kB\nMemFree:        23801232 kB\nMemAvailable:   24117248 kB\nSwapFree:        1048576 kB\n"
	// The mounts of a v2 host, and of a hybrid v1 host (this one's).
	mountsV2 = "22 1 0:21 / / rw - ext4 /dev/sda1 rw\n" +
		"30 22 0:26 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n"
	mountsV1 = "31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755\n" +
		"32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu\n" +
		"35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n" +
		"41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n"
)

func TestReadFiles(t *testing.T) {
	v1Huge := "9223372036854771712\n"
	for _, tc := range []struct {
		name  string
		files map[string]string
		opts  Options
		want  Room
	}{
		{"no files", map[string]string{}, Options{}, Room{}},
		{"meminfo only", map[string]string{"proc/meminfo": meminfo23G}, Options{},
			Room{Bytes: 24117248 << 10, Known: true, By: BySystem}},
		{"meminfo and swap", map[string]string{"proc/meminfo": meminfo23G}, Options{Swap: true},
			Room{Bytes: (24117248 + 1048576) << 10, Known: true, By: BySystemSwap}},
		{"v2 parent binds", map[string]string{
			"proc/meminfo": meminfo23G, "proc/self/cgroup": "0::/job/step\n", "proc/self/mountinfo": mountsV2,
			"sys/fs/cgroup/job/step/memory.max": "max\n", "sys/fs/cgroup/job/step/memory.current": "10485760\n",
			"sys/fs/cgroup/job/memory.max": "536870912\n", "sys/fs/cgroup/job/memory.current": "104857600\n",
			"sys/fs/cgroup/job/memory.stat": "anon 83886080\nfile 20971520\ninactive_file 20971520\nactive_file 0\n",
		}, Options{}, Room{Bytes: 512*mib - 80*mib, Known: true, By: ByCgroup}},
		{"v2 own binds", map[string]string{
			"proc/meminfo": meminfo23G, "proc/self/cgroup": "0::/job/step\n", "proc/self/mountinfo": mountsV2,
			"sys/fs/cgroup/job/step/memory.max": "268435456\n", "sys/fs/cgroup/job/step/memory.current": "10485760\n",
			"sys/fs/cgroup/job/memory.max": "536870912\n", "sys/fs/cgroup/job/memory.current": "104857600\n",
		}, Options{}, Room{Bytes: 256*mib - 10*mib, Known: true, By: ByCgroup}},
		{"v2 use over the limit", map[string]string{
			"proc/meminfo": meminfo23G, "proc/self/cgroup": "0::/job\n", "proc/self/mountinfo": mountsV2,
			"sys/fs/cgroup/job/memory.max": "1048576\n", "sys/fs/cgroup/job/memory.current": "2097152\n",
		}, Options{}, Room{Bytes: 0, Known: true, By: ByCgroup}},
		{"v2 limit without use", map[string]string{
			"proc/meminfo": meminfo23G, "proc/self/cgroup": "0::/job\n", "proc/self/mountinfo": mountsV2,
			"sys/fs/cgroup/job/memory.max": "1048576\n",
		}, Options{}, Room{Bytes: 1 * mib, Known: true, By: ByCgroup}},
		{"v2 no limit anywhere", map[string]string{
			"proc/meminfo": meminfo23G, "proc/self/cgroup": "0::/job\n", "proc/self/mountinfo": mountsV2,
			"sys/fs/cgroup/job/memory.max": "max\n", "sys/fs/cgroup/job/memory.current": "1\n",
		}, Options{}, Room{Bytes: 24117248 << 10, Known: true, By: BySystem}},
		{"v2 limit above the available memory", map[string]string{
			"proc/meminfo": meminfo23G, "proc/self/cgroup": "0::/job\n", "proc/self/mountinfo": mountsV2,
			"sys/fs/cgroup/job/memory.max": "68719476736\n", "sys/fs/cgroup/job/memory.current": "0\n",
		}, Options{}, Room{Bytes: 24117248 << 10, Known: true, By: BySystem}},
		{"v2 namespace root's own limit", map[string]string{
			"proc/meminfo": meminfo23G, "proc/self/cgroup": "0::/\n", "proc/self/mountinfo": mountsV2,
			"sys/fs/cgroup/memory.max": "536870912\n", "sys/fs/cgroup/memory.current": "0\n",
		}, Options{}, Room{Bytes: 512 * mib, Known: true, By: ByCgroup}},
		{"v1, this machine's no-limit figure", map[string]string{
			"proc/meminfo": meminfo23G, "proc/self/cgroup": "9:name=systemd:/\n4:memory:/process_api/3cce\n0::/\n", "proc/self/mountinfo": mountsV1,
			"sys/fs/cgroup/memory/process_api/3cce/memory.limit_in_bytes": v1Huge, "sys/fs/cgroup/memory/process_api/3cce/memory.usage_in_bytes": "4096\n",
			"sys/fs/cgroup/memory/memory.limit_in_bytes": v1Huge, "sys/fs/cgroup/memory/memory.usage_in_bytes": "1073741824\n",
		}, Options{}, Room{Bytes: 24117248 << 10, Known: true, By: BySystem}},
		{"v1 child of 512 MiB", map[string]string{
			"proc/meminfo": meminfo23G, "proc/self/cgroup": "4:cpu,memory:/process_api/3cce/c512\n0::/\n", "proc/self/mountinfo": strings.ReplaceAll(mountsV1, "rw,memory", "rw,cpu,memory"),
			"sys/fs/cgroup/memory/process_api/3cce/c512/memory.limit_in_bytes": "536870912\n",
			"sys/fs/cgroup/memory/process_api/3cce/c512/memory.usage_in_bytes": "33554432\n",
			"sys/fs/cgroup/memory/process_api/3cce/c512/memory.stat":           "cache 1048576\ninactive_file 999999999\ntotal_inactive_file 1048576\n",
			"sys/fs/cgroup/memory/process_api/3cce/memory.limit_in_bytes":      v1Huge,
			"sys/fs/cgroup/memory/memory.limit_in_bytes":                       v1Huge,
		}, Options{}, Room{Bytes: 512*mib - 31*mib, Known: true, By: ByCgroup}},
		{"v1 in a container (mount root = the cgroup)", map[string]string{
			"proc/meminfo": meminfo23G, "proc/self/cgroup": "4:memory:/docker/abc\n",
			"proc/self/mountinfo":                        "35 31 0:32 /docker/abc /sys/fs/cgroup/memory ro,relatime master:5 - cgroup cgroup rw,memory\n",
			"sys/fs/cgroup/memory/memory.limit_in_bytes": "536870912\n", "sys/fs/cgroup/memory/memory.usage_in_bytes": "0\n",
		}, Options{}, Room{Bytes: 512 * mib, Known: true, By: ByCgroup}},
		{"v1 mount root above the cgroup", map[string]string{
			"proc/meminfo": meminfo23G, "proc/self/cgroup": "4:memory:/kube/pod/c\n",
			"proc/self/mountinfo":                            "35 31 0:32 /kube /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory\n",
			"sys/fs/cgroup/memory/pod/memory.limit_in_bytes": "536870912\n",
		}, Options{}, Room{Bytes: 512 * mib, Known: true, By: ByCgroup}},
		{"escaped mount point", map[string]string{
			"proc/meminfo": meminfo23G, "proc/self/cgroup": "0::/j\n",
			"proc/self/mountinfo":  `30 22 0:26 / /cg\040root rw - cgroup2 cgroup2 rw` + "\n",
			"cg root/j/memory.max": "536870912\n",
		}, Options{}, Room{Bytes: 512 * mib, Known: true, By: ByCgroup}},
		{"outside the namespace: not followed", map[string]string{
			"proc/meminfo": meminfo23G, "proc/self/cgroup": "0::/../../init\n", "proc/self/mountinfo": mountsV2,
			"sys/fs/cgroup/memory.max": "1048576\n", "sys/init/memory.max": "1048576\n", "init/memory.max": "1048576\n",
		}, Options{}, Room{Bytes: 24117248 << 10, Known: true, By: BySystem}},
		{"no mount of the hierarchy", map[string]string{
			"proc/meminfo": meminfo23G, "proc/self/cgroup": "4:memory:/j\n", "proc/self/mountinfo": mountsV2,
			"sys/fs/cgroup/j/memory.limit_in_bytes": "1048576\n", "sys/fs/cgroup/j/memory.max": "1048576\n",
		}, Options{}, Room{Bytes: 24117248 << 10, Known: true, By: BySystem}},
		{"v1 no-limit figure without meminfo: nothing known", map[string]string{
			"proc/self/cgroup": "4:memory:/j\n", "proc/self/mountinfo": mountsV1,
			"sys/fs/cgroup/memory/j/memory.limit_in_bytes": v1Huge, "sys/fs/cgroup/memory/memory.limit_in_bytes": v1Huge,
		}, Options{}, Room{}},
		{"a cgroup named ..x", map[string]string{
			"proc/self/cgroup": "0::/..x\n", "proc/self/mountinfo": mountsV2, "sys/fs/cgroup/..x/memory.max": "1048576\n",
		}, Options{}, Room{Bytes: 1 * mib, Known: true, By: ByCgroup}},
		{"cgroup limit without meminfo", map[string]string{
			"proc/self/cgroup": "0::/j\n", "proc/self/mountinfo": mountsV2, "sys/fs/cgroup/j/memory.max": "1048576\n",
		}, Options{}, Room{Bytes: 1 * mib, Known: true, By: ByCgroup}},
	} {
		root := fakeTree(t, tc.files)
		if got := readFiles(root, tc.opts); got != tc.want {
			t.Errorf("%s: readFiles = %+v; want %+v", tc.name, got, tc.want)
		}
	}
	if got := readFiles("", Options{}); got != (Room{}) {
		t.Errorf(`readFiles("") = %+v; want nothing known`, got)
	}
}

// TestReadFilesGarbage: a malformed or hostile figure is no limit at
// its level (the parent's still binds), and huge files are not read
// whole.
func TestReadFilesGarbage(t *testing.T) {
	huge := strings.Repeat("1", 1<<20)
	for _, bad := range []string{"", "\n", "abc\n", "-5\n", "12abc\n", "1e9\n", "0x100\n", " 1048576\n", "1048576\n1048576\n",
		"max\n", "18446744073709551616\n", huge, "\x00\x00\x00"} {
		root := fakeTree(t, map[string]string{
			"proc/meminfo": meminfo23G, "proc/self/cgroup": "0::/a/b\n", "proc/self/mountinfo": mountsV2,
			"sys/fs/cgroup/a/b/memory.limit_in_bytes": "1\n", // a v1 file in a v2 cgroup: not read
			"sys/fs/cgroup/a/b/memory.max":            bad,
			"sys/fs/cgroup/a/b/memory.current":        "0\n",
			"sys/fs/cgroup/a/memory.max":              "536870912\n",
			"sys/fs/cgroup/a/memory.current":          bad,
			"sys/fs/cgroup/a/memory.stat":             huge,
		})
		want := Room{Bytes: 512 * mib, Known: true, By: ByCgroup}
		if got := readFiles(root, Options{}); got != want {
			t.Errorf("memory.max %.20q: readFiles = %+v; want %+v", bad, got, want)
		}
	}
	for name, files := range map[string]map[string]string{
		"huge /proc/self/cgroup": {"proc/self/cgroup": "0::/a\n" + strings.Repeat("x", listMax)},
		"huge mountinfo":         {"proc/self/cgroup": "0::/a\n", "proc/self/mountinfo": mountsV2 + strings.Repeat("y", mountinfoMax)},
		"long mountinfo line":    {"proc/self/cgroup": "0::/a\n", "proc/self/mountinfo": strings.Repeat("z", lineMax+1) + "\n" + mountsV2},
		"garbage /proc/self/cgroup": {"proc/self/cgroup": "0:/a\nmemory\n::::\n4:memory:a\n0::relative\n0::/a/../b\n",
			"proc/self/mountinfo": mountsV2, "sys/fs/cgroup/b/memory.max": "1\n"},
		"garbage mountinfo": {"proc/self/cgroup": "0::/a\n", "proc/self/mountinfo": "-\n1 2 3 4 5 6 -\n1 2 3 4 5 6 - cgroup\n\x00\n"},
	} {
		files["proc/meminfo"] = meminfo23G
		files["sys/fs/cgroup/a/memory.max"] = "1048576\n"
		root := fakeTree(t, files)
		want := Room{Bytes: 24117248 << 10, Known: true, By: BySystem}
		if got := readFiles(root, Options{}); got != want {
			t.Errorf("%s: readFiles = %+v; want %+v", name, got, want)
		}
	}
	for _, bad := range []string{"MemAvailable: 12 MB\n", "MemAvailable: x kB\n", "MemAvailable: 9007199254740993 kB\n",
		"MemTotal: 100 kB\n", strings.Repeat("MemAvailable: 1 kB\n", listMax)} {
		root := fakeTree(t, map[string]string{"proc/meminfo": bad})
		if got := readFiles(root, Options{}); got.Known {
			t.Errorf("meminfo %.40q: readFiles = %+v; want nothing known", bad, got)
		}
	}
}

// TestDeepCgroup: the walk up stops after maxDepth levels, and the
// limit of a cgroup that deep is still read.
func TestDeepCgroup(t *testing.T) {
	p := "/" + strings.Repeat("d/", 3*maxDepth) + "own"
	root := fakeTree(t, map[string]string{
		"proc/meminfo": meminfo23G, "proc/self/cgroup": "0::" + p + "\n", "proc/self/mountinfo": mountsV2,
		"sys/fs/cgroup" + p + "/memory.max": "1048576\n",
		"sys/fs/cgroup/memory.max":          "1\n", // beyond maxDepth: not reached
	})
	if got, want := readFiles(root, Options{}), (Room{Bytes: mib, Known: true, By: ByCgroup}); got != want {
		t.Errorf("readFiles = %+v; want %+v", got, want)
	}
	if got := len(cgroupDirs(root)); got != maxDepth {
		t.Errorf("cgroupDirs walked %d levels; want %d", got, maxDepth)
	}
}

func TestLeast(t *testing.T) {
	a := Room{Bytes: 10, Known: true, By: BySystem}
	b := Room{Bytes: 5, Known: true, By: ByCgroup}
	for _, tc := range []struct{ r, s, want Room }{
		{a, b, b}, {b, a, b}, {a, Room{}, a}, {Room{}, a, a}, {Room{}, Room{}, Room{}},
		{a, Room{Bytes: 10, Known: true, By: ByGo}, a},
	} {
		if got := tc.r.least(tc.s); got != tc.want {
			t.Errorf("%+v.least(%+v) = %+v; want %+v", tc.r, tc.s, got, tc.want)
		}
	}
}

func TestRoomString(t *testing.T) {
	for _, tc := range []struct {
		r    Room
		want string
	}{
		{Room{Bytes: 480 * mib, Known: true, By: ByCgroup}, "the cgroup memory limit leaves 480.0 MiB"},
		{Room{}, "the memory left is not known"},
	} {
		if got := tc.r.String(); got != tc.want {
			t.Errorf("%+v.String() = %q; want %q", tc.r, got, tc.want)
		}
	}
}

func TestUnescape(t *testing.T) {
	for in, want := range map[string]string{`/a\040b`: "/a b", `/a\\b`: `/a\\b`, `/x\04`: `/x\04`, `/t\011\012`: "/t\t\n", "/plain": "/plain"} {
		if got := unescape(in); got != want {
			t.Errorf("unescape(%q) = %q; want %q", in, got, want)
		}
	}
}
