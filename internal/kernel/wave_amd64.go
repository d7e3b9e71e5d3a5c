//go:build amd64 && !purego

package kernel

import "golang.org/x/sys/cpu"

// waveAVX2 selects the AVX2 passes of searchWave (a var for the tests,
// which compare them with passGo and leafGo); they also use POPCNT.
var waveAVX2 = cpu.X86.HasAVX2 && cpu.X86.HasPOPCNT

// passAVX2 is passGo eight frames at a time (wave_amd64.s).
//
//go:noescape
func passAVX2(src, dst *waveLevel, start, end, nd int, a *passArgs) (wi, nd2 int)

// leafAVX2 is leafGo eight frames at a time (wave_amd64.s); it adds to
// all sixteen counters of acc.
//
//go:noescape
func leafAVX2(src *waveLevel, n int, a *passArgs, acc *[16]uint32) int
