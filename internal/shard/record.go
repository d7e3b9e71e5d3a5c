package shard

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/nqueens/nqueens/internal/quote"
	"github.com/nqueens/nqueens/internal/tally"
)

// Format names the record format; Parse refuses others.
const Format = "nqueens-shard/1"

// ErrRecord is wrapped by the errors for a record that is malformed or
// inconsistent with itself.
var ErrRecord = errors.New("bad shard record")

// ErrSet is wrapped by the errors for a set of records that does not
// make one count: a shard missing or present twice, or records of
// different counts or plans.
var ErrSet = errors.New("shard records do not make one count")

// MethodQuadrant is the Method of the records of the quadrant join,
// which counts totals only.
const MethodQuadrant = "quadrant"

// A Record is the result of one shard, as written to JSON.
//
// Replicas is R when every unit of the count is counted in R ≥ 2
// different shards (AssignReplicas), so that Check can compare the
// copies; it is 0, left out of the JSON, for one copy of each unit.
//
// Method names the counting method: "" (left out of the JSON) for the
// backtracking kernel, which also counts the unique solutions and the
// nodes, or MethodQuadrant for the quadrant join, which counts totals
// only: its record has no unique total (nil, left out of the JSON), and
// its units no unique count or nodes (0, left out).
type Record struct {
	Format    string             `json:"format"`
	N         int                `json:"n"`
	Method    string             `json:"method,omitempty"`
	Version   string             `json:"version"`
	Plan      string             `json:"plan"` // digest of the whole plan
	Shard     int                `json:"shard"`
	Shards    int                `json:"shards"`
	Replicas  int                `json:"replicas,omitempty"` // R ≥ 2, or 0: one copy of each unit
	UnitsDone int                `json:"units_done"`
	Solutions *big.Int           `json:"solutions"`
	Unique    *big.Int           `json:"unique,omitempty"` // nil: totals only
	Nodes     uint64             `json:"nodes"`
	Digest    string             `json:"digest"` // Digest of the unit ids
	Units     []tally.UnitResult `json:"units"`  // ascending by ID
}

// New returns the record of a finished shard of a count by method, with
// the totals and digest computed from units (which it sorts by ID). It
// is NewReplicas with one copy of each unit.
func New(method string, n int, version, plan string, i, m int, units []tally.UnitResult) Record {
	return NewReplicas(method, n, version, plan, i, m, 1, units)
}

// NewReplicas is New for shard i of m of a count whose every unit is
// counted in r shards (AssignReplicas); r ≤ 1 is one copy.
func NewReplicas(method string, n int, version, plan string, i, m, r int, units []tally.UnitResult) Record {
	slices.SortFunc(units, func(a, b tally.UnitResult) int { return a.ID - b.ID })
	r = max(r, 1)
	if r == 1 {
		r = 0 // left out of the JSON: the format of a count without replicas
	}
	rec := Record{Format: Format, N: n, Method: method, Version: version, Plan: plan, Shard: i, Shards: m, Replicas: r, UnitsDone: len(units), Units: units}
	rec.Solutions, rec.Unique, rec.Nodes = sums(units)
	if rec.TotalsOnly() {
		rec.Unique = nil
	}
	rec.Digest = Digest(rec.IDs())
	return rec
}

// Copies returns the number of shards that count each unit: Replicas,
// or 1 if that is 0.
func (r *Record) Copies() int { return max(r.Replicas, 1) }

// TotalsOnly reports whether the record's method counts totals only.
func (r *Record) TotalsOnly() bool { return r.Method == MethodQuadrant }

// MethodName returns the record's method for messages, by the name the
// command gives it: "kernel" for "" and "join" for MethodQuadrant (the
// identifiers the record format keeps); another method quoted.
func (r *Record) MethodName() string {
	switch r.Method {
	case "":
		return "kernel"
	case MethodQuadrant:
		return "join"
	}
	return quote.Token(r.Method)
}

// IDs returns the unit ids of r in order.
func (r *Record) IDs() []int {
	ids := make([]int, len(r.Units))
	for i, u := range r.Units {
		ids[i] = u.ID
	}
	return ids
}

// Name returns "shard I/M".
func (r *Record) Name() string {
	return "shard " + strconv.Itoa(r.Shard) + "/" + strconv.Itoa(r.Shards)
}

func sums(units []tally.UnitResult) (total, unique *big.Int, nodes uint64) {
	total, unique = new(big.Int), new(big.Int)
	var t, u big.Int
	for _, x := range units {
		total.Add(total, t.SetUint64(x.Total))
		unique.Add(unique, u.SetUint64(x.Unique))
		nodes += x.Nodes // informative; wraps past 2^64 like any node counter
	}
	return total, unique, nodes
}

