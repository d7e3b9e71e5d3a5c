package memlimit

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// Bounds on what is read: a figure file (memory.max and the like) holds
// one number, a list file (/proc/self/cgroup, memory.stat,
// /proc/meminfo) a few KiB, mountinfo a line per mount; a longer file or
// line is malformed. maxDepth bounds the cgroups walked from the
// process's own up to the root.
const (
	figureMax    = 64
	listMax      = 64 << 10
	mountinfoMax = 4 << 20
	lineMax      = 16 << 10
	maxDepth     = 64
)

// noLimit is where a cgroup figure stops being a limit: v1 writes "no
// limit" as 9223372036854771712 (the largest page count in bytes).
const noLimit = 1 << 62

// errMalformed reports a file that is not what the kernel writes.
var errMalformed = errors.New("malformed")

// readFiles returns the least room of the system's and the memory
// cgroups' figures, with every path under root (hostRoot, "/" on Linux;
// a test's fake tree); root "" reads nothing.
func readFiles(root string, o Options) Room {
	if root == "" {
		return Room{}
	}
	var r Room
	if avail, ok := meminfo(root, "MemAvailable:"); ok {
		r = Room{Bytes: avail, Known: true, By: BySystem}
		if o.Swap {
			swap, _ := meminfo(root, "SwapFree:")
			r = Room{Bytes: satAdd(avail, swap), Known: true, By: BySystemSwap}
		}
	}
	for _, dir := range cgroupDirs(root) {
		r = r.least(cgroupRoom(dir))
	}
	return r
}

// A cgroupDir is one memory cgroup that binds the process: its directory
// (under root) and its hierarchy's version.
type cgroupDir struct {
	path string
	v1   bool
}

// cgroupDirs returns the memory cgroups of the process, its own first
// then each ancestor up to its mount's root: of the v1 hierarchy with the
// memory controller, and of the v2 hierarchy (whose cgroups have
// memory.max only where the memory controller is on: a v2 hierarchy
// beside a v1 memory controller has none, so it adds no limit).
func cgroupDirs(root string) []cgroupDir {
	b, err := readBounded(filepath.Join(root, "/proc/self/cgroup"), listMax)
	if err != nil {
		return nil
	}
	var v1, v2 string // the cgroup paths; "" where none
	for _, line := range strings.Split(string(b), "\n") {
		id, rest, ok1 := strings.Cut(line, ":")
		ctrls, p, ok2 := strings.Cut(rest, ":")
		if !ok1 || !ok2 || !strings.HasPrefix(p, "/") {
			continue
		}
		switch {
		case id == "0" && ctrls == "":
			v2 = p
		case id != "0" && hasWord(ctrls, ',', "memory"):
			v1 = p
		}
	}
	if v1 == "" && v2 == "" {
		return nil
	}
	mounts, err := readBounded(filepath.Join(root, "/proc/self/mountinfo"), mountinfoMax)
	if err != nil {
		return nil
	}
	var dirs []cgroupDir
	for _, c := range []struct {
		path string
		v1   bool
	}{{v1, true}, {v2, false}} {
		if c.path == "" {
			continue
		}
		mnt, rel, ok := findMount(mounts, c.path, c.v1)
		if !ok {
			continue
		}
		for depth := 0; depth < maxDepth; depth++ {
			dirs = append(dirs, cgroupDir{path: filepath.Join(root, mnt, rel), v1: c.v1})
			if rel == "/" {
				break
			}
			rel = path.Dir(rel)
		}
	}
	return dirs
}

// findMount returns the mount point (unescaped) of the cgroup hierarchy
// (v1 with the memory controller, or cgroup2) whose root holds cgroup,
// and cgroup's path within it ("/" for the mount's root), from
// mountinfo's text. A path with "." or ".." in it, or outside every
// mount, is not found.
func findMount(mountinfo []byte, cgroup string, v1 bool) (mnt, rel string, ok bool) {
	if path.Clean(cgroup) != cgroup {
		return "", "", false
	}
	sc := bufio.NewScanner(bytes.NewReader(mountinfo))
	sc.Buffer(make([]byte, 0, 4096), lineMax)
	for sc.Scan() {
		// "36 35 98:0 /root /mount rw,noatime master:1 - cgroup cgroup rw,memory"
		f := strings.Fields(sc.Text())
		sep := -1
		for i := 6; i < len(f); i++ {
			if f[i] == "-" {
				sep = i
				break
			}
		}
		if sep < 0 || sep+1 >= len(f) {
			continue
		}
		switch fstype := f[sep+1]; {
		case v1 && fstype == "cgroup" && sep+3 < len(f) && hasWord(f[sep+3], ',', "memory"):
		case !v1 && fstype == "cgroup2":
		default:
			continue
		}
		mroot, mpoint := unescape(f[3]), unescape(f[4])
		var r string
		switch {
		case mroot == "/":
			r = cgroup
		case cgroup == mroot:
			r = "/"
		case strings.HasPrefix(cgroup, mroot+"/"):
			r = cgroup[len(mroot):]
		default:
			continue
		}
		return mpoint, r, true
	}
	return "", "", false
}

