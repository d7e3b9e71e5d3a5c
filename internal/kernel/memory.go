package kernel

import "unsafe"

// ListMax is the largest n whose plan is listed to count or estimate it
// (NewPlanWorkers); above it the units are too many to list, and the
// estimators sample borders (UnitOf) instead.
const ListMax = 32

// workerScratch is the memory of one counting goroutine: its Worker
// (the stacks) and the wave's buffers.
var workerScratch = uint64(unsafe.Sizeof(Worker{})) + WaveBytes

// Memory is the planned memory of a count whose plan has units units,
// on workers goroutines: the plan's units and each worker's scratch.
// Memory(0, 0) is 0.
func Memory(units, workers int) uint64 {
	return uint64(units)*uint64(unsafe.Sizeof(Unit{})) + uint64(workers)*workerScratch
}