// Parse reads one record and checks it against itself: known fields
// only, each once, 0 ≤ shard < shards, units ascending without repeats,
// units_done equal to their number, totals equal to their sums and the
// digest equal to the digest of their ids.
func Parse(b []byte) (Record, error) {
	cr := &capReader{r: bytes.NewReader(b), limit: int64(len(b)), maxBlank: len(b)}
	d := newDecoder(cr)
	r, err := decodeRecord(d, cr, nil, int64(len(b)))
	if err == io.EOF {
		return Record{}, fmt.Errorf("%w: no record", ErrRecord)
	}
	if err != nil {
		return Record{}, recordError(err, int64(len(b)))
	}
	if _, err := d.Token(); err != io.EOF {
		return Record{}, fmt.Errorf("%w: more than one JSON value", ErrRecord)
	}
	return r, r.Check()
}

// ParseAll reads the records in b: one JSON object per record, separated
// by white space (so a file may hold one record, or JSON Lines of many).
func ParseAll(b []byte) ([]Record, error) {
	return ReadAll(context.Background(), bytes.NewReader(b))
}

// Limits of ReadAll: a record holds at most MaxUnits units (the largest
// plan has 1,677,782: the kernel's at n = 64), and no value in it — a
// name, a number, a unit — needs more than MaxValue bytes of text.
const (
	MaxUnits = 1 << 21
	MaxValue = 4096
)

func newDecoder(cr *capReader) *json.Decoder {
	d := json.NewDecoder(cr)
	d.DisallowUnknownFields()
	return d
}

// recordFields maps the JSON names of Record's fields to their index.
var recordFields = func() map[string]int {
	m := map[string]int{}
	t := reflect.TypeFor[Record]()
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		m[name] = i
	}
	return m
}()

// decodeRecord reads one record object from d, a field and a unit at a
// time: cr lets d read at most maxValue bytes past the start of each
// value, so that d never holds more than one value's text. It returns
// io.EOF if the input ends before the record starts.
func decodeRecord(d *json.Decoder, cr *capReader, check HeaderCheck, maxValue int64) (Record, error) {
	var r Record
	limit := func() { cr.limit = d.InputOffset() + maxValue }
	t, err := d.Token()
	if err != nil {
		return r, err
	}
	if t != json.Delim('{') {
		return r, fmt.Errorf("%w: a JSON %s, not a record object", ErrRecord, kind(t))
	}
	seen := map[string]bool{}
	for d.More() {
		limit()
		t, err := d.Token()
		if err != nil {
			return r, err
		}
		key, _ := t.(string)
		if seen[key] {
			return r, fmt.Errorf("%w: field %s given twice", ErrRecord, quote.Token(key))
		}
		seen[key] = true
		if key == "units" {
			if err := headerFirst(&r, seen); err != nil {
				return r, err
			}
			max := MaxUnits
			if check != nil {
				m, err := check(&r)
				if err != nil {
					return r, err
				}
				if r.UnitsDone > m {
					return r, fmt.Errorf("%w: units_done = %d, but the plan has %d units", ErrRecord, r.UnitsDone, m)
				}
				if r.Shards > r.Copies()*m {
					return r, fmt.Errorf("%w: %w", ErrRecord, CheckCount(m, r.Shards, r.Replicas))
				}
				max = min(max, m)
			}
			if seen["units_done"] && r.UnitsDone >= 0 && r.UnitsDone < max {
				max = r.UnitsDone
			}
			if r.Units, err = decodeUnits(d, limit, max); err != nil {
				return r, err
			}
			continue
		}
		i, ok := recordFields[key]
		if !ok {
			return r, fmt.Errorf("%w: unknown field %s", ErrRecord, quote.Token(key))
		}
		limit()
		if err := decodeField(d, &r, i, key); err != nil {
			return r, err
		}
		if key == "replicas" && r.Replicas < 1 {
			// 0 is how Record holds one copy, and what a record without
			// the field means; written out, it is no count's.
			return r, fmt.Errorf("%w: replicas = %d: want 1 ≤ R ≤ M (a count without -replicas leaves the field out)", ErrRecord, r.Replicas)
		}
	}
	limit()
	if _, err := d.Token(); err != nil { // the closing '}'
		return r, err
	}
	return r, nil
}

