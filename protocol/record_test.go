package protocol

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"holotable/rules"
)

// entryOf decodes an entry message strictly (no field a server message lacks) and encodes it
// again, so that two messages with the same fields compare equal whatever their order and spacing.
func entryOf(t *testing.T, b []byte) string {
	t.Helper()
	var m Server
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	if dec.More() {
		t.Fatalf("%s: more after the message", b)
	}
	again, err := m.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return string(again)
}

func TestAppendEntry(t *testing.T) {
	roll := &Roll{Dice: map[string]int{"red-attack": 2}, Result: rules.Roll{Dice: []rules.RolledDie{{Die: "red-attack", Symbol: "hit"}, {Die: "red-attack", Symbol: "blank"}},
		Tally: map[string]int{"hit": 1, "blank": 1}}}
	for _, rec := range []Record{
		{ID: "o1", By: Red, Op: json.RawMessage(`{"op":"terrain.move","terrain":"t<1>&","x":3.25}`)},
		{ID: "a.b:c", By: Blue, Roll: roll},
	} {
		b, err := rec.Encode()
		if err != nil {
			t.Fatal(err)
		}
		want, err := EntryMessage(42, rec, 1795602080542).Encode()
		if err != nil {
			t.Fatal(err)
		}
		got := AppendEntry([]byte("prefix"), 42, 1795602080542, b)
		if !bytes.HasPrefix(got, []byte("prefix")) {
			t.Fatalf("AppendEntry dropped dst: %s", got)
		}
		got = got[len("prefix"):]
		if entryOf(t, got) != entryOf(t, want) {
			t.Errorf("AppendEntry = %s\n  want the fields of %s", got, want)
		}
	}
	// A record as another writer may have spaced it: the fields are kept as they are.
	got := AppendEntry(nil, 1, 5, []byte(" \n{ \"by\" : \"blue\", \"op\": {\"a\": 1}, \"id\": \"x\" } "))
	if want := `{"t":"entry","seq":1,"at":5, "by" : "blue", "op": {"a": 1}, "id": "x" } `; string(got) != want {
		t.Errorf("AppendEntry = %s, want %s", got, want)
	}
}

func TestDecodeRecordRefusesTrailing(t *testing.T) {
	for _, bad := range []string{`{"id":"o","by":"red","op":{}}{}`, `{"id":"o","by":"red","op":{}} x`, `{"id":"o","by":"red","op":{}}]`} {
		if _, err := DecodeRecord([]byte(bad)); err == nil {
			t.Errorf("DecodeRecord(%s) accepted", bad)
		} else if strings.Contains(err.Error(), "\n") {
			t.Errorf("DecodeRecord(%s): error of more than one line: %q", bad, err)
		}
	}
}

// FuzzDecodeRecord: no stored record makes DecodeRecord panic or answer more than one line, and
// for every record it accepts, the entry message AppendEntry makes from its bytes has exactly the
// fields of the one EntryMessage encodes from the decoded record.
func FuzzDecodeRecord(f *testing.F) {
	for _, s := range []string{
		`{"id":"o1","by":"red","op":{"op":"x"}}`, `{"id":"a","by":"blue","roll":{"dice":{"red-attack":1},"result":{"dice":[{"die":"red-attack","symbol":"hit"}],"tally":{"hit":1},"total":0}}}`,
		`{"id":"d","by":"blue","roll":{"for":"draw","draw":{"rank":"support","discarded":["corps"]}}}`,
		`{"id":"q","by":"red","roll":{"dice":{"red-defence":1},"result":{"dice":[{"die":"red-defence","symbol":"block"}],"tally":{"block":1},"total":0},"for":"dispute"}}`,
		`{"id":"d","by":"blue","roll":{"for":"heal"}}`,
		` {"by":"blue","id":"z","op":{}} `, `{"id":"g","by":"red","ops":[{"op":"x"},{"op":"y"}]}`, `{"id":"g","by":"red","ops":[],"op":{}}`, `{"id":"o","by":"spectator","op":{}}`, `{"id":"o","by":"red","op":{}}{}`, `{`, `[]`, `{"id":"o","by":"red","op":{},"t":"x"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := DecodeRecord(data)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error of more than one line: %q", err)
			}
			return
		}
		want, err := EntryMessage(7, r, 99).Encode()
		if err != nil {
			return // a record whose op is not valid JSON to re-encode cannot be sent either way
		}
		got := AppendEntry(nil, 7, 99, data)
		if !json.Valid(got) {
			t.Fatalf("record %q: AppendEntry made invalid JSON %q", data, got)
		}
		if entryOf(t, got) != entryOf(t, want) {
			t.Fatalf("record %q: AppendEntry = %q, EntryMessage = %q", data, got, want)
		}
	})
}
