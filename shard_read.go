package nqueens

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/nqueens/nqueens/internal/run"
	"github.com/nqueens/nqueens/internal/shard"
)

// ReadShardRecords reads the shard records of r, one JSON object or
// several, each checked against itself (totals, digest), in bounded
// memory; source names r in errors. It returns ctx.Err() when ctx ends.
func ReadShardRecords(ctx context.Context, r io.Reader, source string) ([]ShardRecord, error) {
	recs, err := shard.ReadAllFor(ctx, r, run.HeaderCheck(map[run.PlanKey]shard.Plan{}))
	if errors.Is(err, shard.ErrRecord) {
		return nil, run.WithKind(ErrShard, fmt.Errorf("%s: %w", source, err))
	}
	if err != nil {
		return nil, err
	}
	return fromShardRecords(recs, source)
}

func bytesReader(b []byte) io.Reader { return bytes.NewReader(b) }
