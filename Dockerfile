# The nqueens command in a small image, for the Kubernetes recipe
# (deploy/kubernetes/indexed-job.yaml) and for docker run:
#
#   docker build -t nqueens:local .
#   docker run --rm nqueens:local count 12
#
# Untested: the machine this was written on has no Docker, and the
# image has never been built. Only its build stage was tried by hand:
# the files .dockerignore lets through, built with the command below,
# give a static binary that counts.

FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
# A static binary (no cgo, so no libc to carry), without the build
# machine's paths.
RUN CGO_ENABLED=0 go build -trimpath -o /out/nqueens ./cmd/nqueens

# Distroless's static image has no libc and no package manager; its
# debug variant adds busybox's sh (on PATH, at /busybox/sh), which the
# Job's command (sh -c) needs. -nonroot: user 65532.
FROM gcr.io/distroless/static-debian12:debug-nonroot
COPY --from=build /out/nqueens /usr/local/bin/nqueens
USER 65532:65532
WORKDIR /home/nonroot
ENTRYPOINT ["/usr/local/bin/nqueens"]
CMD ["help"]
