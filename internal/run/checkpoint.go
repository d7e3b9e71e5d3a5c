package run

import (
	"errors"
	"fmt"
	"slices"

	"github.com/nqueens/nqueens/internal/checkpoint"
)

// OpenCheckpoint opens (or creates) the checkpoint at path for the count
// that h describes and returns it with the units it already holds, each
// checked by check (the plan's rule for a unit's result; the file is
// refused at the first record that breaks it). A torn tail that was
// dropped, or a torn header that was written anew, is told to notice,
// if not nil.
func OpenCheckpoint(path string, h checkpoint.Header, check func(checkpoint.Record) error, notice func(string)) (*checkpoint.File, map[int]checkpoint.Record, error) {
	f, o, err := checkpoint.Open(path, h, 0)
	if err == nil {
		if err := checkRecords(path, o.Done, check); err != nil {
			f.Close()
			return nil, nil, err
		}
		if notice != nil && o.DroppedLines > 0 {
			notice(droppedNotice(path, o.DroppedLines, o.Dropped))
		}
		if notice != nil && o.TornHeader > 0 {
			notice(fmt.Sprintf("%s held only a header cut off after %s, no finished unit (a file torn while it was created): it was written anew and the count starts from the beginning", path, byteSize(o.TornHeader)))
		}
		return f, o.Done, nil
	}
	var me *checkpoint.MismatchError
	if errors.As(err, &me) && methodOf(me.Got.Version) != methodOf(me.Want.Version) {
		hint := ""
		if m := methodFor(me.Got.Version); m != "" && me.Got.N == me.Want.N {
			// Same board, other method (a --total-only count of
			// N = 12..17 was the join's before auto chose the kernel
			// there): say which method resumes it.
			hint = fmt.Sprintf("; count with method %s to resume it", m)
		}
		return nil, nil, WithKind(ErrCheckpoint, fmt.Errorf("%s: %w: it is a checkpoint of %s for n = %d, this count uses %s%s",
			path, checkpoint.ErrMismatch, methodOf(me.Got.Version), me.Got.N, methodOf(me.Want.Version), hint))
	}
	if errors.Is(err, checkpoint.ErrForeign) || errors.Is(err, checkpoint.ErrMismatch) || errors.Is(err, checkpoint.ErrCorrupt) || errors.Is(err, checkpoint.ErrBusy) {
		return nil, nil, WithKind(ErrCheckpoint, err)
	}
	return nil, nil, fmt.Errorf("checkpoint: %w", err)
}

// droppedNotice is the notice for a damaged tail of k lines and size
// bytes dropped from the checkpoint at path. One line no longer than a
// record is a torn record, whose unit is counted again; anything longer
// is described as what it is, since it need not hold any record.
func droppedNotice(path string, k, size int) string {
	if k == 1 && size <= checkpoint.MaxRecordLine {
		return fmt.Sprintf("dropped 1 damaged trailing record of %s; its unit is counted again", path)
	}
	return fmt.Sprintf("dropped a damaged tail of %s (%d %s) of %s; the units recorded before it are kept, any unit it held is counted again",
		byteSize(size), k, plural(k, "line", "lines"), path)
}

// byteSize writes a size in bytes, kB or MB (powers of 1000).
func byteSize(n int) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d bytes", n)
	case n < 1000000:
		return fmt.Sprintf("%.1f kB", float64(n)/1e3)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
}

// checkRecords checks the records of the checkpoint at path, by unit,
// with check, and refuses the file (ErrCheckpoint, ErrCorrupt) at the
// first that breaks the rule, naming the file, the unit, the rule and
// the remedy.
func checkRecords(path string, done map[int]checkpoint.Record, check func(checkpoint.Record) error) error {
	ids := make([]int, 0, len(done))
	for id := range done {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		if err := check(done[id]); err != nil {
			return WithKind(ErrCheckpoint, fmt.Errorf("%s: %w: %v; %s", path, checkpoint.ErrCorrupt, err, deleteRemedy))
		}
	}
	return nil
}

// deleteRemedy is what to do with a checkpoint whose records are wrong:
// a CRC that matches says the line was written (or edited) so, and
// nothing tells which other records to trust.
const deleteRemedy = "the file was damaged or edited with a matching checksum: delete it and count again"

// methodOf names the method whose units a decomposition version
// describes, for messages.
func methodOf(version string) string {
	if m := methodFor(version); m != "" {
		return "method " + m + " (" + version + ")"
	}
	return "decomposition " + version
}

// methodFor returns the method whose units a decomposition version
// describes, or "" for a version this build does not know.
func methodFor(version string) string {
	if e := ByVersion(version); e != nil {
		return e.Info().Method
	}
	return ""
}

// closeCheckpoint closes cp when a count returns, so that everything
// finished is on disk before Count returns, also when it was interrupted;
// a close error becomes *err unless there is one already.
func closeCheckpoint(cp *checkpoint.File, err *error) {
	if cerr := cp.Close(); *err == nil && cerr != nil {
		*err = cerr
	}
}

// plural returns one for k = 1, else many.
func plural(k int, one, many string) string {
	if k == 1 {
		return one
	}
	return many
}