// decodeField decodes the value of field key, Record's field i, into r.
// The totals are read as the text of a whole number, so that an error
// says what the record holds, not Go's types.
func decodeField(d *json.Decoder, r *Record, i int, key string) error {
	dst := reflect.ValueOf(r).Elem().Field(i).Addr().Interface()
	if b, ok := dst.(**big.Int); ok {
		var raw json.RawMessage
		if err := d.Decode(&raw); err != nil {
			return fieldError(key, err)
		}
		x, err := parseTotal(raw)
		if err != nil {
			return fmt.Errorf("%w: field %s: %v", ErrRecord, quote.Token(key), err)
		}
		*b = x
		return nil
	}
	if err := d.Decode(dst); err != nil {
		return fieldError(key, err)
	}
	return nil
}

// maxTotalDigits is the most digits of a total in a record: 2^128 − 1,
// the most a count holds, has 39.
const maxTotalDigits = 39

// parseTotal reads a record's total: null (nil), or a whole number of
// at most maxTotalDigits digits.
func parseTotal(raw []byte) (*big.Int, error) {
	s := string(raw)
	if s == "null" {
		return nil, nil
	}
	ok := s != "" && len(s) <= maxTotalDigits && (s == "0" || s[0] != '0')
	for i := 0; ok && i < len(s); i++ {
		ok = s[i] >= '0' && s[i] <= '9'
	}
	if !ok {
		return nil, fmt.Errorf("want a whole number of at most %d digits, got %s", maxTotalDigits, rawOf(s))
	}
	x, _ := new(big.Int).SetString(s, 10)
	return x, nil
}

// headerFields are the fields a record gives before its unit list, as
// New writes them: a list cannot be bounded, or a record refused, before
// them.
var headerFields = []string{"n", "version", "plan", "shard", "shards", "units_done"}

// headerFirst refuses a record whose unit list comes before its header
// fields, or whose header cannot be that of a real count, before a unit
// of the list is read: a record from an untrusted node is refused at
// its first wrong field, not after millions of units.
func headerFirst(r *Record, seen map[string]bool) error {
	for _, k := range headerFields {
		if !seen[k] {
			return fmt.Errorf("%w: field \"units\" before field %s: a record gives n, version, plan, shard, shards and units_done before its units", ErrRecord, quote.Token(k))
		}
	}
	copies := max(r.Replicas, 1)
	switch {
	case r.Shards < 1 || r.Shard < 0 || r.Shard >= r.Shards:
		return fmt.Errorf("%w: shard %d of %d: want 0 ≤ shard < shards", ErrRecord, r.Shard, r.Shards)
	case r.UnitsDone < 0 || r.UnitsDone > MaxUnits:
		return fmt.Errorf("%w: units_done = %d: want 0 to %d (the largest plan's units)", ErrRecord, r.UnitsDone, MaxUnits)
	case copies > r.Shards || copies > MaxUnits:
		// Also keeps copies × MaxUnits, and copies × a plan's units,
		// far from overflowing.
		return fmt.Errorf("%w: %s: replicas = %d: want 1 ≤ R ≤ M (each unit's R copies go to different shards) and R ≤ %d", ErrRecord, r.Name(), r.Replicas, MaxUnits)
	case int64(r.Shards) > int64(copies)*MaxUnits:
		return fmt.Errorf("%w: shards = %d: more than %d × %d units, the most any plan has", ErrRecord, r.Shards, copies, MaxUnits)
	}
	return nil
}

// decodeUnits reads the units array, at most max units, failing at the
// first unit whose id is not above the one before.
func decodeUnits(d *json.Decoder, limit func(), max int) ([]tally.UnitResult, error) {
	limit()
	t, err := d.Token()
	if err != nil || t == nil {
		return nil, err // null: no units
	}
	if t != json.Delim('[') {
		return nil, fmt.Errorf("%w: field \"units\": a JSON %s, not an array", ErrRecord, kind(t))
	}
	var units []tally.UnitResult
	for d.More() {
		if len(units) == max {
			return nil, fmt.Errorf("%w: more than %d units (units_done, or the largest plan's)", ErrRecord, max)
		}
		limit()
		var u tally.UnitResult
		if err := d.Decode(&u); err != nil {
			return nil, fieldError(fmt.Sprintf("units[%d]", len(units)), err)
		}
		if k := len(units); k > 0 && u.ID <= units[k-1].ID {
			return nil, fmt.Errorf("%w: unit ids are not ascending and distinct at unit %d", ErrRecord, u.ID)
		}
		units = append(units, u)
	}
	limit()
	if _, err := d.Token(); err != nil { // the closing ']'
		return nil, err
	}
	return units, nil
}

// kind names the JSON value that starts with token t.
func kind(t json.Token) string {
	switch t := t.(type) {
	case json.Delim:
		if t == '[' {
			return "array"
		}
		return "value " + string(t)
	case string:
		return "string"
	case float64, json.Number:
		return "number"
	case bool:
		return "boolean"
	}
	return "null"
}

