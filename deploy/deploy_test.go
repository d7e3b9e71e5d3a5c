package deploy

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/nqueens/nqueens/internal/testtool"
	"gopkg.in/yaml.v3"
)

// The scheduler recipes in deploy/ are run here as far as a machine
// without the schedulers allows: the Slurm script with the variables
// Slurm would set, the Kubernetes Job's command with the completion
// index Kubernetes would set, and GNU parallel for real.

// mergeFiles runs the built nqueens merge on files and returns its stdout.
func mergeFiles(t *testing.T, bin string, files ...string) string {
	t.Helper()
	out, err := exec.Command(bin, append([]string{"merge"}, files...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("merge %v: %v\n%s", files, err, out)
	}
	return string(out)
}

func TestSlurmArray(t *testing.T) {
	bin := binary(t)
	out := t.TempDir()
	const n, m = 11, 4
	script := "slurm/array.sbatch"
	env := func(extra ...string) []string {
		return append(os.Environ(), append([]string{"N=" + strconv.Itoa(n), "NQUEENS=" + bin, "OUT=" + out, "SLURM_CPUS_PER_TASK=1"}, extra...)...)
	}
	for i := range m {
		cmd := exec.Command("bash", script)
		cmd.Env = env(fmt.Sprintf("SLURM_ARRAY_TASK_ID=%d", i), fmt.Sprintf("SLURM_ARRAY_TASK_COUNT=%d", m))
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("array task %d: %v\n%s", i, err, b)
		}
	}
	files, _ := filepath.Glob(filepath.Join(out, "shard-*-of-4.json"))
	if len(files) != m {
		t.Fatalf("array wrote %v; want %d records", files, m)
	}
	if got, want := mergeFiles(t, bin, files...), knownTotal(t, n)+" solutions"; !strings.Contains(got, want) {
		t.Errorf("merge of the array's records: %q; want %q", got, want)
	}
	// COUNT_FLAGS="--method quadrant --total-only" (two words, split by
	// the script): the quadrant join's shards.
	qout := t.TempDir()
	for i := range 3 {
		cmd := exec.Command("bash", script)
		cmd.Env = append(os.Environ(), "N=12", "NQUEENS="+bin, "OUT="+qout, "SLURM_CPUS_PER_TASK=1", "COUNT_FLAGS=--method quadrant --total-only",
			fmt.Sprintf("SLURM_ARRAY_TASK_ID=%d", i), "SLURM_ARRAY_TASK_COUNT=3")
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("--method quadrant --total-only array task %d: %v\n%s", i, err, b)
		}
	}
	files, _ = filepath.Glob(filepath.Join(qout, "shard-*-of-3.json"))
	if got, want := mergeFiles(t, bin, files...), "12-queens: "+knownTotal(t, 12)+" solutions, 1787 unique (3 shards, "; !strings.Contains(got, want) || !strings.Contains(got, "method join, unique by symmetry") {
		t.Errorf("merge of the --method quadrant --total-only array's records: %q; want %q… method join, unique by symmetry", got, want)
	}
	// Outside an array, or with a task id past M, the script refuses.
	for name, extra := range map[string][]string{
		"no task id":    {"SLURM_ARRAY_TASK_COUNT=4"},
		"id out of M":   {"SLURM_ARRAY_TASK_ID=4", "SLURM_ARRAY_TASK_COUNT=4"},
		"no task count": {"SLURM_ARRAY_TASK_ID=1"},
	} {
		cmd := exec.Command("bash", script)
		cmd.Env = env(extra...)
		if b, err := cmd.CombinedOutput(); err == nil {
			t.Errorf("%s: the script ran: %s", name, b)
		}
	}
	// The #SBATCH lines are well-formed directives.
	b, _ := os.ReadFile(script)
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "#SBATCH "); ok && !strings.HasPrefix(rest, "--") {
			t.Errorf("bad directive %q", line)
		}
	}
}

// job is the part of a Kubernetes Job that the recipe relies on.
type job struct {
	APIVersion string `yaml:"apiVersion"`
	Kind       string `yaml:"kind"`
	Spec       struct {
		CompletionMode string `yaml:"completionMode"`
		Completions    int    `yaml:"completions"`
		Parallelism    int    `yaml:"parallelism"`
		Template       struct {
			Spec struct {
				RestartPolicy string `yaml:"restartPolicy"`
				Containers    []struct {
					Image   string   `yaml:"image"`
					Command []string `yaml:"command"`
					Env     []struct {
						Name  string `yaml:"name"`
						Value string `yaml:"value"`
					} `yaml:"env"`
				} `yaml:"containers"`
			} `yaml:"spec"`
		} `yaml:"template"`
	} `yaml:"spec"`
}

