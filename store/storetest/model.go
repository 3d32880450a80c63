package storetest

import (
	"fmt"
	"hash/fnv"
	"slices"
	"strings"

	"github.com/anishathalye/porcupine"
)

// The linearizability model of one room's log (github.com/anishathalye/porcupine): the state is
// the room's op ids in log order; an append is a compare-and-set on its length that a known op id
// answers with its place instead; a read returns the whole log. An append whose outcome the client
// never learnt (a timeout, a lost connection) may or may not have happened.

// AppendIn is an append's input.
type AppendIn struct {
	Room   string
	Expect uint64
	ID     string
}

// AppendOut is what the client learnt.
type AppendOut struct {
	Seq      uint64 // the entry's place (on success)
	Conflict bool   // refused: the log did not end at Expect
	Unknown  bool   // no answer
}

// ReadIn reads a whole room.
type ReadIn struct{ Room string }

// ReadOut is the log read, as op ids.
type ReadOut struct{ IDs []string }

type logState []string

// Model is the porcupine model of rooms' logs, partitioned by room.
var Model = porcupine.NondeterministicModel{
	Partition: func(history []porcupine.Operation) [][]porcupine.Operation {
		byRoom := map[string][]porcupine.Operation{}
		var rooms []string
		for _, op := range history {
			r := roomOf(op.Input)
			if _, ok := byRoom[r]; !ok {
				rooms = append(rooms, r)
			}
			byRoom[r] = append(byRoom[r], op)
		}
		out := make([][]porcupine.Operation, 0, len(rooms))
		for _, r := range rooms {
			out = append(out, byRoom[r])
		}
		return out
	},
	Init: func() []any { return []any{logState(nil)} },
	Step: func(state, input, output any) []any {
		st := state.(logState)
		switch in := input.(type) {
		case AppendIn:
			out := output.(AppendOut)
			if out.Unknown {
				next := []any{st}
				if !slices.Contains(st, in.ID) && uint64(len(st)) == in.Expect {
					next = append(next, append(slices.Clip(st), in.ID))
				}
				return next
			}
			if p := slices.Index(st, in.ID); p >= 0 {
				if !out.Conflict && out.Seq == uint64(p+1) {
					return []any{st}
				}
				return nil
			}
			if uint64(len(st)) == in.Expect {
				if !out.Conflict && out.Seq == in.Expect+1 {
					return []any{append(slices.Clip(st), in.ID)}
				}
				return nil
			}
			if out.Conflict {
				return []any{st}
			}
			return nil
		case ReadIn:
			if slices.Equal(st, output.(ReadOut).IDs) {
				return []any{st}
			}
			return nil
		}
		return nil
	},
	Equal: func(a, b any) bool { return slices.Equal(a.(logState), b.(logState)) },
	Hash: func(s any) uint64 {
		h := fnv.New64a()
		for _, id := range s.(logState) {
			h.Write([]byte(id))
			h.Write([]byte{0})
		}
		return h.Sum64()
	},
	DescribeOperation: func(input, output any) string {
		switch in := input.(type) {
		case AppendIn:
			out := output.(AppendOut)
			switch {
			case out.Unknown:
				return fmt.Sprintf("append(%d, %s) → ?", in.Expect, in.ID)
			case out.Conflict:
				return fmt.Sprintf("append(%d, %s) → conflict", in.Expect, in.ID)
			}
			return fmt.Sprintf("append(%d, %s) → %d", in.Expect, in.ID, out.Seq)
		case ReadIn:
			return fmt.Sprintf("read → [%s]", strings.Join(output.(ReadOut).IDs, " "))
		}
		return "?"
	},
	DescribeState: func(s any) string { return "[" + strings.Join(s.(logState), " ") + "]" },
}

func roomOf(input any) string {
	switch in := input.(type) {
	case AppendIn:
		return in.Room
	case ReadIn:
		return in.Room
	}
	return ""
}