// cgroupRoom returns the room the memory cgroup dir leaves: its limit
// less its use (see the package comment), or not Known where it has no
// limit or its limit cannot be read.
func cgroupRoom(d cgroupDir) Room {
	limitFile, useFile, inactive := "memory.max", "memory.current", "inactive_file"
	if d.v1 {
		limitFile, useFile, inactive = "memory.limit_in_bytes", "memory.usage_in_bytes", "total_inactive_file"
	}
	limit, ok := readFigure(filepath.Join(d.path, limitFile), !d.v1)
	if !ok || limit >= noLimit {
		return Room{}
	}
	use, ok := readFigure(filepath.Join(d.path, useFile), false)
	if !ok {
		use = 0 // the limit alone: still a bound
	}
	if st, err := readBounded(filepath.Join(d.path, "memory.stat"), listMax); err == nil {
		if cache, ok := statField(st, inactive); ok {
			use -= min(cache, use)
		}
	}
	return Room{Bytes: limit - min(use, limit), Known: true, By: ByCgroup}
}

// readFigure reads a file of one decimal number of bytes and a newline
// (or "max", no limit, where max is allowed: ok with the figure ^0).
func readFigure(name string, max bool) (uint64, bool) {
	b, err := readBounded(name, figureMax)
	if err != nil {
		return 0, false
	}
	s := strings.TrimSuffix(string(b), "\n")
	if max && s == "max" {
		return ^uint64(0), true
	}
	if s == "" || strings.TrimLeft(s, "0123456789") != "" {
		return 0, false
	}
	v, err := strconv.ParseUint(s, 10, 64)
	return v, err == nil
}

// statField returns the figure of the "key value" line of a memory.stat.
func statField(stat []byte, key string) (uint64, bool) {
	for _, line := range strings.Split(string(stat), "\n") {
		if v, ok := strings.CutPrefix(line, key+" "); ok {
			n, err := strconv.ParseUint(v, 10, 64)
			return n, err == nil
		}
	}
	return 0, false
}

// meminfo returns the figure of the "key   123 kB" line of
// /proc/meminfo, in bytes.
func meminfo(root, key string) (uint64, bool) { return procKB(root, "/proc/meminfo", key) }

// statusBytes returns the figure of the "key   123 kB" line of
// /proc/self/status, in bytes.
func statusBytes(root, key string) (uint64, bool) { return procKB(root, "/proc/self/status", key) }

// procKB returns the figure of the "key   123 kB" line of the /proc
// file name, in bytes; false if the line is missing or malformed, or the
// figure is above 2^53 KiB.
func procKB(root, name, key string) (uint64, bool) {
	b, err := readBounded(filepath.Join(root, name), listMax)
	if err != nil {
		return 0, false
	}
	for _, line := range strings.Split(string(b), "\n") {
		rest, ok := strings.CutPrefix(line, key)
		if !ok {
			continue
		}
		f := strings.Fields(rest)
		if len(f) != 2 || f[1] != "kB" {
			return 0, false
		}
		kb, err := strconv.ParseUint(f[0], 10, 64)
		if err != nil || kb > 1<<53 {
			return 0, false
		}
		return kb << 10, true
	}
	return 0, false
}

// readBounded reads the file name whole if it holds at most max bytes,
// and reports errMalformed for a longer one, reading at most max+1.
func readBounded(name string, max int64) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > max {
		return nil, errMalformed
	}
	return b, nil
}

// hasWord reports whether the sep-separated list s holds w.
func hasWord(s string, sep byte, w string) bool {
	for _, x := range strings.Split(s, string(sep)) {
		if x == w {
			return true
		}
	}
	return false
}

// unescape undoes mountinfo's octal escapes of a path ("\040" for a
// space); a malformed escape is kept as written.
func unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+4 <= len(s) {
			if v, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(v))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// satAdd returns a+b, or ^0 where it overflows.
func satAdd(a, b uint64) uint64 {
	if a+b < a {
		return ^uint64(0)
	}
	return a + b
}
