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

// The recipes pass REPLICAS to count --replicas: run each as its
// scheduler would, merge, and see the copies compared.
func TestReplicasRecipes(t *testing.T) {
	bin := binary(t)
	const n, m = 11, 4
	want := fmt.Sprintf("11-queens: %s solutions, 341 unique (4 shards, 2 replicas agree, ", knownTotal(t, n))
	merge := func(name string, files []string) {
		t.Helper()
		if len(files) != m {
			t.Fatalf("%s wrote %v; want %d records", name, files, m)
		}
		out, err := exec.Command(bin, append([]string{"merge"}, files...)...).CombinedOutput()
		if err != nil || !strings.HasPrefix(string(out), want) {
			t.Errorf("%s: merge: %v, %q; want %q…", name, err, out, want)
		}
	}
	// Slurm: the array's tasks with the variables Slurm sets.
	out := t.TempDir()
	for i := range m {
		cmd := exec.Command("bash", "slurm/array.sbatch")
		cmd.Env = append(os.Environ(), "N=11", "NQUEENS="+bin, "OUT="+out, "SLURM_CPUS_PER_TASK=1", "REPLICAS=2",
			fmt.Sprintf("SLURM_ARRAY_TASK_ID=%d", i), fmt.Sprintf("SLURM_ARRAY_TASK_COUNT=%d", m))
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("slurm task %d: %v\n%s", i, err, b)
		}
	}
	files, _ := filepath.Glob(filepath.Join(out, "shard-*-of-4.json"))
	merge("slurm/array.sbatch REPLICAS=2", files)

	// Kubernetes: the container's command with its env, REPLICAS set.
	b, err := os.ReadFile("kubernetes/indexed-job.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var j struct {
		Spec struct {
			Template struct {
				Spec struct {
					Containers []struct {
						Command []string `yaml:"command"`
						Env     []struct{ Name, Value string }
					} `yaml:"containers"`
				} `yaml:"spec"`
			} `yaml:"template"`
		} `yaml:"spec"`
	}
	if err := yaml.Unmarshal(b, &j); err != nil || len(j.Spec.Template.Spec.Containers) != 1 {
		t.Fatalf("indexed-job.yaml: %v", err)
	}
	c := j.Spec.Template.Spec.Containers[0]
	env := map[string]string{}
	for _, e := range c.Env {
		env[e.Name] = e.Value
	}
	if env["REPLICAS"] != "1" {
		t.Errorf("indexed-job.yaml: REPLICAS = %q; want \"1\" by default", env["REPLICAS"])
	}
	out = t.TempDir()
	for i := range m {
		cmd := exec.Command(c.Command[0], c.Command[1:]...)
		cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+":"+os.Getenv("PATH"), "N=11", "M=4", "OUT="+out,
			"REPLICAS=2", "COUNT_FLAGS=", "JOB_COMPLETION_INDEX="+strconv.Itoa(i))
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("pod %d: %v\n%s", i, err, b)
		}
	}
	files, _ = filepath.Glob(filepath.Join(out, "shard-*-of-4.json"))
	merge("kubernetes/indexed-job.yaml REPLICAS=2", files)

	// GNU parallel: run.sh, which merges itself; a bad REPLICAS first.
	testtool.Require(t, "parallel", "parallel")
	for _, r := range []string{"5", "0", "two"} {
		cmd := exec.Command("bash", "parallel/run.sh", "11", "4", t.TempDir())
		cmd.Env = append(os.Environ(), "NQUEENS="+bin, "REPLICAS="+r)
		if b, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(b), "REPLICAS="+r+": want") {
			t.Errorf("run.sh 11 4 with REPLICAS=%s: %v, %s; want a refusal naming REPLICAS", r, err, b)
		}
	}
	out = filepath.Join(t.TempDir(), "n11")
	cmd := exec.Command("bash", "parallel/run.sh", "11", "4", out)
	cmd.Env = append(os.Environ(), "NQUEENS="+bin, "JOBS=2", "REPLICAS=2")
	if b, err = cmd.CombinedOutput(); err != nil || !strings.Contains(string(b), want) {
		t.Errorf("REPLICAS=2 run.sh 11 4: %v\n%s\nwant a line with %q", err, b, want)
	}
}
