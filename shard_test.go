package nqueens

import (
	"errors"
	"testing"
)

func TestParseShard(t *testing.T) {
	for s, want := range map[string]Shard{"0/1": {Index: 0, Count: 1}, "3/8": {Index: 3, Count: 8}, "7/8": {Index: 7, Count: 8}} {
		if got, err := ParseShard(s); err != nil || got != want {
			t.Errorf("ParseShard(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	for _, s := range []string{"8/8", "-1/8", "1/0", "3", "a/b", "1/2/3", ""} {
		if _, err := ParseShard(s); !errors.Is(err, ErrShard) {
			t.Errorf("ParseShard(%q) error = %v; want ErrShard", s, err)
		}
	}
}
