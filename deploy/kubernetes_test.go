package deploy

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	kjson "sigs.k8s.io/json"
	"sigs.k8s.io/yaml"
)

// No Kubernetes runs here: TestKubernetesJobSpec decodes the Indexed
// Job recipe with Kubernetes' own Go types, strictly (a field the API
// does not have, misspelt or misplaced, is an error, as kubectl's
// server-side field validation would make it), and checks what the
// recipe relies on. TestKubernetesIndexedJob (deploy_test.go) runs its
// command for real.

const jobYAML = "kubernetes/indexed-job.yaml"

// decodeJob decodes a Job the way the API server does with strict
// field validation: YAML to JSON (a duplicate key is an error), then
// JSON with field names matched case-sensitively, unknown and
// duplicate fields errors.
func decodeJob(b []byte) (*batchv1.Job, error) {
	js, err := yaml.YAMLToJSONStrict(b)
	if err != nil {
		return nil, err
	}
	var j batchv1.Job
	strict, err := kjson.UnmarshalStrict(js, &j, kjson.DisallowDuplicateFields, kjson.DisallowUnknownFields)
	if err != nil {
		return nil, err
	}
	if len(strict) > 0 {
		return nil, errors.Join(strict...)
	}
	return &j, nil
}

func TestKubernetesJobStrict(t *testing.T) {
	b, err := os.ReadFile(jobYAML)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := decodeJob(b); err != nil {
		t.Fatalf("%s does not decode as a batch/v1 Job: %v", jobYAML, err)
	}
	// The decoding is strict: the recipe with one field misspelt, or
	// put at the wrong level, is refused.
	for _, tc := range []struct{ old, new string }{
		{"completionMode: Indexed", "completionMod: Indexed"},
		{"restartPolicy: Never", "restartPolicy: Never\n      backoffLimitPerIndex: 3"},
		{"mountPath: /results", "mountPath: /results\n              readonly: false"},
		{"name: count", "name: count\n          name: count2"},
	} {
		bad := strings.Replace(string(b), tc.old, tc.new, 1)
		if bad == string(b) {
			t.Fatalf("%q is not in the recipe", tc.old)
		}
		if _, err := decodeJob([]byte(bad)); err == nil {
			t.Errorf("with %q for %q the recipe still decodes", tc.new, tc.old)
		}
	}
}

