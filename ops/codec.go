package ops

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"holotable/table"
)

// The JSON form of an op (docs/format-ops.md): one object holding the envelope — "id", "author",
// "op" (the kind) and, in a group, "group" — and then the kind's fields, in the order its struct declares
// them. The encoding is canonical: no whitespace, keys in that order, numbers as table files
// write them (the shortest text that reads back as the same float64), strings escaped as
// encoding/json does but without HTML escapes, an optional field left out when it is not set.
// Decoding is strict: the loader's JSON (no key twice, finite numbers), every key known, every
// value of its field's type, every required field there; the first fault is a *Refusal naming
// the field. Encode(Decode(b)) == b for every canonical b.
//
// A kind's struct tags its fields `op:"name"` (`op:"name,omitempty"`: optional, left out when
// zero); a pointer field is optional and left out when nil. Field types: bool, string, int,
// float64 and types built on them (an encoding.TextMarshaler is written as its text), pointers,
// slices and arrays of those, nested structs (tagged `op` or `json`), and the table file's
// entities — table.Terrain, table.Unit, table.Mini, table.Token, *table.File and *table.SWMFile
// (a grid table) — written exactly as a table file writes them (a mini's base by its profile
// name, read back against the file the op is decoded for).

// envelope keys, reserved for every kind.
var envelope = []string{"id", "author", "op", "group"}

// maxIDLen bounds an op's id, author and group.
const maxIDLen = 128

type field struct {
	name     string
	index    int
	optional bool
}

// structs holds the fields of every struct type an op can contain; written only while kinds
// register (init), read-only afterwards.
var structs = map[reflect.Type][]field{}

var (
	terrainType = reflect.TypeOf(table.Terrain{})
	unitType    = reflect.TypeOf(table.Unit{})
	miniType    = reflect.TypeOf(table.Mini{})
	tokenType   = reflect.TypeOf(table.Token{})
	fileType    = reflect.TypeOf(table.File{})
	swmType     = reflect.TypeOf(table.SWMFile{})
	textMarsh   = reflect.TypeOf((*encoding.TextMarshaler)(nil)).Elem()
	textUnmarsh = reflect.TypeOf((*encoding.TextUnmarshaler)(nil)).Elem()
)

func isEntity(t reflect.Type) bool {
	switch t {
	case terrainType, unitType, miniType, tokenType, fileType, swmType:
		return true
	}
	return false
}

func isText(t reflect.Type) bool {
	return t.Implements(textMarsh) && reflect.PointerTo(t).Implements(textUnmarsh)
}

// prepareStruct records the fields of struct type t (and of every struct in them); top is a
// kind's own struct, whose field names must not be envelope keys.
func prepareStruct(t reflect.Type, top bool) error {
	if _, done := structs[t]; done {
		return nil
	}
	var fs []field
	structs[t] = nil // no cycles
	for i := range t.NumField() {
		sf := t.Field(i)
		if !sf.IsExported() {
			continue
		}
		tag, ok := sf.Tag.Lookup("op")
		if !ok {
			tag, ok = sf.Tag.Lookup("json")
		}
		if !ok {
			return fmt.Errorf("field %s has no op tag", sf.Name)
		}
		name, opt, _ := strings.Cut(tag, ",")
		if name == "-" {
			continue
		}
		if name == "" {
			return fmt.Errorf("field %s has an empty name", sf.Name)
		}
		if top && slices.Contains(envelope, name) {
			return fmt.Errorf("field %s is named %q, an envelope key", sf.Name, name)
		}
		if err := prepareType(sf.Type); err != nil {
			return fmt.Errorf("field %s: %v", sf.Name, err)
		}
		fs = append(fs, field{name: name, index: i, optional: opt == "omitempty" || sf.Type.Kind() == reflect.Pointer})
	}
	structs[t] = fs
	return nil
}

func prepareType(t reflect.Type) error {
	if isEntity(t) || isText(t) || t == carriedType {
		return nil
	}
	switch t.Kind() {
	case reflect.Bool, reflect.String, reflect.Int, reflect.Float64:
		return nil
	case reflect.Pointer:
		if t.Elem().Kind() == reflect.Pointer {
			return errors.New("pointer to a pointer")
		}
		return prepareType(t.Elem())
	case reflect.Slice, reflect.Array:
		return prepareType(t.Elem())
	case reflect.Struct:
		return prepareStruct(t, false)
	}
	return fmt.Errorf("type %s cannot be encoded", t)
}

