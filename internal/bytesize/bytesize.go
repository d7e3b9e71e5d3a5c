// Package bytesize writes byte counts for messages: a memory need that a
// limit of the figure shown satisfies, and a limit as the user typed it.
// The quadrant join's memory errors, the library's and the command's all
// write sizes with it, so that a refusal's figure can be typed back in.
package bytesize

import (
	"fmt"
	"math/bits"
)

// Need writes b with a binary unit, rounded up to the tenth shown:
// "512 B", "1.5 KiB", "60.2 MiB", "5.1 GiB". The figure is never less
// than b, so a limit of the figure shown (parsed exactly) is enough.
func Need(b uint64) string { return format(b, true) }

// Limit is Need rounded to the nearest tenth, for limits, so that a
// limit given as "2.7M" (2.7·2^20 bytes, rounded down) reads "2.7 MiB".
func Limit(b uint64) string { return format(b, false) }

func format(b uint64, up bool) string {
	if b < 1024 {
		return fmt.Sprintf("%d B", b)
	}
	units := []string{"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	i, unit := 0, uint64(1024)
	for b/unit >= 1024 && i < len(units)-1 {
		unit <<= 10
		i++
	}
	// Tenths of the unit, exactly: b·10/unit in 128 bits.
	hi, lo := bits.Mul64(b, 10)
	t, rem := bits.Div64(hi, lo, unit)
	if up && rem != 0 || !up && rem >= unit/2 {
		t++
	}
	return fmt.Sprintf("%d.%d %s", t/10, t%10, units[i])
}