// fieldError words the error of decoding field key.
func fieldError(key string, err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		f := key
		if te.Field != "" {
			f += "." + te.Field
		}
		return fmt.Errorf("%w: field %s: want %s, got %s", ErrRecord, quote.Token(f), wantOf(te.Type), gotOf(te.Value))
	}
	if errors.Is(err, ErrRecord) || isReadError(err) {
		return err
	}
	return fmt.Errorf("%w: field %s: %s", ErrRecord, quote.Token(key), quote.Message(err.Error()))
}

// wantOf says what a field of Go type t holds: "a whole number from 0
// to 18446744073709551615" for a uint64.
func wantOf(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int, reflect.Int64:
		return "a whole number of at most 18 digits" // what int holds on 64 bits, and more than any field needs
	case reflect.Uint64:
		return "a whole number from 0 to 18446744073709551615"
	case reflect.String:
		return "a string"
	}
	return "a record's field" // not reached: Record and tally.UnitResult hold no other kind
}

// gotOf words the Value of a json.UnmarshalTypeError: a number as it is
// written ("1e400"), else the kind of value ("a string").
func gotOf(v string) string {
	if n, ok := strings.CutPrefix(v, "number "); ok {
		return rawOf(n)
	}
	switch v {
	case "array", "object":
		return "an " + v
	}
	return "a " + v
}

// rawOf words the text of a JSON value for a message (printable ASCII,
// as capReader lets through): a number or a string as written, cut to
// quote.Max bytes; an array, object or boolean by its kind.
func rawOf(s string) string {
	switch {
	case s == "":
		return "nothing"
	case s[0] == '[':
		return "an array"
	case s[0] == '{':
		return "an object"
	case s == "true" || s == "false":
		return "a boolean"
	case len(s) > quote.Max:
		s = s[:quote.Max] + "…"
	}
	if s[0] == '"' {
		return "the string " + s
	}
	return s
}

// isReadError reports whether err is capReader's, or the input's end.
func isReadError(err error) bool {
	return errors.Is(err, errTooLong) || errors.Is(err, errBlank) || errors.As(err, new(*badByteError)) ||
		errors.Is(err, io.ErrUnexpectedEOF)
}

// recordError words an error of decodeRecord that is not yet one of
// ErrRecord: a limit of capReader, bad JSON, or the input's end.
func recordError(err error, maxValue int64) error {
	var se *json.SyntaxError
	switch {
	case errors.Is(err, ErrRecord):
		return err
	case errors.Is(err, errTooLong):
		return fmt.Errorf("%w: a value longer than %d bytes, more than a record holds", ErrRecord, maxValue)
	case errors.As(err, new(*badByteError)):
		return fmt.Errorf("%w: %v", ErrRecord, err)
	case errors.Is(err, errBlank):
		return fmt.Errorf("%w: more than %d bytes of white space", ErrRecord, maxBlank)
	case errors.As(err, &se):
		return fmt.Errorf("%w: %s", ErrRecord, quote.Message(err.Error()))
	case errors.Is(err, io.ErrUnexpectedEOF), err == io.EOF:
		return fmt.Errorf("%w: the record is cut short", ErrRecord)
	}
	return err
}

// errTooLong is the error of capReader past its limit.
var errTooLong = errors.New("record too long")

// errBlank is the error of capReader after maxBlank white space bytes in
// a row.
var errBlank = errors.New("too much white space")

// A badByteError is the error of capReader for a byte that no record
// holds.
type badByteError struct {
	off int64
	b   byte
}

func (e *badByteError) Error() string {
	return fmt.Sprintf("byte %d: %s cannot appear in a record (printable ASCII)", e.off+1, quote.Byte(e.b))
}

// maxBlank is the most white space ReadAll reads in a row.
const maxBlank = 1 << 20

// capReader reads r until limit bytes in all, or maxBlank bytes of white
// space in a row.
type capReader struct {
	r               io.Reader
	n, limit        int64
	blank, maxBlank int
	err             error // a bad byte's
}

func (c *capReader) Read(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	if c.n >= c.limit {
		return 0, errTooLong
	}
	if int64(len(p)) > c.limit-c.n {
		p = p[:c.limit-c.n]
	}
	n, err := c.r.Read(p)
	for i, b := range p[:n] {
		switch {
		case b == ' ' || b == '\t' || b == '\n' || b == '\r':
			c.blank++
		case b < ' ' || b >= 0x7f:
			// A record is ASCII: names and numbers. The error is
			// sticky: the bytes after b are dropped.
			c.err = &badByteError{c.n + int64(i), b}
			c.n += int64(i)
			return i, c.err
		default:
			c.blank = 0
		}
	}
	c.n += int64(n)
	if c.blank > c.maxBlank {
		return n, errBlank
	}
	return n, err
}

