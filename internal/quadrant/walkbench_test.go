//go:build unix

package quadrant

import (
	"context"
	"fmt"
	"syscall"
	"testing"
	"time"
)

// BenchmarkBucketCounts times the counting walk of the bucket counts
// (bucketCounts) for h = 11..13 on all cores, reporting its process CPU
// time too (h = 13: go test -run X -bench BucketCounts/h=13 -benchtime 1x).
func BenchmarkBucketCounts(b *testing.B) {
	for _, h := range []int{11, 12, 13} {
		b.Run(fmt.Sprintf("h=%d", h), func(b *testing.B) {
			cpu0 := processCPU()
			for b.Loop() {
				must(bucketCounts(context.Background(), h))
			}
			b.ReportMetric((processCPU()-cpu0).Seconds()/float64(b.N), "cpu-s/op")
		})
	}
}

// BenchmarkRowWalk times the counting walk by rows (rowWalk, which
// rowCounts makes up to MaxN) for h = 11..13 on all cores.
func BenchmarkRowWalk(b *testing.B) {
	for _, h := range []int{11, 12, 13} {
		b.Run(fmt.Sprintf("h=%d", h), func(b *testing.B) {
			cpu0 := processCPU()
			for b.Loop() {
				must(rowWalk(context.Background(), h))
			}
			b.ReportMetric((processCPU()-cpu0).Seconds()/float64(b.N), "cpu-s/op")
		})
	}
}

// processCPU returns the CPU time (user and system) of the process.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
