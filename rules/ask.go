package rules

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"

	"holotable/table"
)

// Field is one key of an answer, in the order the spec lists it.
type Field struct {
	Key   string
	Value any
}

// Answer is the judge's answer to one query: its fields in spec order (lengths already rounded
// to 4 decimals), or the error sentence for a query that names something that does not exist or
// asks for something impossible, and the reasons behind it.
type Answer struct {
	ID      string
	Fields  []Field
	Err     error
	Reasons []Reason
}

// Ask answers one query of a table file.
func (w *World) Ask(q table.Query) Answer {
	a := Answer{ID: q.ID}
	switch q.Kind {
	case "distance":
		r, err := w.Distance(q.A, q.B)
		a.Err, a.Reasons = err, r.Reasons
		a.set("distance", round4(r.Distance))
	case "range":
		r, err := w.Range(q.From, q.To, q.Attack)
		a.Err, a.Reasons = err, r.Reasons
		a.set("distance", round4(r.Distance), "band", r.Band)
	case "within":
		r, err := w.Within(q.From, q.To, q.Band)
		a.Err, a.Reasons = err, r.Reasons
		a.set("within", r.Within)
	case "los":
		r, err := w.LOS(q.From, q.To)
		a.Err, a.Reasons = err, r.Reasons
		a.set("los", r.LOS, "fullyHidden", r.FullyHidden, "blockedBy", r.BlockedBy)
	case "cover":
		r, err := w.Cover(CoverQuery{Attacker: q.Attacker, Defender: q.Defender, CoverModifiers: CoverModifiers{
			Suppressed: q.Suppressed, CoverX: q.CoverX, Sharpshooter: q.Sharpshooter, Blast: q.Blast}})
		a.Err, a.Reasons = err, r.Reasons
		a.set("cover", r.Cover, "obscured", r.Obscured, "hidden", r.Hidden)
	case "move":
		fraction := 1.0
		if q.Has["fraction"] {
			fraction = q.Fraction
		}
		r, err := w.Move(MoveQuery{Mini: q.Mini, Speed: q.MoveSpeed, Heading: q.Heading, Bend: q.Bend, Fraction: fraction})
		a.Err, a.Reasons = err, r.Reasons
		var by any
		if r.BlockedBy != "" {
			by = r.BlockedBy
		}
		a.set("x", round4(r.X), "y", round4(r.Y), "blocked", r.Blocked, "blockedBy", by, "maxSpeed", r.MaxSpeed, "legal", r.Legal)
	case "cohesion":
		r, err := w.Cohesion(q.Unit)
		a.Err, a.Reasons = err, r.Reasons
		a.set("ok", r.OK, "out", r.Out)
	case "contact":
		r, err := w.Contact(q.A, q.B)
		a.Err, a.Reasons = err, r.Reasons
		a.set("contact", r.Contact, "gap", round4(r.Gap))
	case "heatmap":
		w.askHeatMap(q, &a) // ask_heatmap.go
	case "maneuver":
		w.askManeuver(q, &a) // ask_moves.go
	case "arc":
		w.askArc(q, &a)
	case "climb":
		w.askClimb(q, &a)
	default:
		a.Err = fmt.Errorf("unknown query kind '%s'", q.Kind)
	}
	if a.Err != nil {
		a.Fields, a.Reasons = nil, nil
	}
	return a
}

// MarshalJSON writes {"id": …, fields…} or {"id": …, "error": …}.
func (a Answer) MarshalJSON() ([]byte, error) { return a.marshal(false) }

// ExplainJSON is MarshalJSON with an "explain" list: each reason as "text [citation]".
func (a Answer) ExplainJSON() ([]byte, error) { return a.marshal(true) }

func (a Answer) marshal(explain bool) ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteString(`{"id": `)
	writeJSON(&buf, a.ID)
	if a.Err != nil {
		buf.WriteString(`, "error": `)
		writeJSON(&buf, a.Err.Error())
	}
	for _, f := range a.Fields {
		buf.WriteString(", ")
		writeJSON(&buf, f.Key)
		buf.WriteString(": ")
		if x, ok := f.Value.(float64); ok && (math.IsNaN(x) || math.IsInf(x, 0)) {
			buf.WriteString("null")
			continue
		}
		writeJSON(&buf, f.Value)
	}
	if explain && len(a.Reasons) > 0 {
		var lines []string
		for _, r := range a.Reasons {
			lines = append(lines, r.Text+" ["+r.Cite+"]")
		}
		buf.WriteString(`, "explain": `)
		writeJSON(&buf, lines)
	}
	buf.WriteString("}")
	return buf.Bytes(), nil
}

func writeJSON(buf *bytes.Buffer, v any) {
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	buf.Truncate(buf.Len() - 1) // Encode's newline
}