func TestKubernetesJobSpec(t *testing.T) {
	b, err := os.ReadFile(jobYAML)
	if err != nil {
		t.Fatal(err)
	}
	j, err := decodeJob(b)
	if err != nil {
		t.Fatalf("%s: %v", jobYAML, err)
	}
	if j.APIVersion != "batch/v1" || j.Kind != "Job" {
		t.Fatalf("apiVersion %q, kind %q; want batch/v1 Job", j.APIVersion, j.Kind)
	}
	s := j.Spec
	if s.CompletionMode == nil || *s.CompletionMode != batchv1.IndexedCompletion {
		t.Fatalf("completionMode %v; want Indexed (the completion index is the shard)", s.CompletionMode)
	}
	pod := s.Template.Spec
	if len(pod.Containers) != 1 {
		t.Fatalf("%d containers; want 1", len(pod.Containers))
	}
	c := pod.Containers[0]
	env := map[string]string{}
	for _, e := range c.Env {
		if e.ValueFrom != nil {
			t.Errorf("env %s comes from %v; the recipe sets plain values", e.Name, e.ValueFrom)
		}
		env[e.Name] = e.Value
	}
	m, err := strconv.Atoi(env["M"])
	if err != nil || m < 1 {
		t.Fatalf("env M = %q; want the number of shards", env["M"])
	}
	// Every index is one shard and every shard has an index; parallelism
	// only bounds how many run at once.
	if s.Completions == nil || int(*s.Completions) != m {
		t.Errorf("completions %v, M = %d: want them equal", s.Completions, m)
	}
	if s.Parallelism == nil || *s.Parallelism < 1 || int(*s.Parallelism) > m {
		t.Errorf("parallelism %v; want 1..M = %d", s.Parallelism, m)
	}
	// A failed pod is replaced by a new pod for the same index (its
	// checkpoint is on the volume), not restarted in place, and each
	// index has its own retries: one bad shard cannot use up the
	// others' (backoffLimitPerIndex needs Indexed and Never).
	if pod.RestartPolicy != corev1.RestartPolicyNever {
		t.Errorf("restartPolicy %q; want Never", pod.RestartPolicy)
	}
	if s.BackoffLimitPerIndex == nil || *s.BackoffLimitPerIndex < 1 {
		t.Errorf("backoffLimitPerIndex %v; want a positive per-index retry budget", s.BackoffLimitPerIndex)
	}
	// The image runs as non-root (the Dockerfile's user 65532); fsGroup
	// lets that user write to the volume.
	sc := pod.SecurityContext
	if sc == nil || sc.RunAsNonRoot == nil || !*sc.RunAsNonRoot || sc.RunAsUser == nil || *sc.RunAsUser == 0 || sc.FSGroup == nil {
		t.Errorf("pod securityContext %+v; want runAsNonRoot, a non-root runAsUser and an fsGroup", sc)
	}
	// A memory limit bounds the pod's cgroup, which the count reads
	// and plans within (no --max-memory): at least the request, and
	// room for the join's tables at the recipe's N (some 350 MB at 20).
	lim, req := c.Resources.Limits[corev1.ResourceMemory], c.Resources.Requests[corev1.ResourceMemory]
	if lim.IsZero() || lim.Cmp(req) < 0 || lim.Value() < 512<<20 {
		t.Errorf("memory limit %v, request %v; want a limit of 512Mi or more, at least the request", &lim, &req)
	}
	if strings.Contains(strings.Join(c.Command, " "), "max-memory") {
		t.Errorf("command %q gives --max-memory; the count reads the pod's limit", c.Command)
	}
	if c.Image == "" || strings.HasSuffix(c.Image, ":latest") && c.ImagePullPolicy != corev1.PullIfNotPresent {
		t.Errorf("image %q, pull policy %q", c.Image, c.ImagePullPolicy)
	}
	// OUT is on the results volume, a shared claim, mounted writable.
	out := env["OUT"]
	var mount *corev1.VolumeMount
	for i, vm := range c.VolumeMounts {
		if out == vm.MountPath || strings.HasPrefix(out, strings.TrimSuffix(vm.MountPath, "/")+"/") {
			mount = &c.VolumeMounts[i]
		}
	}
	if mount == nil {
		t.Fatalf("OUT = %q is on no volume mount (%+v): the records would die with the pod", out, c.VolumeMounts)
	}
	if mount.ReadOnly {
		t.Errorf("volume mount %s is read-only", mount.MountPath)
	}
	i := slices.IndexFunc(pod.Volumes, func(v corev1.Volume) bool { return v.Name == mount.Name })
	if i < 0 || pod.Volumes[i].PersistentVolumeClaim == nil || pod.Volumes[i].PersistentVolumeClaim.ClaimName == "" {
		t.Errorf("volume %q is not a persistent volume claim: %+v", mount.Name, pod.Volumes)
	}

	// The index reaches --shard: run the command as a pod with index 5
	// would, with exactly the recipe's env (plus what Kubernetes adds),
	// OUT moved to a temporary directory, and a stand-in nqueens that
	// prints its arguments.
	if len(c.Command) != 3 || c.Command[0] != "sh" || c.Command[1] != "-c" {
		t.Fatalf("command %q; want sh -c SCRIPT", c.Command)
	}
	stub := t.TempDir()
	if err := os.WriteFile(filepath.Join(stub, "nqueens"), []byte("#!/bin/sh\nprintf '%s\\n' \"$@\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	tmpOut := filepath.Join(t.TempDir(), "n20")
	cmd := exec.Command(c.Command[0], c.Command[1:]...)
	cmd.Env = []string{"PATH=" + stub + ":/usr/bin:/bin", "JOB_COMPLETION_INDEX=5"}
	for name, v := range env {
		if name == "OUT" {
			v = tmpOut
		}
		cmd.Env = append(cmd.Env, name+"="+v)
	}
	got, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the container's command with index 5: %v\n%s", err, got)
	}
	args := strings.Split(strings.TrimSpace(string(got)), "\n")
	pre := tmpOut + "/shard-5-of-" + env["M"]
	for _, want := range [][]string{
		{"count", env["N"]},
		{"--shard", "5/" + env["M"]},
		{"--checkpoint", pre + ".ckpt"},
		{"-o", pre + ".json"},
		{"--replicas", env["REPLICAS"]},
	} {
		k := slices.Index(args, want[0])
		if k < 0 || k+1 >= len(args) || args[k+1] != want[1] {
			t.Errorf("args %q; want %s %s", args, want[0], want[1])
		}
	}
	if fi, err := os.Stat(tmpOut); err != nil || !fi.IsDir() {
		t.Errorf("the command did not create OUT (%v)", err)
	}
}
