// Command benchtable prints ./build.sh bench's table from a native, a WASM-under-node and a
// WASM-in-Chromium `go test -bench` output and the browser test's perf.json (see package
// benchtable).
//
//	benchtable -native native.txt -wasm wasm.txt [-chromium wasm-chromium.txt] [-perf perf.json]
package main

import (
	"flag"
	"fmt"
	"os"

	"holotable/tools/benchtable"
)

func main() {
	nativePath := flag.String("native", "", "go test -bench output, native")
	wasmPath := flag.String("wasm", "", "go test -bench output, GOOS=js GOARCH=wasm under node")
	chromiumPath := flag.String("chromium", "", "go test -bench output, GOOS=js GOARCH=wasm in headless Chromium (optional)")
	perfPath := flag.String("perf", "", "the browser test's perf.json (optional)")
	flag.Parse()
	if *nativePath == "" || *wasmPath == "" {
		fmt.Fprintln(os.Stderr, "usage: benchtable -native FILE -wasm FILE [-chromium FILE] [-perf FILE]")
		os.Exit(2)
	}
	native, err := parse(*nativePath)
	if err != nil {
		fail(err)
	}
	wasm, err := parse(*wasmPath)
	if err != nil {
		fail(err)
	}
	var chromium benchtable.Runs
	if *chromiumPath != "" {
		if chromium, err = parse(*chromiumPath); err != nil {
			fail(err)
		}
	}
	var perf map[string]float64
	if *perfPath != "" {
		f, err := os.Open(*perfPath)
		if err != nil {
			fail(err)
		}
		perf, err = benchtable.ReadPerf(f)
		f.Close()
		if err != nil {
			fail(fmt.Errorf("%s: %v", *perfPath, err))
		}
	}
	benchtable.Write(os.Stdout, native, wasm, chromium, perf)
}

func parse(path string) (benchtable.Runs, error) {
	f, err := os.Open(path)
	if err != nil {
		return benchtable.Runs{}, err
	}
	defer f.Close()
	rs, err := benchtable.Parse(f)
	if err != nil {
		return rs, fmt.Errorf("%s: %v", path, err)
	}
	return rs, nil
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "benchtable:", err)
	os.Exit(1)
}