// ReadAll is ParseAll for the records read from r, one at a time and
// each a value at a time: it fails at the first bad record (at the first
// bad unit), holds one value's text at a time (MaxValue bytes, MaxUnits
// units a record), skips a UTF-8 byte order mark at the start, and checks
// ctx between records. The records of one input are of one count, each
// shard at most once (the first record's M, and R copies of its plan's
// units in all): a record of another count, a second copy of a shard or
// one unit too many is refused at its header, so that what ReadAll holds
// is bounded by what the first record says. An error of r is returned
// as is.
func ReadAll(ctx context.Context, r io.Reader) ([]Record, error) {
	return readAll(ctx, r, MaxValue, maxBlank, nil)
}

// A HeaderCheck is given each record's header fields (all but the unit
// list, which is still nil) when its unit list starts, and returns the
// most units the list may hold (the plan's units for the record's n and
// method), or an error that refuses the record before a unit is read.
type HeaderCheck func(r *Record) (maxUnits int, err error)

// ReadAllFor is ReadAll with check called on each record's header before
// its unit list is read.
func ReadAllFor(ctx context.Context, r io.Reader, check HeaderCheck) ([]Record, error) {
	return readAll(ctx, r, MaxValue, maxBlank, check)
}

// readAll is ReadAll with its limits: at most maxValue bytes a value,
// maxBlank bytes of white space in a row.
func readAll(ctx context.Context, r io.Reader, maxValue int64, maxBlank int, check HeaderCheck) ([]Record, error) {
	br := bufio.NewReader(r)
	if b, _ := br.Peek(3); string(b) == "\ufeff" {
		br.Discard(3)
	}
	cr := &capReader{r: br, maxBlank: maxBlank}
	d := newDecoder(cr)
	var (
		out    []Record
		st     stream
		k      int
		headed bool // record k's header was checked
	)
	header := func(r *Record) (int, error) {
		headed = true
		m := MaxUnits
		if check != nil {
			var err error
			if m, err = check(r); err != nil {
				return 0, err
			}
		}
		return m, st.add(r, k, m)
	}
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		k, headed = len(out)+1, false
		// White space before a record is bounded by maxBlank alone.
		cr.limit = d.InputOffset() + int64(maxBlank) + maxValue
		rec, err := decodeRecord(d, cr, header, maxValue)
		if err == io.EOF && cr.err == nil {
			break
		}
		if err != nil {
			err = recordError(err, maxValue)
			if errors.Is(err, ErrRecord) {
				return nil, fmt.Errorf("record %d: %w", k, err)
			}
			return nil, err
		}
		if err := rec.Check(); err != nil {
			return nil, fmt.Errorf("record %d: %w", k, err)
		}
		if !headed { // a record without a unit list
			if _, err := header(&rec); err != nil {
				return nil, fmt.Errorf("record %d: %w", k, err)
			}
		}
		out = append(out, rec)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: no record", ErrRecord)
	}
	return out, nil
}

// short writes x for a message, cut to 40 digits ("<nil>" for nil).
func short(x *big.Int) string {
	if x == nil {
		return "<nil>"
	}
	s := x.String()
	if len(s) > quote.Max {
		s = s[:quote.Max] + "…"
	}
	return s
}

// maxName is the longest version, plan or digest a record may hold.
const maxName = 64

// isName reports whether s is 1 to maxName printable ASCII characters
// without spaces.
func isName(s string) bool {
	if s == "" || len(s) > maxName {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] > '~' {
			return false
		}
	}
	return true
}

