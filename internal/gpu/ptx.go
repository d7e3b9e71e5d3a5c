package gpu

import (
	_ "embed"
)

// PTX is the device code (device/count.cu) as PTX for sm_75 and later,
// made by scripts/gen-ptx.sh and NUL-terminated, as cuModuleLoadData
// takes it. The driver compiles it for the card when the module is
// loaded. Its kernel is KernelName.
var PTX = append([]byte(ptxSource), 0)

//go:embed count.ptx
var ptxSource string

// KernelName is the entry point of PTX.
const KernelName = "nq_count"
