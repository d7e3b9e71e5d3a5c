package checkpoint

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"strconv"
	"strings"

	"github.com/nqueens/nqueens/internal/quote"
)

// Magic starts every checkpoint file; the number is the format's version.
const Magic = "nqueens-checkpoint/1"

var (
	// ErrForeign is wrapped by the errors for a file that is not a
	// checkpoint, or one of another format version.
	ErrForeign = errors.New("not an nqueens checkpoint")
	// ErrMismatch is wrapped by the errors for a checkpoint of another
	// count: another n, decomposition version or plan.
	ErrMismatch = errors.New("checkpoint belongs to another count")
	// ErrCorrupt is wrapped by the errors for damage that a torn append
	// cannot explain: a bad line followed by good ones, a bad header,
	// a unit out of range or two records of one unit with different
	// counts.
	ErrCorrupt = errors.New("corrupt checkpoint")
	// ErrBusy is returned by Open when another process has the file open.
	ErrBusy = errors.New("checkpoint is in use by another count")
)

var table = crc32.MakeTable(crc32.Castagnoli)

// A Header identifies the count a checkpoint belongs to.
type Header struct {
	N       int
	Version string // the decomposition's version, without spaces
	Plan    string // digest of the plan, without spaces
	Units   int    // number of units in the plan
}

// A Record is one finished unit.
type Record struct {
	Unit   int
	Total  uint64 // weighted: the unit's share of A000170(n)
	Unique uint64
	Nodes  uint64
}

func (h Header) check() error {
	if h.N < 0 || h.Units < 1 || !token(h.Version) || !token(h.Plan) {
		return fmt.Errorf("checkpoint: invalid header %+v", h)
	}
	return nil
}

// token reports whether s is a non-empty run of printable ASCII without
// spaces or '='.
func token(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c > '~' || c == '=' {
			return false
		}
	}
	return true
}

// AppendHeader appends the header line for h to b.
func AppendHeader(b []byte, h Header) []byte {
	start := len(b)
	b = fmt.Appendf(b, "%s n=%d version=%s plan=%s units=%d", Magic, h.N, h.Version, h.Plan, h.Units)
	return appendCRC(b, start, " crc=")
}

// AppendRecord appends the line for r to b.
func AppendRecord(b []byte, r Record) []byte {
	start := len(b)
	b = strconv.AppendInt(b, int64(r.Unit), 10)
	b = append(b, ' ')
	b = strconv.AppendUint(b, r.Total, 10)
	b = append(b, ' ')
	b = strconv.AppendUint(b, r.Unique, 10)
	b = append(b, ' ')
	b = strconv.AppendUint(b, r.Nodes, 10)
	return appendCRC(b, start, " ")
}

func appendCRC(b []byte, start int, sep string) []byte {
	sum := crc32.Checksum(b[start:], table)
	b = append(b, sep...)
	b = fmt.Appendf(b, "%08x", sum)
	return append(b, '\n')
}

// splitCRC splits a line (without '\n') into its text and checksum and
// reports whether the checksum matches.
func splitCRC(line []byte, sep string) ([]byte, bool) {
	i := bytes.LastIndex(line, []byte(sep))
	if i < 0 || len(line)-i-len(sep) != 8 {
		return nil, false
	}
	text, hex := line[:i], line[i+len(sep):]
	want, err := strconv.ParseUint(string(hex), 16, 32)
	if err != nil || hex[0] == '+' || hex[0] == '-' || strings.ToLower(string(hex)) != string(hex) {
		return nil, false
	}
	return text, crc32.Checksum(text, table) == uint32(want)
}

// parseHeader reads a header line (without '\n').
func parseHeader(line []byte) (Header, error) {
	if bytes.HasSuffix(line, []byte("\r")) {
		return Header{}, fmt.Errorf("%w: its lines end in CR LF (Windows line endings), not LF: convert it back (dos2unix FILE, or tr -d '\\r') and resume", ErrCorrupt)
	}
	text, ok := splitCRC(line, " crc=")
	if !ok {
		return Header{}, fmt.Errorf("%w: the header's checksum does not match", ErrCorrupt)
	}
	f := strings.Split(string(text), " ")
	if len(f) != 5 || f[0] != Magic {
		return Header{}, fmt.Errorf("%w: bad header %s", ErrCorrupt, quote.Bytes(text))
	}
	var h Header
	var err error
	val := func(i int, key string) string {
		v, found := strings.CutPrefix(f[i], key+"=")
		if !found && err == nil {
			err = fmt.Errorf("%w: header field %d is %s, want %s=…", ErrCorrupt, i, quote.Token(f[i]), key)
		}
		return v
	}
	n, units := val(1, "n"), val(4, "units")
	h.Version, h.Plan = val(2, "version"), val(3, "plan")
	if err != nil {
		return Header{}, err
	}
	var ok1, ok2 bool
	h.N, ok1 = atoi(n)
	h.Units, ok2 = atoi(units)
	if !ok1 || !ok2 || h.check() != nil {
		return Header{}, fmt.Errorf("%w: bad header %s", ErrCorrupt, quote.Bytes(text))
	}
	return h, nil
}

