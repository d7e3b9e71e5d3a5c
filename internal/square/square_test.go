package square

import "testing"

// TestApply checks each symmetry on the corner (0, 1) of a 4×4 board,
// and that the 8 images of an asymmetric square are distinct.
func TestApply(t *testing.T) {
	want := [8][2]int{{0, 1}, {1, 3}, {3, 2}, {2, 0}, {0, 2}, {3, 1}, {1, 0}, {2, 3}}
	seen := map[[2]int]bool{}
	for s, w := range want {
		r, c := Apply(s, 3, 0, 1)
		if [2]int{r, c} != w {
			t.Errorf("Apply(%d, 3, 0, 1) = (%d, %d); want (%d, %d)", s, r, c, w[0], w[1])
		}
		seen[[2]int{r, c}] = true
	}
	if len(seen) != 8 {
		t.Errorf("the 8 images of (0, 1) on a 4×4 board: %d distinct; want 8", len(seen))
	}
}