// Check reports whether r is consistent with itself (see Parse).
func (r *Record) Check() error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: %s", ErrRecord, fmt.Sprintf(format, a...))
	}
	switch {
	case r.Format != Format:
		return bad("format %s, want %q", quote.Token(r.Format), Format)
	case r.N < 0:
		return bad("n = %d", r.N)
	case r.Method != "" && r.Method != MethodQuadrant:
		return bad("unknown method %s (want none or %q)", quote.Token(r.Method), MethodQuadrant)
	case r.Version == "" || r.Plan == "":
		return bad("no version or plan")
	case !isName(r.Version) || !isName(r.Plan) || !isName(r.Digest):
		return bad("version %s, plan %s or digest %s is not a name of at most %d printable characters",
			quote.Token(r.Version), quote.Token(r.Plan), quote.Token(r.Digest), maxName)
	case r.Shards < 1 || r.Shard < 0 || r.Shard >= r.Shards:
		return bad("shard %d/%d: want 0 ≤ I < M", r.Shard, r.Shards)
	case r.UnitsDone != len(r.Units):
		return bad("%s: units_done = %d but %d units are listed", r.Name(), r.UnitsDone, len(r.Units))
	case r.Solutions == nil || r.Unique == nil && !r.TotalsOnly():
		return bad("%s: no solutions or unique total", r.Name())
	case r.Unique != nil && r.TotalsOnly():
		return bad("%s: method %s counts totals only, but the record has a unique total", r.Name(), r.Method)
	case r.Replicas < 0 || r.Replicas > r.Shards || r.Replicas > MaxUnits:
		return bad("%s: replicas = %d: want 1 ≤ R ≤ M (each unit's R copies go to different shards)", r.Name(), r.Replicas)
	}
	for i, u := range r.Units {
		if u.ID < 0 || (i > 0 && u.ID <= r.Units[i-1].ID) {
			return bad("%s: unit ids are not ascending and distinct at unit %d", r.Name(), u.ID)
		}
	}
	t, u, _ := sums(r.Units)
	if r.TotalsOnly() {
		if u.Sign() != 0 {
			return bad("%s: method %s counts totals only, but its units have unique counts", r.Name(), r.Method)
		}
		u = nil
	}
	if t.Cmp(r.Solutions) != 0 || r.Unique != nil && u.Cmp(r.Unique) != 0 {
		return bad("%s: totals %s/%s are not the sums %v/%v of its units", r.Name(), short(r.Solutions), short(r.Unique), t, u)
	}
	if d := Digest(r.IDs()); d != r.Digest {
		return bad("%s: digest %s does not match its unit ids (%s)", r.Name(), r.Digest, d)
	}
	return nil
}

// A Plan is what Check needs to know of the plan for n: the
// decomposition's version, the plan digest, the cost of each unit, and
// the rule a unit's result must follow.
type Plan struct {
	Version string
	Digest  string
	Costs   []float64
	// Assign, if not nil, gives the units of each of m shards with r
	// copies of each unit, as the plan's method assigns them (the
	// quadrant join keeps units of the same layers together); nil
	// means AssignReplicas(Costs, m, r).
	Assign func(m, r int) [][]int
	// Unit, if not nil, reports whether total and unique can be the
	// result of unit id (kernel.Plan.CheckResult,
	// quadrant.Plan.CheckTotal); its error states the rule broken.
	Unit func(id int, total, unique uint64) error
}

// ErrUnit is wrapped by the errors for a unit whose recorded result
// breaks the rule of its plan (Plan.Unit).
var ErrUnit = errors.New("impossible unit result")

// A UnitError is the error of Check for a unit whose recorded result
// breaks the rule of its plan: Err states the rule. It matches ErrUnit
// under errors.Is.
type UnitError struct {
	Source string // the file the record was read from
	Record Record // the record holding the unit (its units included)
	Unit   tally.UnitResult
	Err    error
}

func (e *UnitError) Error() string {
	return fmt.Sprintf("%s (%s): %v", e.Source, e.Record.Name(), e.Err)
}

// Is reports whether target is ErrUnit.
func (e *UnitError) Is(target error) bool { return target == ErrUnit }

// Unwrap returns the rule's error.
func (e *UnitError) Unwrap() error { return e.Err }

// A Named record comes from a source (a file name) that errors name.
type Named struct {
	Record
	Source string
}

// Merged is the outcome of Check: the exact totals of a complete set.
// Unique is nil when the records count totals only. Units is the number
// of distinct units, Replicas the copies of each (1 without replicas).
type Merged struct {
	N                 int
	Method            string
	Shards            int
	Replicas          int
	Units             int
	Solutions, Unique *big.Int
	Nodes             uint64
}

// ErrReplicas is wrapped by the error of Check when the copies of a unit
// (the records of a count with replicas) disagree.
var ErrReplicas = errors.New("the replicas of a unit disagree")

// A ReplicaError is the error of Check for a unit whose copies in the
// records of a count with replicas disagree. It matches ErrReplicas
// under errors.Is.
type ReplicaError struct {
	ID int // the unit
	// Copies holds every copy of the unit, by shard index: the record
	// (its units included), where it was read from, and what it says.
	Copies []Copy
	// More is the number of other units whose copies disagree.
	More int
}

// A Copy is one replica of a unit: its record, the record's source, and
// the unit's result in it.
type Copy struct {
	Source string
	Record Record
	Unit   tally.UnitResult
}

