package table

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// cloneFiles are files holding every part of the format: the public conformance cases (terrain,
// units, keywords, arcs, queries, millimetres), a game in play, a setup, custom dice and unknown
// fields.
func cloneFiles(t *testing.T) map[string]*File {
	t.Helper()
	out := map[string]*File{}
	paths, _ := filepath.Glob("../testdata/conformance/*.json")
	paths = append(paths, "../ops/testdata/game-state.json")
	for _, p := range paths {
		if filepath.Ext(p[:len(p)-5]) == ".expect" {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if f, err := Load(data); err == nil { // some cases are files the judge refuses
			out[filepath.Base(p)] = f
		}
	}
	out["setup"] = mustLoad(t, edit(t, withSetup("note", "kept", "extra", raw(`{"a": [1, {"b": null}]}`))...))
	out["dice"] = mustLoad(t, []byte(diceDoc))
	if len(out) < 30 {
		t.Fatalf("only %d files to clone", len(out))
	}
	return out
}

// TestClone: the copy saves to the same bytes as the file, and no reference in it (slice, map,
// pointer, interface) is one of the file's, so changing the copy cannot change the file.
func TestClone(t *testing.T) {
	if Clone(nil) != nil {
		t.Error("Clone(nil) is not nil")
	}
	for name, f := range cloneFiles(t) {
		before := mustSave(t, f)
		c := Clone(f)
		if got := mustSave(t, c); string(got) != string(before) {
			t.Errorf("%s: the copy saves differently", name)
		}
		if !reflect.DeepEqual(c, f) {
			t.Errorf("%s: the copy is not equal to the file", name)
		}
		if r, err := Reload(f); err != nil || string(mustSave(t, r)) != string(before) {
			t.Errorf("%s: Reload: %v, or not the same file", name, err)
		}
		seen := map[uintptr]string{}
		references(reflect.ValueOf(f), "file", func(p uintptr, path string) { seen[p] = path })
		references(reflect.ValueOf(c), "copy", func(p uintptr, path string) {
			if q, ok := seen[p]; ok {
				t.Errorf("%s: %s shares memory with %s", name, path, q)
			}
		})
	}
}

// references calls see with the address of every slice's array, map and pointer reachable from v.
func references(v reflect.Value, path string, see func(uintptr, string)) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			see(v.Pointer(), path)
			references(v.Elem(), path, see)
		}
	case reflect.Slice:
		if v.Cap() > 0 {
			see(v.Pointer(), path)
		}
		for i := range v.Len() {
			references(v.Index(i), path+"[]", see)
		}
	case reflect.Map:
		if !v.IsNil() {
			see(v.Pointer(), path)
			for it := v.MapRange(); it.Next(); {
				references(it.Value(), path+"{}", see)
			}
		}
	case reflect.Interface:
		if !v.IsNil() {
			references(v.Elem(), path, see)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				references(v.Field(i), path+"."+v.Type().Field(i).Name, see)
			}
		}
	case reflect.Array:
		for i := range v.Len() {
			references(v.Index(i), path+"[]", see)
		}
	}
}

// TestCloneTypes: no type a File holds has an unexported field that refers to memory (Clone copies
// those as they are, so the copy would share it).
func TestCloneTypes(t *testing.T) {
	seen := map[reflect.Type]bool{}
	var walk func(reflect.Type, string)
	walk = func(ty reflect.Type, path string) {
		if seen[ty] {
			return
		}
		seen[ty] = true
		switch ty.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
			walk(ty.Elem(), path+"/"+ty.Kind().String())
		case reflect.Struct:
			for i := range ty.NumField() {
				fl := ty.Field(i)
				if !fl.IsExported() && !plain(fl.Type) {
					t.Errorf("%s.%s (%s): unexported and not plain data", path, fl.Name, fl.Type)
				}
				walk(fl.Type, path+"."+fl.Name)
			}
		}
	}
	walk(reflect.TypeFor[File](), "File")
	if len(seen) < 20 {
		t.Errorf("only %d types walked", len(seen))
	}
}

func BenchmarkClone(b *testing.B) {
	data, err := os.ReadFile("../ops/testdata/game-state.json")
	if err != nil {
		b.Fatal(err)
	}
	f, err := Load(data)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("clone", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			Clone(f)
		}
	})
	b.Run("save-load", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			out, _ := Save(f)
			if _, err := Load(out); err != nil {
				b.Fatal(err)
			}
		}
	})
}
