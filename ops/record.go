package ops

import (
	"errors"
	"fmt"
	"slices"

	"holotable/table"
)

// A game record is a log written down: the first table file and every op after it, in order.
//
//	{"format":"holotable-game/1",
//	"first":{…the table file, compact…},
//	"grid":{…a grid table, compact: only when the log started on one (D118)…},
//	"ops":[
//	{"id":"…","author":"…","op":"…",…},
//	…
//	]}
//
// Record writes it canonically (each op in its canonical form, one to a line); ReadRecord reads
// one strictly and replays it, validating every op against the table before it.

// RecordFormat is the "format" of a game record.
const RecordFormat = "holotable-game/1"

// Record is the log as a game record.
func (l *Log) Record() ([]byte, error) {
	if l.firstJSON == nil {
		fv, err := table.FileValue(l.First())
		if err != nil {
			return nil, err
		}
		if l.firstJSON, err = fv.AppendJSON(nil); err != nil {
			return nil, err
		}
	}
	n := len(l.firstJSON) + 64
	for _, e := range l.entries {
		n += len(e.JSON) + 2
	}
	out := make([]byte, 0, n)
	out = append(out, `{"format":"`+RecordFormat+`",`+"\n"+`"first":`...)
	out = append(out, l.firstJSON...)
	if g := l.first.grid; g != nil { // a log started on a grid table (D118)
		v, err := table.SWMValue(g)
		if err != nil {
			return nil, err
		}
		out = append(out, ",\n\"grid\":"...)
		if out, err = v.AppendJSON(out); err != nil {
			return nil, err
		}
	}
	out = append(out, ",\n\"ops\":["...)
	for i, e := range l.entries {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, '\n')
		out = append(out, e.JSON...)
	}
	return append(out, "\n]}\n"...), nil
}

// A game record's limits (docs/format.md, "Limits"): MaxRecordBytes bounds its bytes (its first
// table is within table.MaxFileBytes, as is each file a table.import op carries), MaxRecordOps its
// operations, so that replaying one takes seconds (about 0.15–0.65 ms an op natively,
// docs/performance.md). A record beyond them is refused as too large (table.Error.TooLarge: the
// judge's exit status 3); the app starts a new record, the table as it is its first, once its
// game reaches MaxRecordOps.
const (
	MaxRecordBytes = 16 << 20
	MaxRecordOps   = 20000
)

// ReadRecord reads a game record and replays it: the first file is loaded as table.Load loads a
// file, and each op is decoded for the table before it and submitted in order. The first fault
// is a *Refusal whose field names where it is ("first.terrain[2].polygon", "ops[7].minis[0].x",
// "ops[7]" for an op refused as a whole); nothing is returned then.
func ReadRecord(data []byte) (*Log, error) {
	if len(data) > MaxRecordBytes {
		return nil, &table.Error{Field: "file", Fault: fmt.Sprintf("%d bytes, more than the limit of %d (too large)", len(data), MaxRecordBytes), TooLarge: true}
	}
	raw, err := parseOp(data)
	if err != nil {
		return nil, err
	}
	m, ok := raw.(map[string]any)
	if !ok {
		return nil, formatFault("", "must be an object, got %s", table.JSONType(raw))
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if k != "format" && k != "first" && k != "grid" && k != "ops" {
			return nil, formatFault(k, "unknown field")
		}
	}
	for _, k := range []string{"format", "first", "ops"} {
		if _, ok := m[k]; !ok {
			return nil, formatFault(k, "missing")
		}
	}
	if f, ok := m["format"].(string); !ok || f != RecordFormat {
		return nil, formatFault("format", "must be %q", RecordFormat)
	}
	first, err := table.DecodeFile(m["first"])
	if err != nil {
		var te *table.Error
		if errors.As(err, &te) && te.TooLarge {
			return nil, &table.Error{Field: join("first", fileless(te.Field)), Fault: te.Fault, TooLarge: true}
		}
		return nil, tableFault("first", err)
	}
	arr, ok := m["ops"].([]any)
	if !ok {
		return nil, formatFault("ops", "must be an array, got %s", table.JSONType(m["ops"]))
	}
	if len(arr) > MaxRecordOps {
		return nil, &table.Error{Field: "ops", Fault: fmt.Sprintf("%d operations, more than the limit of %d (too large)", len(arr), MaxRecordOps), TooLarge: true}
	}
	var grid *table.SWMFile
	if raw, ok := m["grid"]; ok {
		if grid, err = table.DecodeSWM(raw); err != nil {
			return nil, tableFault("grid", err)
		}
	}
	l := NewLogOf(first, grid)
	for i, rawOp := range arr {
		path := index("ops", i)
		e, err := decodeValue(rawOp, l.File(), path)
		if err != nil {
			return nil, err
		}
		if _, err := l.Submit(e); err != nil {
			if r, ok := err.(*Refusal); ok {
				r.Field = join(path, r.Field)
			}
			return nil, err
		}
	}
	return l, nil
}