// --- encoding ------------------------------------------------------------------------------------

type encoder struct {
	buf  []byte
	file *table.File // profile for minis' base names
}

// Encode writes e in the canonical form; f is the file the op applies to (its profile names
// minis' bases).
func Encode(e Entry, f *table.File) ([]byte, error) {
	if e.Op == nil {
		return nil, formatFault("op", "missing")
	}
	enc := encoder{file: f, buf: make([]byte, 0, 128)}
	enc.buf = append(enc.buf, '{')
	enc.key("id", true)
	if err := enc.str(e.ID, "id"); err != nil {
		return nil, err
	}
	enc.key("author", false)
	if err := enc.str(e.Author, "author"); err != nil {
		return nil, err
	}
	enc.key("op", false)
	if err := enc.str(string(e.Op.Kind()), "op"); err != nil {
		return nil, err
	}
	if e.Group != "" {
		enc.key("group", false)
		if err := enc.str(e.Group, "group"); err != nil {
			return nil, err
		}
	}
	v := reflect.ValueOf(e.Op)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return nil, formatFault("op", "the op is not a pointer to its struct")
	}
	if err := enc.fields(v.Elem(), "", false); err != nil {
		return nil, err
	}
	enc.buf = append(enc.buf, '}')
	return enc.buf, nil
}

func (e *encoder) key(k string, first bool) {
	if !first {
		e.buf = append(e.buf, ',')
	}
	e.buf = appendString(e.buf, k)
	e.buf = append(e.buf, ':')
}

func (e *encoder) str(s, path string) error {
	if !utf8.ValidString(s) {
		return formatFault(path, "not valid UTF-8")
	}
	e.buf = appendString(e.buf, s)
	return nil
}

// fields writes the fields of struct v; open says an object is open (its braces are the caller's)
// with no member written yet.
func (e *encoder) fields(v reflect.Value, path string, open bool) error {
	first := open
	for _, f := range structs[v.Type()] {
		fv := v.Field(f.index)
		if f.optional && fv.IsZero() {
			continue
		}
		e.key(f.name, first)
		first = false
		if err := e.value(fv, join(path, f.name)); err != nil {
			return err
		}
	}
	return nil
}

func (e *encoder) value(v reflect.Value, path string) error {
	t := v.Type()
	switch {
	case t == carriedType:
		return e.carried(v.Interface().(Carried), path)
	case isEntity(t):
		return e.entity(v, path)
	case isText(t):
		b, err := v.Interface().(encoding.TextMarshaler).MarshalText()
		if err != nil {
			return formatFault(path, "%v", err)
		}
		return e.str(string(b), path)
	}
	switch t.Kind() {
	case reflect.Bool:
		e.buf = strconv.AppendBool(e.buf, v.Bool())
	case reflect.String:
		return e.str(v.String(), path)
	case reflect.Int:
		e.buf = strconv.AppendInt(e.buf, v.Int(), 10)
	case reflect.Float64:
		x := v.Float()
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return formatFault(path, "must be a finite number, got %v", x)
		}
		e.buf = append(e.buf, table.FormatNumber(x)...)
	case reflect.Pointer:
		if t.Elem() == fileType || t.Elem() == swmType {
			return e.entity(v, path)
		}
		if v.IsNil() {
			e.buf = append(e.buf, "null"...)
			return nil
		}
		return e.value(v.Elem(), path)
	case reflect.Slice, reflect.Array:
		e.buf = append(e.buf, '[')
		for i := range v.Len() {
			if i > 0 {
				e.buf = append(e.buf, ',')
			}
			if err := e.value(v.Index(i), index(path, i)); err != nil {
				return err
			}
		}
		e.buf = append(e.buf, ']')
	case reflect.Struct:
		e.buf = append(e.buf, '{')
		if err := e.fields(v, path, true); err != nil {
			return err
		}
		e.buf = append(e.buf, '}')
	}
	return nil
}

