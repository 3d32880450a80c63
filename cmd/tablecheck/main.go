// Command tablecheck is holotable's judge: it reads a holotable/1 table file with queries and
// prints the answers, computed by the same rules code the browser app runs. A Legion or
// Spezialeinsätze table is answered by package rules, a Star Wars Miniatures grid table (ruleset
// "swm", docs/format-swm.md) by package swm.
//
//	go run ./cmd/tablecheck [-explain] FILE.json
//	go run ./cmd/tablecheck -list ARMY.json
//
// Output: {"format": "holotable/1", "answers": [...]} in query order (shared/spec/scenario-v1.md).
// An invalid file prints one line on stderr naming the field and the fault, nothing on stdout,
// and exits with status 2. -explain adds to each answer an "explain" list: the reasons in plain
// English, each with its rulebook reference.
//
// -list reads an army list in the TTS format (package army) instead of a table file and prints,
// as JSON, the units it would place — name, type, rank, base, minis, silhouette height, points —
// the names it did not know (one line each) and its notes. A list that cannot be read, or names no
// unit the catalog knows, prints one line on stderr and exits with status 2.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"

	"holotable/rules"
	"holotable/swm"
	"holotable/table"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the command without the process: it returns the exit status.
func run(args []string, stdout, stderr io.Writer) (status int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "tablecheck: internal error: %v\n", r)
			status = 3
		}
	}()
	fs := flag.NewFlagSet("tablecheck", flag.ContinueOnError)
	fs.SetOutput(stderr)
	explain := fs.Bool("explain", false, "add the reasons and rulebook references to every answer")
	list := fs.Bool("list", false, "read FILE.json as an army list (TTS format) and print the units it would place")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: tablecheck [-explain] FILE.json | tablecheck -list ARMY.json")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	if *list {
		return listUnits(fs.Arg(0), stdout, stderr)
	}
	data, err := os.ReadFile(fs.Arg(0))
	if err != nil {
		fmt.Fprintf(stderr, "%v\n", err)
		return 2
	}
	// A grid table (ruleset "swm") has a file type of its own; the ruleset decides which loader
	// reads the file (docs/decisions.md D18).
	ruleset, err := table.RulesetOf(data)
	if err != nil {
		fmt.Fprintf(stderr, "%v\n", err)
		return 2
	}
	var answers []rules.Answer
	if ruleset == table.RulesetSWM {
		f, err := table.LoadSWM(data)
		if err != nil {
			fmt.Fprintf(stderr, "%v\n", err)
			return 2
		}
		b := swm.NewBoard(f)
		for _, q := range f.Queries {
			answers = append(answers, b.Ask(q))
		}
	} else {
		f, err := table.Load(data)
		if err != nil {
			fmt.Fprintf(stderr, "%v\n", err)
			return 2
		}
		w := rules.NewWorld(f)
		for _, q := range f.Queries {
			answers = append(answers, w.Ask(q))
		}
	}
	// Everything is written to a buffer first: a failure part-way prints nothing partial.
	var out bytes.Buffer
	fmt.Fprint(&out, `{"format": "holotable/1", "answers": [`)
	for i, a := range answers {
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
		return 1
	}
	return 0
}
