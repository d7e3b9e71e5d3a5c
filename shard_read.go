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

// ReadShardRecords is ParseShardRecords for the records read from r, one
// at a time and each a value at a time: it fails at the first bad record
// or unit, holds the text of one value at a time (at most 4 KiB: a name,
// a total, a unit) and at most 2^21 units a record (the largest plan has
// 1,677,782), skips a UTF-8 byte order mark, and returns ctx.Err() when
// ctx is done between records. An error of r is returned as is.
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
