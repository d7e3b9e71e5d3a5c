package run

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/nqueens/nqueens/internal/tally"
)

// TestJoinBurnsideResumed: a join count whose total fails Burnside's
// lemma blames its checkpoint (ErrCheckpoint) when at least one unit
// total was read from it, one included, and the run otherwise.
func TestJoinBurnsideResumed(t *testing.T) {
	for _, tc := range []struct {
		resumed int
		cp      string
		want    bool // ErrCheckpoint
		text    string
	}{
		{1, "c.ckpt", true, "1 of the 10 unit totals were read from this checkpoint"},
		{4, "c.ckpt", true, "4 of the 10 unit totals"},
		{0, "c.ckpt", false, "every unit was counted by this run"},
		{0, "", false, "this count read no file"},
	} {
		// Q(8) = 92; 93 is no multiple-of-8 sum of classes.
		res := Result{N: 8, Solutions: tally.Uint128{Lo: 93}, Units: 10, Resumed: tc.resumed}
		err := joinBurnside(context.Background(), &res, tc.cp)
		if err == nil || errors.Is(err, ErrCheckpoint) != tc.want || !strings.Contains(err.Error(), tc.text) {
			t.Errorf("joinBurnside(total 93, %d resumed, %q) = %v; want ErrCheckpoint %v and %q", tc.resumed, tc.cp, err, tc.want, tc.text)
		}
	}
}
