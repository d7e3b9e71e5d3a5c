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
// at a time and each a value at a time: it fails at the first bad record
// or unit, holds the text of one value at a time (at most 4 KiB: a name,
// a total, a unit) and at most 2^21 units a record (the largest plan has
// 1,677,782), skips a UTF-8 byte order mark, and returns ctx.Err() when
// ctx is done between records. An error of r is returned as is.
func ReadShardRecords(ctx context.Context, r io.Reader, source string) ([]ShardRecord, error) {
	recs, err := shard.ReadAllFor(ctx, r, headerCheck(map[planKey]shard.Plan{}))
	if errors.Is(err, shard.ErrRecord) {
		return nil, also(ErrShard, fmt.Errorf("%s: %w", source, err))
	}
	if err != nil {
		return nil, err
	}
	return fromShardRecords(recs, source)
}

func bytesReader(b []byte) io.Reader { return bytes.NewReader(b) }

type planKey struct {
	method string
	n      int
}

// headerCheck returns the check that refuses a record whose header is
// not of a plan of this program (its method and n, decomposition version
// and digest) before its unit list is read, and bounds the list by the
// plan's units. Plans are kept in plans, so that the records of one
// count list their plan once (the join's takes seconds at n = 25).
func headerCheck(plans map[planKey]shard.Plan) shard.HeaderCheck {
	return func(r *shard.Record) (int, error) {
		if kindOfRecord(r.Method) == nil {
			return 0, fmt.Errorf("%w: unknown method %q", shard.ErrRecord, r.Method)
		}
		k := planKey{r.Method, r.N}
		p, ok := plans[k]
		if !ok {
			var err error
			if p, err = planFor(r.Method, r.N); err != nil {
				return 0, fmt.Errorf("%w: %w", shard.ErrRecord, err)
			}
			if len(plans) < 4 { // records of one count share one
				plans[k] = p
			}
		}
		return checkHeader(r, p)
	}
}

// checkHeader compares a record's header with plan p of its method and n.
func checkHeader(r *shard.Record, p shard.Plan) (int, error) {
	if r.Version != p.Version || r.Plan != p.Digest {
		return 0, fmt.Errorf("%w: decomposition %s, plan %s; this program has %s, plan %s for n = %d",
			shard.ErrRecord, r.Version, r.Plan, p.Version, p.Digest, r.N)
	}
	return len(p.Costs), nil
}
