// Command tablecheck is holotable's judge: it reads a holotable/1 table file with queries and
// prints the answers, computed by the same rules code the browser app runs.
//
//	go run ./cmd/tablecheck [-explain] FILE.json
//
// Output: {"format": "holotable/1", "answers": [...]} in query order (shared/spec/scenario-v1.md).
// -explain adds to each answer an "explain" list: the reasons in plain English, each with its
// rulebook reference.
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
// The judge never prints a Go runtime dump: a panic is reported as status 4, and the runtime's
// memory limit is set to 1 GiB as a backstop (the limits keep every file well under it).
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"holotable/rules"
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

func main() {
	debug.SetMemoryLimit(memoryLimit)
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
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
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: tablecheck [-explain] FILE.json")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return exitInvalid
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return exitInvalid
	}
	data, err := readFile(fs.Arg(0))
	if err != nil {
		fmt.Fprintf(stderr, "%v\n", err)
		return statusOf(err)
	}
	f, err := table.Load(data)
	if err != nil {
		fmt.Fprintf(stderr, "%v\n", err)
		return statusOf(err)
	}
	w := rules.NewWorld(f)
	if err := w.Admit(f.Queries); err != nil {
		fmt.Fprintf(stderr, "%v\n", err)
		return exitTooLarge
	}
	// Everything is written to a buffer first: a failure part-way prints nothing partial.
	var out bytes.Buffer
	fmt.Fprint(&out, `{"format": "holotable/1", "answers": [`)
	for i, q := range f.Queries {
		a := w.Ask(q)
		var b []byte
		if *explain {
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
	if _, err := stdout.Write(out.Bytes()); err != nil {
		fmt.Fprintf(stderr, "%v\n", err)
		return exitWrite
	}
	return exitOK
}

// readFile reads the file at path, but not beyond table.MaxFileBytes: a larger file is refused
// as too large without being read whole.
func readFile(path string) ([]byte, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	data, err := io.ReadAll(io.LimitReader(fh, table.MaxFileBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > table.MaxFileBytes {
		size := "more than " + fmt.Sprint(table.MaxFileBytes)
		if st, err := fh.Stat(); err == nil && st.Mode().IsRegular() {
			size = fmt.Sprint(st.Size())
		}
		return nil, &table.Error{Field: "file", Fault: fmt.Sprintf("%s bytes, more than the limit of %d (too large)", size, table.MaxFileBytes), TooLarge: true}
	}
	return data, nil
}

// statusOf is the exit status for a file that does not load: too large or invalid.
func statusOf(err error) int {
	if te := (*table.Error)(nil); errors.As(err, &te) && te.TooLarge {
		return exitTooLarge
	}
	return exitInvalid
}
