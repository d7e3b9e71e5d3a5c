// Package deploy holds no code: it is the module of the tests of the
// scheduler recipes beside it (slurm/, kubernetes/, parallel/). They
// build the nqueens command from the module in the parent directory and
// run each recipe as far as a machine without the schedulers allows:
// the Slurm script with the variables Slurm would set, a one-node Slurm
// cluster where root can start one, the Kubernetes Indexed Job decoded
// with Kubernetes' own types and its command run with the completion
// index Kubernetes would set, and GNU parallel for real.
//
// The module is separate so that k8s.io/api and the YAML decoders stay
// out of the library's go.mod. Run the tests from this directory:
//
//	cd deploy && go test ./...
//
// A test that needs a program from a Debian package (parallel,
// slurm-wlm, munge) skips without it, naming the package; under CI=true
// it fails instead (internal/testtool).
package deploy
