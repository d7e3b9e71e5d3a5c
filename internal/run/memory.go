package run

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"strconv"
)

// MemAvailable returns MemAvailable of /proc/meminfo, and false where it
// cannot be read (not Linux, or a Linux kernel before 3.14).
func MemAvailable() (uint64, bool) {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0, false
	}
	defer f.Close()
	return parseMemAvailable(io.LimitReader(f, 1<<16))
}

// parseMemAvailable reads the MemAvailable line of /proc/meminfo text
// ("MemAvailable:   23012345 kB").
func parseMemAvailable(r io.Reader) (uint64, bool) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		rest, ok := bytes.CutPrefix(sc.Bytes(), []byte("MemAvailable:"))
		if !ok {
			continue
		}
		f := bytes.Fields(rest)
		if len(f) != 2 || string(f[1]) != "kB" {
			return 0, false
		}
		kb, err := strconv.ParseUint(string(f[0]), 10, 64)
		if err != nil || kb > 1<<53 {
			return 0, false
		}
		return kb << 10, true
	}
	return 0, false
}
