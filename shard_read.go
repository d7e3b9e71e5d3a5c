package nqueens

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/nqueens/nqueens/internal/shard"
)

// ReadShardRecords is ParseShardRecords for the records read from r, one
// at a time: it fails at the first bad record, reads at most 180 MiB for
// one record (what a record of the largest plan can hold), skips a UTF-8
// byte order mark, and returns ctx.Err() when ctx is done between
// records. An error of r is returned as is.
func ReadShardRecords(ctx context.Context, r io.Reader, source string) ([]ShardRecord, error) {
	recs, err := shard.ReadAll(ctx, r)
	if errors.Is(err, shard.ErrRecord) {
		return nil, also(ErrShard, fmt.Errorf("%s: %w", source, err))
	}
	if err != nil {
		return nil, err
	}
	return fromShardRecords(recs, source)
}

func bytesReader(b []byte) io.Reader { return bytes.NewReader(b) }
