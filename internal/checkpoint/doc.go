// Package checkpoint keeps the durable record of a long count: which work
// units have finished and what each found, so that a count killed at any
// moment resumes where it stopped and still ends exact.
//
// # File format
//
// A checkpoint is a text file of lines, each ending in '\n' and each
// carrying its own CRC-32C (Castagnoli) of the text before it:
//
//	nqueens-checkpoint/1 n=16 version=rows2-mirror-v1 plan=5c0d…e1 units=210 crc=1a2b3c4d
//	17 93440 11680 1529630 9f8e7d6c
//	3 74396 9301 1203411 01a2b3c4
//	…
//
// The header names the board size, the decomposition's version, the
// digest of the plan (its settings and unit list) and the number of
// units; a file whose header differs from the plan of the run is refused,
// as is a file that is not a checkpoint at all. Each record line is
// "unit total unique nodes crc": the unit's id in the plan, its weighted
// share of the total (so that the sum over all units is A000170(n)), its
// canonical solutions and the queens it placed, in decimal. A count that
// does not find the last two (the quadrant join, units version quadrant-v3,
// counts totals only) writes 0 for them.
//
// # Durability
//
// Records are appended with one write(2) each, in the order units finish,
// so a process killed with SIGKILL loses nothing that it had reported:
// the kernel's page cache holds the line. A background loop fsyncs the
// file whenever it has unsynced lines, at least every sync interval (two
// seconds by default), and Close fsyncs once more. Power loss can tear the
// lines written since the last fsync, or fill them with zeros; Parse
// treats every line from the first invalid one to the end of the file as
// such a torn tail, drops it, and Open truncates it away before
// appending. An invalid line followed by a valid one cannot come from a
// torn append: that file is refused as corrupt, and so is a line whose
// checksum matches but whose fields are no record (a sign, a leading
// zero, a field too many, a line longer than any record, however
// long): it was written so. A tail is reported as
// bytes and lines (Opened.Dropped, DroppedLines), not as records, since
// garbage need not hold any.
//
// Reading is bounded by the plan: Open (ParseReaderFor) refuses a header
// of another count before reading any record, and a file of more than
// Units+MaxRepeats records at the first record beyond them, so it keeps
// at most that many records in memory whatever the file's size.
//
// Open takes an advisory lock (flock(2), on Unix) for as long as the
// File is open, so a second count on the same file fails with ErrBusy
// instead of appending to, or truncating, a file in use.
//
// A unit recorded twice (two runs racing, or a record repeated by hand)
// counts once; two records of one unit whose counts disagree are
// refused (their node counts may differ: another build of the same
// version may search the unit differently).
//
// # What a valid line can still get wrong
//
// The CRC catches torn writes and stray bit flips, not a line edited and
// re-signed, nor one written wrong by a faulty machine. This package
// checks only the format; the count that opens a file (nqueens.Count)
// checks each record against its unit's rule and refuses the file if
// one breaks it:
//
//   - kernel units (border4-d4-v2; kernel.Plan.CheckResult): total is a
//     multiple of the unit's weight w = 8/|H| and total/w at most a bound
//     from the unit's free rows (kernel.Plan.Bound); total = 8·unique
//     when the stabilizer H of the unit's border holds no rotation,
//     4·unique ≤ total ≤ 8·unique when it holds the half turn but not
//     the quarter turn, 2·unique ≤ total ≤ 8·unique when it holds the
//     quarter turn (each class of solutions has 8, 4 or 2 members);
//   - quadrant units (quadrant-v3; quadrant.Plan.CheckTotal): unique and
//     nodes are 0, total is a multiple of the unit's frame class size
//     (Unit.Multiple) and at most Unit.Max.
//
// The whole count is then checked by Burnside's lemma (8·U − Q = S180 +
// 2·S90, or Q + S180 + 2·S90 ≡ 0 mod 8 for totals only), which catches
// every error that breaks that identity and none that keeps it (a
// kernel unit's total +8k with its unique +k; a quadrant total off by a
// multiple of 8). Each rule was checked against every unit of N ≤ 16.
package checkpoint
