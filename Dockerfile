# The nqueens command in a small image, for the Kubernetes recipe
# (deploy/kubernetes/indexed-job.yaml) and for docker run:
#
#   docker build -t nqueens:local .
#   docker run --rm nqueens:local count 12
#
# Untested: the machine this was written on has no Docker, and the
# image has never been built. Only its build stage was tried by hand:
# the files .dockerignore lets through, built with the command below,
# gave a binary that counts (static then; see below why no longer).

FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
# No cgo, and without the build machine's paths. The binary links the
# GPU driver (package github.com/nqueens/nqueens/gpu, loading
# libcuda.so.1 at run time through purego), which makes even a
# CGO_ENABLED=0 build dynamically linked against glibc (ldd: libc.so.6,
# libdl, libpthread, /lib64/ld-linux-x86-64.so.2).
RUN CGO_ENABLED=0 go build -trimpath -o /out/nqueens ./cmd/nqueens

# Distroless's base image: glibc, which the binary now needs (the static
# image has no libc and cannot run it), and no package manager; its
# debug variant adds busybox's sh (on PATH, at /busybox/sh), which the
# Job's command (sh -c) needs. -nonroot: user 65532. It has no NVIDIA
# driver: -device gpu in a container needs the host's driver mounted
# (the NVIDIA container toolkit), untried.
FROM gcr.io/distroless/base-debian12:debug-nonroot
COPY --from=build /out/nqueens /usr/local/bin/nqueens
USER 65532:65532
WORKDIR /home/nonroot
ENTRYPOINT ["/usr/local/bin/nqueens"]
CMD ["help"]