func (e *ReplicaError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "unit %d: its %d replicas disagree:", e.ID, len(e.Copies))
	for i, c := range e.Copies {
		if i > 0 {
			b.WriteString(";")
		}
		fmt.Fprintf(&b, " %s (%s) has total %d", c.Source, c.Record.Name(), c.Unit.Total)
		if !c.Record.TotalsOnly() {
			fmt.Fprintf(&b, ", unique %d", c.Unit.Unique)
		}
	}
	if e.More > 0 {
		fmt.Fprintf(&b, " (and the replicas of %d more units disagree)", e.More)
	}
	return b.String()
}

// Is reports whether target is ErrReplicas.
func (e *ReplicaError) Is(target error) bool { return target == ErrReplicas }

// Check checks that recs are the shards 0..M-1 of one count, each
// exactly once, each holding exactly the units AssignReplicas gives it
// under the plan that planFor returns for their method and n, each
// unit's result following the plan's rule (Plan.Unit; a *UnitError if
// not), and returns the totals. Records of different methods are refused
// first, by name, then records of different counts (n, M, plan) and of
// different replicas.
//
// With replicas (R ≥ 2), all M shards are still required: a unit whose
// copy is missing would go unchecked. Every unit's R copies must agree
// (total, and unique unless totals only), and each unit is added once;
// copies that disagree are a *ReplicaError naming the unit and every
// copy, whatever the majority. Other errors wrap ErrSet and name the
// shards and sources at fault.
func Check(recs []Named, planFor func(method string, n int) (Plan, error)) (Merged, error) {
	if len(recs) == 0 {
		return Merged{}, fmt.Errorf("%w: no records", ErrSet)
	}
	for _, r := range recs {
		if err := r.Check(); err != nil {
			return Merged{}, fmt.Errorf("%s: %w", r.Source, err)
		}
	}
	first := recs[0]
	for _, r := range recs[1:] {
		if r.Method != first.Method {
			return Merged{}, fmt.Errorf("%w: %s (%s) is a shard of method %s, but %s (%s) is of method %s: records of different methods do not merge",
				ErrSet, r.Source, r.Name(), r.MethodName(), first.Source, first.Name(), first.MethodName())
		}
	}
	for _, r := range recs[1:] {
		if r.N != first.N || r.Shards != first.Shards || r.Version != first.Version || r.Plan != first.Plan {
			return Merged{}, fmt.Errorf("%w: %s (%s) is n = %d, %d shards, %s plan %s, but %s (%s) is n = %d, %d shards, %s plan %s",
				ErrSet, r.Source, r.Name(), r.N, r.Shards, r.Version, r.Plan, first.Source, first.Name(), first.N, first.Shards, first.Version, first.Plan)
		}
	}
	for _, r := range recs[1:] {
		if r.Copies() != first.Copies() {
			return Merged{}, fmt.Errorf("%w: %s (%s) counts each unit in %s, but %s (%s) in %s: records of different -replicas do not merge; count every shard with the same -replicas",
				ErrSet, r.Source, r.Name(), inShards(r.Copies()), first.Source, first.Name(), inShards(first.Copies()))
		}
	}
	p, err := planFor(first.Method, first.N)
	if err != nil {
		return Merged{}, err
	}
	if first.Version != p.Version || first.Plan != p.Digest {
		return Merged{}, fmt.Errorf("%w: the records are for decomposition %s, plan %s; this program has %s, plan %s for n = %d",
			ErrSet, first.Version, first.Plan, p.Version, p.Digest, first.N)
	}
	m, copies := first.Shards, first.Copies()
	if err := CheckCount(len(p.Costs), m, copies); err != nil {
		return Merged{}, fmt.Errorf("%w: %s (%s): %w", ErrSet, first.Source, first.Name(), err)
	}
	// Nothing is sized by m before the records are seen to be m
	// distinct shards: m comes from a record.
	byShard := make(map[int]*Named, len(recs))
	held := 0 // the units of recs
	for i := range recs {
		r := &recs[i]
		if r.Shard < 0 || r.Shard >= m { // Record.Check refuses it first
			return Merged{}, fmt.Errorf("%w: %s (%s): want 0 ≤ I < M", ErrSet, r.Name(), r.Source)
		}
		if prev := byShard[r.Shard]; prev != nil {
			return Merged{}, fmt.Errorf("%w: %s is given twice: %s and %s", ErrSet, r.Name(), prev.Source, r.Source)
		}
		byShard[r.Shard] = r
		held += len(r.Units)
	}
	var missing []string
	absent := m - len(byShard)
	for i := 0; i < m && len(missing) < min(absent, 10); i++ { // name the first few, not every one of a large M
		if byShard[i] == nil {
			missing = append(missing, strconv.Itoa(i))
		}
	}
	if absent > len(missing) {
		missing = append(missing, fmt.Sprintf("and %d more", absent-len(missing)))
	}
	if len(missing) > 0 {
		more := ""
		if copies > 1 {
			more = " (with replicas too, every shard is needed: its units' other copies are checked against it)"
		}
		return Merged{}, fmt.Errorf("%w: missing shard %s of %d (have %d of %d)%s", ErrSet, strings.Join(missing, ", "), m, m-absent, m, more)
	}
	seen := make([]*Named, m) // m = len(recs)
	for i, r := range byShard {
		seen[i] = r
	}
	// The assignment holds copies × the plan's units: computed only
	// when the records hold nearly as many (all but a plan's units),
	// so that its size is bounded by theirs, not by R alone.
	if whole := int64(copies) * int64(len(p.Costs)); whole > int64(held+len(p.Costs)) {
		return Merged{}, fmt.Errorf("%w: the %d records hold %d units, but %d shards with %s of the plan's %d units hold %d: records were cut or edited",
			ErrSet, m, held, m, copiesOf(copies), len(p.Costs), whole)
	}
	var want [][]int
	if p.Assign != nil {
		want = p.Assign(m, copies)
	} else {
		want = AssignReplicas(p.Costs, m, copies)
	}
	out := Merged{N: first.N, Method: first.Method, Shards: m, Replicas: copies, Solutions: new(big.Int), Unique: new(big.Int)}
	for i, r := range seen {
		if d := Digest(want[i]); r.Digest != d || len(r.Units) != len(want[i]) {
			return Merged{}, fmt.Errorf("%w: %s (%s) holds %d units with digest %s, but the plan gives it %d units with digest %s",
				ErrSet, r.Name(), r.Source, len(r.Units), r.Digest, len(want[i]), d)
		}
		if p.Unit != nil {
			for _, u := range r.Units {
				if err := p.Unit(u.ID, u.Total, u.Unique); err != nil {
					return Merged{}, &UnitError{Source: r.Source, Record: r.Record, Unit: u, Err: err}
				}
			}
		}
		if copies > 1 {
			continue // added up once per unit below
		}
		out.Units += len(r.Units)
		out.Solutions.Add(out.Solutions, r.Solutions)
		if !r.TotalsOnly() {
			out.Unique.Add(out.Unique, r.Unique)
		}
		out.Nodes += r.Nodes
	}
	if copies > 1 {
		if err := addReplicas(&out, seen, len(p.Costs)); err != nil {
			return Merged{}, err
		}
	}
	if first.TotalsOnly() {
		out.Unique = nil
	}
	return out, nil
}