// atoi reads a canonical non-negative decimal int: no sign, no leading
// zeros, at most 9 digits.
func atoi(s string) (int, bool) {
	v, ok := atou(s)
	if !ok || v >= 1e9 {
		return 0, false
	}
	return int(v), true
}

// atou reads a canonical decimal uint64, so that each record has one
// spelling.
func atou(s string) (uint64, bool) {
	if s == "" || s[0] < '0' || s[0] > '9' || (len(s) > 1 && s[0] == '0') {
		return 0, false
	}
	v, err := strconv.ParseUint(s, 10, 64)
	return v, err == nil
}

// parseRecord reads a record line (without '\n'); ok is false for any
// line that is not a valid record. sum is true when the line's checksum
// matches: a line written so (or edited with a new checksum), not torn.
func parseRecord(line []byte) (r Record, ok, sum bool) {
	text, ok := splitCRC(line, " ")
	if !ok {
		return Record{}, false, false
	}
	f := strings.Split(string(text), " ")
	if len(f) != 4 {
		return Record{}, false, true
	}
	id, ok0 := atoi(f[0])
	t, ok1 := atou(f[1])
	u, ok2 := atou(f[2])
	n, ok3 := atou(f[3])
	if !ok0 || !ok1 || !ok2 || !ok3 {
		return Record{}, false, true
	}
	return Record{Unit: id, Total: t, Unique: u, Nodes: n}, true, true
}

// A longCRC checks the record checksum of a line too long to hold in
// memory, written to it a piece at a time without its '\n': it keeps the
// CRC-32C of all but the line's last 9 bytes, and those bytes, which
// must be " " and the checksum in 8 lower-case hex digits.
type longCRC struct {
	sum  uint32
	tail []byte // the last (at most) 9 bytes written
}

const crcField = len(" 01234567")

func (l *longCRC) write(b []byte) {
	if len(b) >= crcField {
		l.sum = crc32.Update(l.sum, table, l.tail)
		l.sum = crc32.Update(l.sum, table, b[:len(b)-crcField])
		l.tail = append(l.tail[:0], b[len(b)-crcField:]...)
		return
	}
	l.tail = append(l.tail, b...)
	if k := len(l.tail) - crcField; k > 0 {
		l.sum = crc32.Update(l.sum, table, l.tail[:k])
		l.tail = append(l.tail[:0], l.tail[k:]...)
	}
}