func (e *encoder) entity(v reflect.Value, path string) error {
	var val table.Value
	var err error
	needFile := func() error {
		if e.file == nil {
			return formatFault(path, "cannot be written without the table it belongs to")
		}
		return nil
	}
	switch x := v.Interface().(type) {
	case table.Terrain:
		val = table.TerrainValue(x)
	case table.Unit:
		if err := needFile(); err != nil {
			return err
		}
		val, err = table.UnitValue(x, e.file.Profile)
	case table.Mini:
		if err := needFile(); err != nil {
			return err
		}
		val, err = table.MiniValue(x, e.file.Profile)
	case table.Token:
		val, err = table.TokenValue(x)
	case *table.File:
		if x == nil {
			return formatFault(path, "missing")
		}
		val, err = table.FileValue(x)
	case *table.SWMFile:
		if x == nil {
			return formatFault(path, "missing")
		}
		val, err = table.SWMValue(x)
	}
	if err == nil {
		e.buf, err = val.AppendJSON(e.buf)
	}
	if err != nil {
		return tableFault(path, err)
	}
	return nil
}

// appendString appends s as a JSON string without HTML escaping.
func appendString(dst []byte, s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a valid string always encodes
	return append(dst, bytes.TrimSuffix(b.Bytes(), []byte{'\n'})...)
}

// --- decoding ------------------------------------------------------------------------------------

type decoder struct {
	file *table.File
}

// Decode reads one op in its JSON form, strictly (see the top of this file), for the file f it
// is to apply to (minis' base names are read against f's profile; f may be nil for ops that
// carry no units or minis). A fault is a *Refusal naming the field.
func Decode(data []byte, f *table.File) (Entry, error) {
	raw, err := parseOp(data)
	if err != nil {
		return Entry{}, err
	}
	return decodeValue(raw, f, "")
}

// decodeValue reads one op from its decoded JSON, naming faults under path.
func decodeValue(raw any, f *table.File, path string) (Entry, error) {
	m, ok := raw.(map[string]any)
	if !ok {
		return Entry{}, formatFault(path, "must be an object, got %s", table.JSONType(raw))
	}
	var e Entry
	str := func(k string, required bool) (string, error) {
		v, ok := m[k]
		if !ok {
			if required {
				return "", formatFault(join(path, k), "missing")
			}
			return "", nil
		}
		s, ok := v.(string)
		switch {
		case !ok:
			return "", formatFault(join(path, k), "must be a string, got %s", table.JSONType(v))
		case s == "":
			return "", formatFault(join(path, k), "must not be empty")
		case len(s) > maxIDLen:
			return "", formatFault(join(path, k), "longer than %d bytes", maxIDLen)
		}
		return s, nil
	}
	var err error
	if e.ID, err = str("id", true); err != nil {
		return Entry{}, err
	}
	if e.Author, err = str("author", true); err != nil {
		return Entry{}, err
	}
	kind, err := str("op", true)
	if err != nil {
		return Entry{}, err
	}
	if e.Group, err = str("group", false); err != nil {
		return Entry{}, err
	}
	op, ok := New(Kind(kind))
	if !ok {
		return Entry{}, formatFault(join(path, "op"), "unknown kind %q", kind)
	}
	d := decoder{file: f}
	if err := d.object(m, reflect.ValueOf(op).Elem(), path, envelope); err != nil {
		return Entry{}, err
	}
	e.Op = op
	return e, nil
}

// object reads the members of m into struct v; known are keys that belong to the caller.
func (d *decoder) object(m map[string]any, v reflect.Value, path string, known []string) error {
	fs := structs[v.Type()]
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if slices.Contains(known, k) || slices.ContainsFunc(fs, func(f field) bool { return f.name == k }) {
			continue
		}
		return formatFault(join(path, k), "unknown field")
	}
	for _, f := range fs {
		raw, ok := m[f.name]
		if !ok {
			if f.optional {
				continue
			}
			return formatFault(join(path, f.name), "missing")
		}
		if err := d.value(raw, v.Field(f.index), join(path, f.name)); err != nil {
			return err
		}
	}
	return nil
}

