// Command tablecheck is holotable's judge: it reads a holotable/1 table file with queries and
// prints the answers, computed by the same rules code the browser app runs. A Legion or
// Spezialeinsätze table is answered by package rules, a Star Wars Miniatures grid table (ruleset
// "swm", docs/format-swm.md) by package swm.
//
//	go run ./cmd/tablecheck [-explain] FILE.json
//	go run ./cmd/tablecheck -list ARMY.json
//	go run ./cmd/tablecheck -replay GAME.json
//
// Output: {"format": "holotable/1", "answers": [...]} in query order (shared/spec/scenario-v1.md).
// -explain adds to each answer an "explain" list: the reasons in plain English, each with its
// rulebook reference.
//
// -list reads an army list in the TTS format (package army) instead of a table file and prints,
// as JSON, the units it would place — name, type, rank, base, minis, silhouette height, points —
// the names it did not know (one line each) and its notes. A list that cannot be read, or names no
// unit the catalog knows, prints one line on stderr and exits with status 2.
//
// -replay reads a game record instead (a first table file and the log of operations after it,
// docs/format-ops.md), validates every operation in order against the table before it, and prints
// the final table file (the grid table, when the log ends with one open: swm.import). A bad operation prints one line on stderr naming it by its index, its field
// and the fault ("ops[3].minis[0]: base leaves the table …"), nothing on stdout, and exits with
// status 2.
//
// Exit status, with one line on stderr and nothing on stdout for every status but 0:
//
//	0  the answers are on stdout
//	1  they could not be written
//	2  the file is invalid (the line names the field and the fault), or the command line is
//	3  the file is valid but too large to answer within holotable's limits (docs/format.md,
//	   "Limits"): too many bytes, pieces, vertices, units, minis, tokens or queries, a heat map of
//	   too many cells × viewers, or questions whose estimated work is too much
//	4  an internal error (a bug: please report the file)
//
// The judge never prints a Go runtime dump: a panic is reported as status 4; as backstops, the
// runtime's memory limit is set to 1 GiB and a file not answered within 60 s gets status 3 (the
// limits keep every file they admit far under both).
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sync"
	"time"

	"holotable/ops"
	"holotable/rules"
	"holotable/swm"
	"holotable/table"
)

// Exit statuses.
const (
	exitOK       = 0
	exitWrite    = 1
	exitInvalid  = 2
	exitTooLarge = 3
	exitInternal = 4
)

// memoryLimit is the soft limit handed to the runtime: the collector works harder as the heap
// nears it. A backstop only; the limits keep the largest file far below it.
const memoryLimit = 1 << 30

// deadline is how long the judge may run before it gives up on a file as too large. A backstop
// only: the limits and the work estimate (rules.Work) keep every file they admit to a few seconds;
// this turns anything they missed into status 3 instead of a hang.
const deadline = 60 * time.Second

func main() {
	debug.SetMemoryLimit(memoryLimit)
	out := &gate{w: os.Stdout}
	time.AfterFunc(deadline, func() {
		if out.close() {
			fmt.Fprintf(os.Stderr, "file: not answered within %v, too large to answer within the limits\n", deadline)
			os.Exit(exitTooLarge)
		}
	})
	os.Exit(run(os.Args[1:], out, os.Stderr))
}

// gate is stdout for the deadline: once closed nothing more is written, and it cannot be closed
// once the answers are written.
type gate struct {
	mu            sync.Mutex
	w             io.Writer
	wrote, closed bool
}

func (g *gate) Write(p []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		return 0, errors.New("stdout: closed at the deadline")
	}
	g.wrote = true
	return g.w.Write(p)
}

// close closes the gate unless something was written; it reports whether it did.
func (g *gate) close() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.closed = !g.wrote
	return g.closed
}

