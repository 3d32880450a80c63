package table

import (
	"reflect"
	"sync"
)

// Clone is a deep copy of f: nothing of the copy (slices, maps, pointers, the unknown fields kept
// in Extra) is shared with f, so a step may change the copy freely. It copies the values as they
// are, without saving and loading: a file that loaded is still one, and a caller that changes the
// copy checks it (Save) when it is done. Clone(nil) is nil.
func Clone(f *File) *File {
	if f == nil {
		return nil
	}
	out := reflect.New(reflect.TypeFor[File]())
	deepCopy(out.Elem(), reflect.ValueOf(f).Elem())
	return out.Interface().(*File)
}

// deepCopy sets dst (settable, of src's type) to a copy of src that shares no memory with it.
// A struct is copied whole first, so unexported fields keep their values; the reference kinds
// among them would stay shared, which TestCloneTypes forbids for every type a File holds.
func deepCopy(dst, src reflect.Value) {
	switch src.Kind() {
	case reflect.Pointer:
		if src.IsNil() {
			return
		}
		p := reflect.New(src.Type().Elem())
		deepCopy(p.Elem(), src.Elem())
		dst.Set(p)
	case reflect.Slice:
		if src.IsNil() {
			return
		}
		s := reflect.MakeSlice(src.Type(), src.Len(), src.Len())
		if plain(src.Type().Elem()) {
			reflect.Copy(s, src)
		} else {
			for i := range src.Len() {
				deepCopy(s.Index(i), src.Index(i))
			}
		}
		dst.Set(s)
	case reflect.Map:
		if src.IsNil() {
			return
		}
		m := reflect.MakeMapWithSize(src.Type(), src.Len())
		for it := src.MapRange(); it.Next(); {
			v := reflect.New(src.Type().Elem()).Elem()
			deepCopy(v, it.Value())
			m.SetMapIndex(it.Key(), v) // keys are strings and other plain values
		}
		dst.Set(m)
	case reflect.Interface:
		if src.IsNil() {
			return
		}
		v := reflect.New(src.Elem().Type()).Elem()
		deepCopy(v, src.Elem())
		dst.Set(v)
	case reflect.Struct:
		dst.Set(src)
		if plain(src.Type()) {
			return
		}
		for i := range src.NumField() {
			if src.Type().Field(i).IsExported() {
				deepCopy(dst.Field(i), src.Field(i))
			}
		}
	case reflect.Array:
		dst.Set(src)
		if !plain(src.Type().Elem()) {
			for i := range src.Len() {
				deepCopy(dst.Index(i), src.Index(i))
			}
		}
	default:
		dst.Set(src)
	}
}

// plain reports whether values of type t hold no references (a copy of the value is a deep copy);
// the answers are kept per type.
func plain(t reflect.Type) bool {
	if v, ok := plainTypes.Load(t); ok {
		return v.(bool)
	}
	p := plainOf(t)
	plainTypes.Store(t, p)
	return p
}

var plainTypes sync.Map // reflect.Type → bool

func plainOf(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		return false
	case reflect.String:
		return true // immutable
	case reflect.Array:
		return plain(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if !plain(t.Field(i).Type) {
				return false
			}
		}
	}
	return true
}
