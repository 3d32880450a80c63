// Package serve is holotable's small static file server for the WebAssembly app (web/): it serves
// .wasm as application/wasm, and a precompressed variant (file.br or file.gz next to the file) with
// Content-Encoding and Vary when the request's Accept-Encoding allows it, and X-Decoded-Length (the
// file's own size, for the page's progress bar). cmd/tableserver serves
// the app with it (./build.sh serve); the browser tests start the handler in-process.
package serve

import (
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// encodings in order of preference, with the suffix of their precompressed files.
var encodings = []struct{ name, suffix string }{{"br", ".br"}, {"gzip", ".gz"}}

// Handler serves the files under dir.
func Handler(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		name := path.Clean("/" + r.URL.Path)
		if strings.HasSuffix(name, ".wasm") {
			w.Header().Set("Content-Type", "application/wasm")
		}
		if r.Method == http.MethodGet || r.Method == http.MethodHead {
			if fsPath, ok := localPath(dir, name); ok && isFile(fsPath) {
				for _, e := range encodings {
					if !accepts(r.Header.Get("Accept-Encoding"), e.name) || !isFile(fsPath+e.suffix) {
						continue
					}
					// ServeFile derives the type from the compressed file's name unless it is set.
					if w.Header().Get("Content-Type") == "" {
						if t := mime.TypeByExtension(filepath.Ext(fsPath)); t != "" {
							w.Header().Set("Content-Type", t)
						}
					}
					w.Header().Set("Content-Encoding", e.name)
					// The size the browser gets once it has decoded the file: the page's
					// progress bar while the app loads (web/index.html).
					if fi, err := os.Stat(fsPath); err == nil {
						w.Header().Set("X-Decoded-Length", strconv.FormatInt(fi.Size(), 10))
					}
					w.Header().Add("Vary", "Accept-Encoding")
					http.ServeFile(w, r, fsPath+e.suffix)
					return
				}
				w.Header().Add("Vary", "Accept-Encoding")
			}
		}
		files.ServeHTTP(w, r)
	})
}

// localPath maps a cleaned URL path to a file under dir, refusing anything that would leave it.
func localPath(dir, urlPath string) (string, bool) {
	rel := strings.TrimPrefix(urlPath, "/")
	if rel == "" || !filepath.IsLocal(filepath.FromSlash(rel)) {
		return "", false
	}
	return filepath.Join(dir, filepath.FromSlash(rel)), true
}

func isFile(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}

// accepts reports whether an Accept-Encoding header allows coding (a q of 0 refuses it).
func accepts(header, coding string) bool {
	for _, part := range strings.Split(header, ",") {
		fields := strings.Split(part, ";")
		name := strings.ToLower(strings.TrimSpace(fields[0]))
		if name != coding && name != "*" {
			continue
		}
		q := 1.0
		for _, p := range fields[1:] {
			p = strings.TrimSpace(p)
			if v, ok := strings.CutPrefix(p, "q="); ok {
				if f, err := strconv.ParseFloat(v, 64); err == nil {
					q = f
				}
			}
		}
		if name == coding {
			return q > 0
		}
		if q > 0 && !strings.Contains(strings.ToLower(header), coding) {
			return true // "*" stands for codings not named elsewhere
		}
	}
	return false
}
