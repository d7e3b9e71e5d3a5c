package gpu

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/nqueens/nqueens/internal/testtool"
)

// TestPTXFresh fails when count.ptx was not generated from the present
// device/count.cu with the flags of scripts/gen-ptx.sh: its header
// records the flags and the SHA-256 of the flags line and the source,
// recomputed here without clang. Run scripts/gen-ptx.sh after changing
// count.cu.
func TestPTXFresh(t *testing.T) {
	src, err := os.ReadFile("device/count.cu")
	if err != nil {
		t.Fatal(err)
	}
	script, err := os.ReadFile("../../scripts/gen-ptx.sh")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^flags="([^"]*)"$`).FindSubmatch(script)
	if m == nil {
		t.Fatal("scripts/gen-ptx.sh sets no flags=\"...\"")
	}
	flags := string(m[1])
	header := func(key string) string {
		for line := range strings.Lines(ptxSource) {
			if v, ok := strings.CutPrefix(line, "// "+key+": "); ok {
				return strings.TrimSpace(v)
			}
		}
		t.Fatalf("count.ptx has no %q line", key)
		return ""
	}
	if got := header("flags"); got != flags {
		t.Errorf("count.ptx was made with flags %q; scripts/gen-ptx.sh has %q: run scripts/gen-ptx.sh", got, flags)
	}
	sum := sha256.Sum256(append([]byte(flags+"\n"), src...))
	if got, want := header("sha256 of the flags line and the source"), hex.EncodeToString(sum[:]); got != want {
		t.Errorf("count.ptx records source sha256 %s; device/count.cu with the script's flags is %s: run scripts/gen-ptx.sh", got, want)
	}
	if !strings.Contains(ptxSource, ".entry "+KernelName+"(") {
		t.Errorf("count.ptx has no entry %s", KernelName)
	}
	if PTX[len(PTX)-1] != 0 || bytes.IndexByte(PTX[:len(PTX)-1], 0) >= 0 {
		t.Error("PTX is not one NUL-terminated string")
	}
}

// TestPTXRegenerate reruns scripts/gen-ptx.sh with clang-19 and
// compares its output with the embedded count.ptx byte for byte.
func TestPTXRegenerate(t *testing.T) {
	testtool.Require(t, "clang-19", "clang-19")
	out := filepath.Join(t.TempDir(), "count.ptx")
	cmd := exec.Command("bash", "scripts/gen-ptx.sh", out)
	cmd.Dir = "../.."
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gen-ptx.sh: %v: %s", err, b)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != ptxSource {
		t.Error("scripts/gen-ptx.sh makes a count.ptx other than the embedded one: run it and commit the result")
	}
}

// TestDeviceConstants checks that the constants of device/count.cu
// that this package mirrors have the same values here.
func TestDeviceConstants(t *testing.T) {
	src, err := os.ReadFile("device/count.cu")
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]int{"NQ_LEVELS": levels, "NQ_BLOCK": blockSize, "NQ_STACK": stackLevels} {
		m := regexp.MustCompile(`(?m)^#define ` + name + ` (\d+)$`).FindSubmatch(src)
		if m == nil {
			t.Errorf("count.cu defines no %s", name)
			continue
		}
		if got, _ := strconv.Atoi(string(m[1])); got != want {
			t.Errorf("count.cu: %s = %d; this package has %d", name, got, want)
		}
	}
}
