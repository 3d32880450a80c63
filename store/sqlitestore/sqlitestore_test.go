//go:build !js

package sqlitestore

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"holotable/store"
	"holotable/store/storetest"
)

// backend is one SQLite file; every client is the same *Store (one process owns the file), and a
// restart closes it and opens the file again.
type backend struct {
	path string
	s    *Store
}

func newBackend(t *testing.T) *backend {
	b := &backend{path: filepath.Join(t.TempDir(), "rooms.db")}
	t.Cleanup(func() {
		if b.s != nil {
			b.s.Close()
		}
	})
	return b
}

func (b *backend) Client(t testing.TB, i int) store.Store {
	if b.s == nil {
		s, err := Open(b.path)
		if err != nil {
			t.Fatal(err)
		}
		b.s = s
	}
	return b.s
}

func (b *backend) Restart(t testing.TB) {
	if b.s != nil {
		if err := b.s.Close(); err != nil {
			t.Fatal(err)
		}
		b.s = nil
	}
}

func TestSuite(t *testing.T) { storetest.Run(t, newBackend(t)) }

// BenchmarkAppend: one room appended to op after op (each waits for its own commit), and 1,000
// rooms at once (grouped commits: one fsync serves many rooms).
func BenchmarkAppend(b *testing.B) {
	for _, rooms := range []int{1, 1000} {
		b.Run(fmt.Sprintf("rooms=%d", rooms), func(b *testing.B) {
			// The data directory is on the disk the server would use (TMPDIR may be a RAM disk).
			s, err := Open(filepath.Join(b.TempDir(), "rooms.db"))
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			storetest.BenchAppend(b, []store.Store{s}, rooms, 5*time.Second)
		})
	}
}