func TestKubernetesIndexedJob(t *testing.T) {
	b, err := os.ReadFile("kubernetes/indexed-job.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var j job
	if err := yaml.Unmarshal(b, &j); err != nil {
		t.Fatalf("indexed-job.yaml does not parse: %v", err)
	}
	s := j.Spec
	if j.APIVersion != "batch/v1" || j.Kind != "Job" || s.CompletionMode != "Indexed" || s.Completions < 1 || s.Parallelism < 1 {
		t.Fatalf("not an Indexed Job: %+v", j)
	}
	pod := s.Template.Spec
	if pod.RestartPolicy != "Never" && pod.RestartPolicy != "OnFailure" || len(pod.Containers) != 1 {
		t.Fatalf("pod spec %+v", pod)
	}
	c := pod.Containers[0]
	env := map[string]string{}
	for _, e := range c.Env {
		env[e.Name] = e.Value
	}
	if env["M"] != strconv.Itoa(s.Completions) {
		t.Errorf("M = %q but completions = %d: every index must be a shard", env["M"], s.Completions)
	}
	if len(c.Command) != 3 || c.Command[0] != "sh" || !strings.Contains(c.Command[2], "JOB_COMPLETION_INDEX") {
		t.Fatalf("command %q: want sh -c with $JOB_COMPLETION_INDEX", c.Command)
	}
	if v, ok := env["COUNT_FLAGS"]; !ok || v != "" {
		t.Errorf("COUNT_FLAGS = %q, %v; want it present and empty (the kernel) by default", v, ok)
	}
	// Run the container's command for every completion index, as the
	// Job's pods would, on a small N, and merge; then again with
	// COUNT_FLAGS="--method quadrant --total-only", the quadrant join.
	bin := binary(t)
	for _, tc := range []struct {
		n     int
		flags string
		want  string
	}{
		{10, "", fmt.Sprintf("%s solutions, 92 unique (%d shards", knownTotal(t, 10), s.Completions)},
		{12, "--method quadrant --total-only", fmt.Sprintf("%s solutions, 1787 unique (%d shards, 52 units; method join, unique by symmetry)", knownTotal(t, 12), s.Completions)},
	} {
		out := t.TempDir()
		for i := range s.Completions {
			cmd := exec.Command(c.Command[0], c.Command[1:]...)
			cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+":"+os.Getenv("PATH"), "N="+strconv.Itoa(tc.n),
				"M="+env["M"], "OUT="+out, "JOB_COMPLETION_INDEX="+strconv.Itoa(i), "COUNT_FLAGS="+tc.flags)
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("N = %d %s index %d: %v\n%s", tc.n, tc.flags, i, err, b)
			}
		}
		files, _ := filepath.Glob(filepath.Join(out, "shard-*.json"))
		if got := mergeFiles(t, bin, files...); !strings.Contains(got, tc.want) {
			t.Errorf("merge of the Job's records (N = %d %s): %q; want %q", tc.n, tc.flags, got, tc.want)
		}
	}
}

// TestGNUParallel runs deploy/parallel/run.sh: 8 shards on this
// machine's cores with GNU parallel, merged to the exact count. Without
// GNU parallel it skips, naming the Debian package; under CI=true it
// fails instead (.ci/run installs it).
func TestGNUParallel(t *testing.T) {
	testtool.Require(t, "parallel", "parallel")
	bin := binary(t)
	out := filepath.Join(t.TempDir(), "n13")
	cmd := exec.Command("bash", "parallel/run.sh", "13", "8", out)
	cmd.Env = append(os.Environ(), "NQUEENS="+bin, "JOBS=2")
	b, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("run.sh: %v\n%s", err, b)
	}
	files, _ := filepath.Glob(filepath.Join(out, "shard-*-of-8.json"))
	if len(files) != 8 {
		t.Errorf("run.sh wrote %d records; want 8", len(files))
	}
	want := "13-queens: " + knownTotal(t, 13) + " solutions, 9233 unique (8 shards"
	if !strings.Contains(string(b), want) {
		t.Errorf("run.sh output:\n%s\nwant a line with %q", b, want)
	}
	// A lost record makes the merge fail and name it.
	os.Remove(filepath.Join(out, "shard-6-of-8.json"))
	files, _ = filepath.Glob(filepath.Join(out, "shard-*-of-8.json"))
	if b, err := exec.Command(bin, append([]string{"merge"}, files...)...).CombinedOutput(); err == nil || !strings.Contains(string(b), "missing shard 6 of 8") {
		t.Errorf("merge without shard 6: %v, %s", err, b)
	}
	// COUNT_FLAGS="--method quadrant --total-only": the quadrant join's
	// shards.
	qout := filepath.Join(t.TempDir(), "q13")
	cmd = exec.Command("bash", "parallel/run.sh", "13", "8", qout)
	cmd.Env = append(os.Environ(), "NQUEENS="+bin, "JOBS=2", "COUNT_FLAGS=--method quadrant --total-only")
	if b, err = cmd.CombinedOutput(); err != nil {
		t.Fatalf("COUNT_FLAGS=\"--method quadrant --total-only\" run.sh: %v\n%s", err, b)
	}
	if want := "13-queens: " + knownTotal(t, 13) + " solutions, 9233 unique (8 shards, "; !strings.Contains(string(b), want) || !strings.Contains(string(b), "method join, unique by symmetry") {
		t.Errorf("COUNT_FLAGS=\"--method quadrant --total-only\" run.sh output:\n%s\nwant a line with %q… method join, unique by symmetry", b, want)
	}
}
