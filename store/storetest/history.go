package storetest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/anishathalye/porcupine"

	"holotable/store"
)

// History is what the clients of a Workload did and learnt.
type History struct {
	mu    sync.Mutex
	ops   []porcupine.Operation
	acked map[string]map[string]uint64 // room → op id → the place the store acknowledged
	rooms []string
	start time.Time
}

func (h *History) record(client int, in, out any, call, ret time.Time) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.ops = append(h.ops, porcupine.Operation{ClientId: client, Input: in, Output: out,
		Call: call.Sub(h.start).Nanoseconds(), Return: ret.Sub(h.start).Nanoseconds()})
}

// unknownReturn is the return time of an operation whose outcome the client never learnt: it may
// take effect any time after its call.
const unknownReturn = int64(1) << 62

// Workload runs one client per store, round robin over rooms, each until it has had n appends
// acknowledged: it reads the room's tail, appends there, and on a conflict reads again; an append
// that fails otherwise (a timeout, a lost server) is retried with the same op id until it is
// acknowledged, as a client that did not see the answer does. Every client also reads whole logs
// now and then. midway, if not nil, runs (in its own goroutine) once the clients have made half of
// their appends — a node is killed there, say; the clients go on meanwhile.
func Workload(t *testing.T, stores []store.Store, rooms []string, n int, midway func()) *History {
	t.Helper()
	h := &History{acked: map[string]map[string]uint64{}, rooms: rooms, start: time.Now()}
	for _, r := range rooms {
		h.acked[r] = map[string]uint64{}
	}
	var done sync.WaitGroup
	var half sync.WaitGroup
	half.Add(len(stores))
	midwayDone := make(chan struct{})
	if midway != nil {
		go func() {
			half.Wait()
			midway()
			close(midwayDone)
		}()
	} else {
		close(midwayDone)
	}
	errs := make(chan error, len(stores))
	for ci, s := range stores {
		done.Add(1)
		go func() {
			defer done.Done()
			if err := h.client(ci, s, rooms, n, &half); err != nil {
				errs <- err
			}
		}()
	}
	done.Wait()
	<-midwayDone
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	return h
}

func (h *History) client(ci int, s store.Store, rooms []string, n int, half *sync.WaitGroup) error {
	last := map[string]uint64{}
	deadline := time.Now().Add(90 * time.Second)
	halfDone := false
	for k := 0; k < n; k++ {
		if k == n/2 && !halfDone {
			half.Done()
			halfDone = true
		}
		room := rooms[k%len(rooms)]
		op := store.Op{ID: fmt.Sprintf("c%d.%d", ci, k), Data: []byte(fmt.Sprintf(`{"client":%d,"k":%d}`, ci, k))}
		if k%5 == 4 {
			if err := h.read(ci, s, room); err != nil && time.Now().After(deadline) {
				return err
			}
		}
		for {
			if time.Now().After(deadline) {
				return fmt.Errorf("client %d: op %s not acknowledged in time", ci, op.ID)
			}
			// The tail, to learn where the log ends.
			if es, err := s.Read(context.Background(), room, last[room]+1, 1000); err == nil && len(es) > 0 {
				last[room] = es[len(es)-1].Seq
			} else if err != nil {
				time.Sleep(50 * time.Millisecond)
				continue
			}
			in := AppendIn{Room: room, Expect: last[room], ID: op.ID}
			c, cancel := context.WithTimeout(context.Background(), 3*time.Second)
			call := time.Now()
			e, err := s.Append(c, room, in.Expect, op)
			ret := time.Now()
			cancel()
			var conflict *store.ConflictError
			switch {
			case err == nil:
				h.record(ci, in, AppendOut{Seq: e.Seq}, call, ret)
				h.mu.Lock()
				h.acked[room][op.ID] = e.Seq
				h.mu.Unlock()
				last[room] = max(last[room], e.Seq)
			case errors.As(err, &conflict):
				h.record(ci, in, AppendOut{Conflict: true}, call, ret)
				continue
			default:
				h.mu.Lock()
				h.ops = append(h.ops, porcupine.Operation{ClientId: ci, Input: in, Output: AppendOut{Unknown: true},
					Call: call.Sub(h.start).Nanoseconds(), Return: unknownReturn})
				h.mu.Unlock()
				time.Sleep(50 * time.Millisecond)
				continue
			}
			break
		}
	}
	if !halfDone {
		half.Done()
	}
	return nil
}

// read records a whole-log read.
func (h *History) read(ci int, s store.Store, room string) error {
	call := time.Now()
	ids, err := ReadAll(s, room)
	if err != nil {
		return err
	}
	h.record(ci, ReadIn{Room: room}, ReadOut{IDs: ids}, call, time.Now())
	return nil
}

// ReadAll reads a room's whole log as op ids.
func ReadAll(s store.Store, room string) ([]string, error) {
	var ids []string
	for {
		c, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		es, err := s.Read(c, room, uint64(len(ids)+1), 500)
		cancel()
		if err != nil {
			return nil, err
		}
		for _, e := range es {
			if e.Seq != uint64(len(ids)+1) {
				return nil, fmt.Errorf("room %s: entry %d where %d belongs", room, e.Seq, len(ids)+1)
			}
			ids = append(ids, e.ID)
		}
		if len(es) < 500 {
			return ids, nil
		}
	}
}

// Check reads every room through every store: all of them must give the same log, every
// acknowledged append must be in it at the place acknowledged, and the whole history (with these
// final reads) must be linearizable.
func (h *History) Check(t *testing.T, stores []store.Store) {
	t.Helper()
	for _, room := range h.rooms {
		var first []string
		for i, s := range stores {
			call := time.Now()
			ids, err := ReadAll(s, room)
			if err != nil {
				t.Fatalf("client %d: final read of %s: %v", i, room, err)
			}
			h.record(i, ReadIn{Room: room}, ReadOut{IDs: ids}, call, time.Now())
			if i == 0 {
				first = ids
			} else if !slices.Equal(ids, first) {
				t.Fatalf("room %s: client %d reads %d entries, client 0 %d: the logs differ", room, i, len(ids), len(first))
			}
		}
		for id, seq := range h.acked[room] {
			if seq < 1 || int(seq) > len(first) || first[seq-1] != id {
				t.Errorf("room %s: acknowledged op %s at %d is not there", room, id, seq)
			}
		}
		seen := map[string]bool{}
		for _, id := range first {
			if seen[id] {
				t.Errorf("room %s: op %s stored twice", room, id)
			}
			seen[id] = true
		}
		t.Logf("room %s: %d entries, %d acknowledged appends", room, len(first), len(h.acked[room]))
	}
	res, info := porcupine.CheckOperationsVerbose(Model.ToModel(), h.ops, 30*time.Second)
	switch res {
	case porcupine.Ok:
		t.Logf("linearizable: %d operations", len(h.ops))
	case porcupine.Unknown:
		t.Logf("porcupine timed out on %d operations (the final logs agree)", len(h.ops))
	default:
		path := filepath.Join(os.TempDir(), fmt.Sprintf("porcupine-%s.html", filepath.Base(t.Name())))
		if err := porcupine.VisualizePath(Model.ToModel(), info, path); err == nil {
			t.Logf("visualisation: %s", path)
		}
		t.Fatalf("history of %d operations is not linearizable", len(h.ops))
	}
}