// matches reports whether the line written ends in " " and the checksum
// of the text before it, as splitCRC would find it.
func (l *longCRC) matches() bool {
	if len(l.tail) != crcField || l.tail[0] != ' ' {
		return false
	}
	hex := l.tail[1:]
	for _, c := range hex {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	want, err := strconv.ParseUint(string(hex), 16, 32)
	return err == nil && l.sum == uint32(want)
}

// A Parsed is the content of a checkpoint file.
type Parsed struct {
	Header  Header
	Empty   bool     // no complete header: a new file, or one torn while it was created
	Records []Record // valid records in file order, duplicates included
	Valid   int      // length of the valid prefix; the rest is a torn tail
	// TornLines is the number of lines in the torn tail, a last line
	// without its '\n' included.
	TornLines int
}

// MaxHeader and MaxRecordLine are the longest header and record lines
// Parse reads, newline included: a record line is at most 81 bytes (a
// unit below 10^9, three counts below 2^64, a checksum), a header well
// under 1 KiB. A longer line is damaged.
const (
	MaxHeader     = 1024
	MaxRecordLine = 128
)

// MaxRepeats is how many records beyond its plan's units a checkpoint
// may hold (a unit recorded twice: Dedup checks that they agree). A
// file with more is refused as soon as its last allowed record is
// passed, so reading it takes memory for the plan's units only.
const MaxRepeats = 1024

// Parse reads the bytes of a checkpoint file. A file with no complete
// header line that is a prefix of one (including the empty file) is
// Empty. Lines from the first invalid one to the end are a torn tail:
// Valid is where it starts, and they are not returned. Parse fails with
// ErrForeign for a file that is not a checkpoint and ErrCorrupt for a
// bad header or an invalid line followed by a valid one; it does not
// check units against the header (Open does).
func Parse(data []byte) (Parsed, error) {
	return ParseReader(bytes.NewReader(data))
}

// ParseReader is Parse for the file read from r, a line at a time, in
// memory for the records only: a header line longer than MaxHeader is
// refused and a record line longer than MaxRecordLine is damaged,
// whatever follows it. An error of r is returned as is.
func ParseReader(r io.Reader) (Parsed, error) { return parseReader(r, nil) }

// ParseReaderFor is ParseReader for the checkpoint of the count that
// want describes: a header of another count fails at once (with a
// *MismatchError), and a file holding more than want.Units+MaxRepeats
// records fails with ErrCorrupt at the first record beyond them.
func ParseReaderFor(r io.Reader, want Header) (Parsed, error) { return parseReader(r, &want) }

func parseReader(r io.Reader, want *Header) (Parsed, error) {
	var p Parsed
	br := bufio.NewReaderSize(r, MaxHeader+1)
	first, err := br.ReadSlice('\n')
	switch {
	case errors.Is(err, bufio.ErrBufferFull):
		if bytes.HasPrefix(first, []byte(Magic+" ")) {
			return p, fmt.Errorf("%w: the header is longer than %d bytes", ErrCorrupt, MaxHeader)
		}
		return p, ErrForeign
	case err == io.EOF:
		// No complete line: a header torn while the file was created,
		// or something else entirely.
		if bytes.HasPrefix([]byte(Magic+" "), first) || bytes.HasPrefix(first, []byte(Magic+" ")) {
			p.Empty = true
			return p, nil
		}
		return p, ErrForeign
	case err != nil:
		return p, err
	}
	first = first[:len(first)-1]
	if !bytes.HasPrefix(first, []byte(Magic+" ")) {
		if bytes.HasPrefix(first, []byte("nqueens-checkpoint/")) {
			f := first[:bytes.IndexByte(append(first, ' '), ' ')]
			return p, fmt.Errorf("%w: format %s, this program reads %s", ErrForeign, quote.Bytes(f), Magic)
		}
		return p, ErrForeign
	}
	h, err := parseHeader(first)
	if err != nil {
		return p, err
	}
	p.Header = h
	if want != nil {
		if err := mismatch(h, *want); err != nil {
			return p, err
		}
	}
	maxRecords := h.Units + MaxRepeats
	off := len(first) + 1
	p.Valid = off
	torn := -1 // line number of the first invalid line
	for line := 2; ; line++ {
		b, err := br.ReadSlice('\n')
		n := len(b)
		long := false
		if errors.Is(err, bufio.ErrBufferFull) || ((err == nil || err == io.EOF) && n > MaxRecordLine) {
			// Too long for a record: damaged. Skip to its end, checking
			// its checksum on the way: a torn append cannot make one
			// that matches.
			long = true
			var lc longCRC
			for {
				lc.write(bytes.TrimSuffix(b, []byte("\n")))
				if !errors.Is(err, bufio.ErrBufferFull) {
					break
				}
				b, err = br.ReadSlice('\n')
				n += len(b)
			}
			if err != nil && err != io.EOF {
				return Parsed{}, err
			}
			if lc.matches() {
				return Parsed{}, fmt.Errorf("%w: line %d, of %d bytes, has a matching checksum but is not a record (unit, total, unique and nodes as canonical whole numbers, at most %d bytes): the file was damaged or edited; delete it and count again",
					ErrCorrupt, line, n, MaxRecordLine)
			}
		}
		if err == io.EOF && n == 0 {
			break
		}
		if err != nil && err != io.EOF {
			return Parsed{}, err
		}
		var rec Record
		ok := !long
		if ok {
			text := b
			if err == nil {
				text = b[:len(b)-1]
			}
			var sum bool
			rec, ok, sum = parseRecord(text)
			if sum && !ok {
				// Written so, not torn: a torn append cannot make a
				// checksum that matches.
				return Parsed{}, fmt.Errorf("%w: line %d, %s, has a matching checksum but is not a record (unit, total, unique and nodes as canonical whole numbers): the file was damaged or edited; delete it and count again",
					ErrCorrupt, line, quote.Bytes(text))
			}
			ok = ok && err == nil
		}
		off += n
		if !ok {
			if torn < 0 {
				torn = line
			}
			p.TornLines++
			if err == io.EOF {
				break
			}
			continue
		}
		if torn >= 0 {
			return Parsed{}, fmt.Errorf("%w: line %d is damaged but line %d after it is valid", ErrCorrupt, torn, line)
		}
		if len(p.Records) == maxRecords {
			return Parsed{}, fmt.Errorf("%w: line %d: more than %d records, more than the plan's %d units and %d repeats allow: the file was damaged or edited; delete it and count again", ErrCorrupt, line, maxRecords, h.Units, MaxRepeats)
		}
		p.Records = append(p.Records, rec)
		p.Valid = off
	}
	return p, nil
}

// Dedup returns the records by unit, checking them against h: each unit
// must be below h.Units, and records of one unit must agree on its
// counts (Total and Unique). Their Nodes may differ: builds of one
// version may search a unit's tree in different ways (the wave kernel
// visits fewer nodes in units with a rotation symmetry than the search
// before it). The first record is kept.
func Dedup(h Header, recs []Record) (map[int]Record, error) {
	m := make(map[int]Record, len(recs))
	for _, r := range recs {
		if r.Unit >= h.Units {
			return nil, fmt.Errorf("%w: unit %d is recorded, but the plan has %d units (0 to %d): the file was damaged or edited with a matching checksum; delete it and count again", ErrCorrupt, r.Unit, h.Units, h.Units-1)
		}
		if old, dup := m[r.Unit]; dup {
			if old.Total != r.Total || old.Unique != r.Unique {
				return nil, fmt.Errorf("%w: unit %d is recorded twice with different results (total %d, unique %d; then total %d, unique %d): the file was damaged or edited with a matching checksum; delete it and count again",
					ErrCorrupt, r.Unit, old.Total, old.Unique, r.Total, r.Unique)
			}
			continue
		}
		m[r.Unit] = r
	}
	return m, nil
}