// inShards says "1 shard" or "R shards".
func inShards(r int) string {
	if r == 1 {
		return "1 shard"
	}
	return strconv.Itoa(r) + " shards"
}

// addReplicas compares the copies of each of the units of recs (the
// shards of a count with replicas, in order, each holding the units
// AssignReplicas gives it) and adds each unit up once into out.
func addReplicas(out *Merged, recs []*Named, units int) error {
	type ref struct{ rec, unit int32 }
	k := out.Replicas
	at := make([]ref, units*k) // unit id's copies at id·k, id·k+1, …
	n := make([]int32, units)
	for i, r := range recs {
		for j, u := range r.Units {
			if u.ID >= units || int(n[u.ID]) == k { // the digests matched: a collision
				return fmt.Errorf("%w: %s (%s): unit %d is not in the plan or in more than %d records", ErrSet, r.Name(), r.Source, u.ID, k)
			}
			at[u.ID*k+int(n[u.ID])] = ref{int32(i), int32(j)}
			n[u.ID]++
		}
	}
	var bad *ReplicaError
	var t, q big.Int
	for id := range units {
		if int(n[id]) != k {
			return fmt.Errorf("%w: unit %d is in %d records, not %d", ErrSet, id, n[id], k)
		}
		refs := at[id*k : id*k+k]
		u0 := recs[refs[0].rec].Units[refs[0].unit]
		agree := true
		for _, x := range refs[1:] {
			u := recs[x.rec].Units[x.unit]
			agree = agree && u.Total == u0.Total && u.Unique == u0.Unique
		}
		if !agree {
			if bad != nil {
				bad.More++
				continue
			}
			bad = &ReplicaError{ID: id}
			for _, x := range refs {
				r := recs[x.rec]
				bad.Copies = append(bad.Copies, Copy{Source: r.Source, Record: r.Record, Unit: r.Units[x.unit]})
			}
			continue
		}
		out.Units++
		out.Solutions.Add(out.Solutions, t.SetUint64(u0.Total))
		out.Unique.Add(out.Unique, q.SetUint64(u0.Unique))
		out.Nodes += u0.Nodes
	}
	if bad != nil {
		return bad
	}
	return nil
}
