//go:build !amd64 || purego

package kernel

// waveAVX2 is false where there is no AVX2 code: searchWave runs
// passGo and leafGo.
var waveAVX2 = false

func passAVX2(src, dst *waveLevel, start, end, nd int, a *passArgs) (wi, nd2 int) {
	return passGo(src, dst, start, end, nd, a)
}

func leafAVX2(src *waveLevel, n int, a *passArgs, acc *[16]uint32) int {
	return leafGo(src, n, a, acc)
}
