package ops

import (
	"errors"

	"holotable/table"
)

// DecodeAs reads one op in its JSON form as Decode does, with its id and author given by the
// caller instead of read from data: what data says for "id" and "author" (if anything) is
// replaced. A server decodes what a client sent with this, so that the op is logged under the
// client's id and the author is the connection's seat, not what the client claims; the JSON is
// parsed once.
func DecodeAs(data []byte, f *table.File, id, author string) (Entry, error) {
	raw, err := parseOp(data)
	if err != nil {
		return Entry{}, err
	}
	if m, ok := raw.(map[string]any); ok {
		m["id"], m["author"] = id, author
	}
	return decodeValue(raw, f, "")
}

// parseOp parses an op's or a record's JSON (the file format's strict JSON reader); a fault
// is a *Refusal.
func parseOp(data []byte) (any, error) {
	raw, err := table.ParseJSON(data)
	if err != nil {
		var te *table.Error
		if errors.As(err, &te) {
			return nil, formatFault(fileless(te.Field), "%s", te.Fault)
		}
		return nil, formatFault("", "%v", err)
	}
	return raw, nil
}