func (d *decoder) value(raw any, v reflect.Value, path string) error {
	t := v.Type()
	wrong := func(want string) error {
		return formatFault(path, "must be %s, got %s", want, table.JSONType(raw))
	}
	switch {
	case t == carriedType:
		return d.carried(raw, v, path)
	case isEntity(t) || (t.Kind() == reflect.Pointer && (t.Elem() == fileType || t.Elem() == swmType)):
		return d.entity(raw, v, path)
	case isText(t):
		s, ok := raw.(string)
		if !ok {
			return wrong("a string")
		}
		if err := v.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(s)); err != nil {
			return formatFault(path, "%v", err)
		}
		return nil
	}
	switch t.Kind() {
	case reflect.Bool:
		b, ok := raw.(bool)
		if !ok {
			return wrong("a boolean")
		}
		v.SetBool(b)
	case reflect.String:
		s, ok := raw.(string)
		if !ok {
			return wrong("a string")
		}
		v.SetString(s)
	case reflect.Int, reflect.Float64:
		n, ok := raw.(json.Number)
		if !ok {
			return wrong("a number")
		}
		x, err := strconv.ParseFloat(string(n), 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return formatFault(path, "must be a finite number, got %s", n)
		}
		if t.Kind() == reflect.Float64 {
			v.SetFloat(x)
			return nil
		}
		if x != math.Trunc(x) || math.Abs(x) > 1<<53 {
			return formatFault(path, "must be an integer, got %s", n)
		}
		v.SetInt(int64(x))
	case reflect.Pointer:
		if raw == nil {
			return wrong(describeType(t.Elem()))
		}
		p := reflect.New(t.Elem())
		if err := d.value(raw, p.Elem(), path); err != nil {
			return err
		}
		v.Set(p)
	case reflect.Slice:
		arr, ok := raw.([]any)
		if !ok {
			return wrong("an array")
		}
		s := reflect.MakeSlice(t, len(arr), len(arr))
		for i, e := range arr {
			if err := d.value(e, s.Index(i), index(path, i)); err != nil {
				return err
			}
		}
		v.Set(s)
	case reflect.Array:
		arr, ok := raw.([]any)
		if !ok {
			return wrong("an array")
		}
		if len(arr) != t.Len() {
			return formatFault(path, "must hold %d values, got %d", t.Len(), len(arr))
		}
		for i, e := range arr {
			if err := d.value(e, v.Index(i), index(path, i)); err != nil {
				return err
			}
		}
	case reflect.Struct:
		m, ok := raw.(map[string]any)
		if !ok {
			return wrong("an object")
		}
		return d.object(m, v, path, nil)
	}
	return nil
}

func (d *decoder) entity(raw any, v reflect.Value, path string) error {
	var out any
	var err error
	needFile := func() error {
		if d.file == nil {
			return formatFault(path, "cannot be read without the table it belongs to")
		}
		return nil
	}
	switch v.Type() {
	case terrainType:
		if err := needFile(); err != nil {
			return err
		}
		out, err = table.DecodeTerrain(raw, d.file)
	case unitType:
		if err := needFile(); err != nil {
			return err
		}
		out, err = table.DecodeUnit(raw, d.file)
	case miniType:
		if err := needFile(); err != nil {
			return err
		}
		out, err = table.DecodeMini(raw, d.file)
	case tokenType:
		if err := needFile(); err != nil {
			return err
		}
		out, err = table.DecodeToken(raw, d.file)
	case reflect.PointerTo(swmType):
		out, err = table.DecodeSWM(raw)
	default: // *table.File
		out, err = table.DecodeFile(raw)
	}
	if err != nil {
		return tableFault(path, err)
	}
	v.Set(reflect.ValueOf(out))
	return nil
}

// tableFault is a table *Error found in an entity at path, as a refusal of the op.
func tableFault(path string, err error) *Refusal {
	var te *table.Error
	if errors.As(err, &te) {
		return refuse(join(path, fileless(te.Field)), codeTable, CiteFormat, te.Fault)
	}
	return refuse(path, codeTable, CiteFormat, err.Error())
}

// fileless drops table's "file" field (the document as a whole).
func fileless(f string) string {
	if f == "file" {
		return ""
	}
	return f
}

func describeType(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Bool:
		return "a boolean"
	case reflect.String:
		return "a string"
	case reflect.Int, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "an array"
	}
	return "an object"
}

// join appends an object key to a path; index an array index.
func join(path, k string) string {
	switch {
	case path == "":
		return k
	case k == "":
		return path
	case strings.HasPrefix(k, "["):
		return path + k
	}
	return path + "." + k
}

func index(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }
