// Command brotli writes FILE.br next to each FILE given, compressed with brotli (RFC 7932) by
// github.com/andybalholm/brotli, so that ./build.sh makes the web app's precompressed files
// without a brotli program installed. tools/serve sends FILE.br to browsers that accept it.
//
//	go run ./tools/brotli [-q 11] FILE...
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/andybalholm/brotli"
)

func main() {
	q := flag.Int("q", brotli.BestCompression, "quality, 0 (fastest) to 11 (smallest)")
	flag.Parse()
	if flag.NArg() == 0 || *q < brotli.BestSpeed || *q > brotli.BestCompression {
		fmt.Fprintln(os.Stderr, "usage: brotli [-q 0..11] FILE...")
		os.Exit(2)
	}
	for _, name := range flag.Args() {
		n, err := compress(name, *q)
		if err != nil {
			fmt.Fprintln(os.Stderr, "brotli:", err)
			os.Exit(1)
		}
		fmt.Printf("%s.br: %d bytes\n", name, n)
	}
}

// compress writes name.br (through a temporary file, renamed when complete) and returns its size.
func compress(name string, quality int) (int64, error) {
	in, err := os.Open(name)
	if err != nil {
		return 0, err
	}
	defer in.Close()
	tmp, err := os.CreateTemp(dirOf(name), ".brotli-*")
	if err != nil {
		return 0, err
	}
	defer os.Remove(tmp.Name())
	buf := bufio.NewWriterSize(tmp, 1<<20)
	w := brotli.NewWriterOptions(buf, brotli.WriterOptions{Quality: quality, LGWin: 24})
	if _, err := io.Copy(w, bufio.NewReaderSize(in, 1<<20)); err != nil {
		tmp.Close()
		return 0, fmt.Errorf("%s: %w", name, err)
	}
	if err := w.Close(); err != nil {
		tmp.Close()
		return 0, err
	}
	if err := buf.Flush(); err != nil {
		tmp.Close()
		return 0, err
	}
	fi, err := tmp.Stat()
	if err != nil {
		tmp.Close()
		return 0, err
	}
	if err := tmp.Close(); err != nil {
		return 0, err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return 0, err
	}
	return fi.Size(), os.Rename(tmp.Name(), name+".br")
}

func dirOf(name string) string {
	for i := len(name) - 1; i >= 0; i-- {
		if name[i] == '/' {
			return name[:i]
		}
	}
	return "."
}