// run is the command without the process: it returns the exit status.
func run(args []string, stdout, stderr io.Writer) (status int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "tablecheck: internal error (please report the file): %v\n", r)
			status = exitInternal
		}
	}()
	fs := flag.NewFlagSet("tablecheck", flag.ContinueOnError)
	fs.SetOutput(stderr)
	explain := fs.Bool("explain", false, "add the reasons and rulebook references to every answer")
	list := fs.Bool("list", false, "read FILE.json as an army list (TTS format) and print the units it would place")
	replay := fs.Bool("replay", false, "FILE.json is a game record: replay it and print the final table file")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: tablecheck [-explain] FILE.json | tablecheck -list ARMY.json | tablecheck -replay GAME.json")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return exitInvalid
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return exitInvalid
	}
	if *list {
		return listUnits(fs.Arg(0), stdout, stderr)
	}
	limit := table.MaxFileBytes
	if *replay {
		limit = ops.MaxRecordBytes
	}
	data, err := readFile(fs.Arg(0), limit)
	if err != nil {
		fmt.Fprintf(stderr, "%v\n", err)
		return statusOf(err)
	}
	if *replay {
		return replayRecord(data, stdout, stderr)
	}
	out, err := answer(data, *explain)
	if err != nil {
		fmt.Fprintf(stderr, "%v\n", err)
		return statusOf(err)
	}
	if _, err := stdout.Write(out); err != nil {
		fmt.Fprintf(stderr, "%v\n", err)
		return exitWrite
	}
	return exitOK
}

// answer is the judge on a file's bytes: the answers document, or why there is none — a
// *table.Error (invalid, or too large to load) or a *rules.TooLargeError. Everything is written
// to a buffer first, so that a failure part-way prints nothing partial.
func answer(data []byte, explain bool) ([]byte, error) {
	// A grid table (ruleset "swm") has a file type of its own; the ruleset decides which loader
	// reads the file (docs/decisions.md D18).
	ruleset, err := table.RulesetOf(data)
	if err != nil {
		return nil, err
	}
	var answers []rules.Answer
	if ruleset == table.RulesetSWM {
		f, err := table.LoadSWM(data)
		if err != nil {
			return nil, err
		}
		b := swm.NewBoard(f)
		for _, q := range f.Queries {
			answers = append(answers, b.Ask(q))
		}
	} else {
		f, err := table.Load(data)
		if err != nil {
			return nil, err
		}
		w := rules.NewWorld(f)
		if err := w.Admit(f.Queries); err != nil {
			return nil, err
		}
		for _, q := range f.Queries {
			answers = append(answers, w.Ask(q))
		}
	}
	var out bytes.Buffer
	fmt.Fprint(&out, `{"format": "holotable/1", "answers": [`)
	for i, a := range answers {
		var b []byte
		if explain {
			b, _ = a.ExplainJSON()
		} else {
			b, _ = a.MarshalJSON()
		}
		if i > 0 {
			out.WriteString(",")
		}
		out.WriteString("\n ")
		out.Write(b)
	}
	fmt.Fprintln(&out, "\n]}")
	return out.Bytes(), nil
}

// readFile reads the file at path, but not beyond limit bytes (table.MaxFileBytes, or
// ops.MaxRecordBytes for a game record): a larger file is refused as too large without being read
// whole.
func readFile(path string, limit int) ([]byte, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	data, err := io.ReadAll(io.LimitReader(fh, int64(limit)+1))
	if err != nil {
		return nil, err
	}
	if len(data) > limit {
		size := "more than " + fmt.Sprint(limit)
		if st, err := fh.Stat(); err == nil && st.Mode().IsRegular() {
			size = fmt.Sprint(st.Size())
		}
		return nil, &table.Error{Field: "file", Fault: fmt.Sprintf("%s bytes, more than the limit of %d (too large)", size, limit), TooLarge: true}
	}
	return data, nil
}

// statusOf is the exit status for a file that is not answered: too large or invalid.
func statusOf(err error) int {
	var tl *rules.TooLargeError
	if te := (*table.Error)(nil); errors.As(err, &te) && te.TooLarge || errors.As(err, &tl) {
		return exitTooLarge
	}
	return exitInvalid
}

// replayRecord replays a game record and prints the final table file: the grid table when the
// log ends with one open beside the file (swm.import, D116), else the table file.
func replayRecord(data []byte, stdout, stderr io.Writer) int {
	l, err := ops.ReadRecord(data)
	if err != nil {
		fmt.Fprintf(stderr, "%v\n", err)
		return statusOf(err)
	}
	var out []byte
	if g := l.State().Grid(); g != nil {
		out, err = table.SaveSWM(g)
	} else {
		out, err = table.Save(l.File())
	}
	if err != nil { // cannot happen: every op's result is checked as Load checks a file
		fmt.Fprintf(stderr, "%v\n", err)
		return exitInvalid
	}
	if _, err := stdout.Write(out); err != nil {
		fmt.Fprintf(stderr, "%v\n", err)
		return exitWrite
	}
	return exitOK
}
