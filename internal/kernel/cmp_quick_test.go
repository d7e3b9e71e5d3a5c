package kernel

import (
	"os"
	"strconv"
	"testing"
	"time"
)

func TestQuickCmp(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("QN"))
	if n == 0 {
		t.Skip()
	}
	p, _ := NewPlan(n)
	var w Worker
	bp, bu := time.Hour, time.Hour
	var pn, un uint64
	for range 5 {
		st := time.Now()
		_, pn = Plain(n)
		bp = min(bp, time.Since(st))
		st = time.Now()
		un = 0
		for i := range p.Units {
			r, _ := w.CountUnit(p, &p.Units[i])
			un += r.Nodes
		}
		bu = min(bu, time.Since(st))
	}
	t.Logf("n=%d plain %v %d nodes %.2f ns/node | units %v %d nodes %.2f ns/node | speedup %.2f", n, bp, pn, float64(bp)/float64(pn), bu, un, float64(bu)/float64(un), float64(bp)/float64(bu))
}
