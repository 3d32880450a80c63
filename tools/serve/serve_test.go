package serve

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

func setup(t *testing.T) *httptest.Server {
	t.Helper()
	dir := t.TempDir()
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("index.html", "<!doctype html><title>x</title>")
	write("main.wasm", "RAW")
	write("main.wasm.gz", "GZ")
	write("main.wasm.br", "BR")
	write("wasm_exec.js", "JS")
	write("only.wasm", "ONLY")
	srv := httptest.NewServer(Handler(dir))
	t.Cleanup(srv.Close)
	return srv
}

func get(t *testing.T, url, acceptEncoding string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	req.Header.Set("Accept-Encoding", acceptEncoding) // also stops the client from adding gzip itself
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

func TestServe(t *testing.T) {
	srv := setup(t)
	cases := []struct {
		path, accept     string
		status           int
		body, ctype, enc string
		wantVary         bool
	}{
		{"/main.wasm", "gzip, deflate, br", 200, "BR", "application/wasm", "br", true},
		{"/main.wasm", "gzip", 200, "GZ", "application/wasm", "gzip", true},
		{"/main.wasm", "br;q=0, gzip;q=0.5", 200, "GZ", "application/wasm", "gzip", true},
		{"/main.wasm", "identity", 200, "RAW", "application/wasm", "", true},
		{"/main.wasm", "", 200, "RAW", "application/wasm", "", true},
		{"/only.wasm", "br, gzip", 200, "ONLY", "application/wasm", "", true},
		{"/wasm_exec.js", "br", 200, "JS", "text/javascript; charset=utf-8", "", true},
		{"/", "br", 200, "<!doctype html><title>x</title>", "text/html; charset=utf-8", "", false},
		{"/missing.wasm", "br", 404, "", "", "", false},
		{"/../../etc/passwd", "br", 404, "", "", "", false},
	}
	for _, c := range cases {
		res, body := get(t, srv.URL+c.path, c.accept)
		if res.StatusCode != c.status {
			t.Errorf("%s [%s]: status %d, want %d", c.path, c.accept, res.StatusCode, c.status)
			continue
		}
		if c.status != 200 {
			continue
		}
		if body != c.body {
			t.Errorf("%s [%s]: body %q, want %q", c.path, c.accept, body, c.body)
		}
		if got := res.Header.Get("Content-Type"); got != c.ctype {
			t.Errorf("%s [%s]: Content-Type %q, want %q", c.path, c.accept, got, c.ctype)
		}
		if got := res.Header.Get("Content-Encoding"); got != c.enc {
			t.Errorf("%s [%s]: Content-Encoding %q, want %q", c.path, c.accept, got, c.enc)
		}
		if got, want := res.Header.Get("X-Decoded-Length"), map[bool]string{true: "3"}[c.enc != ""]; got != want {
			t.Errorf("%s [%s]: X-Decoded-Length %q, want %q (RAW)", c.path, c.accept, got, want)
		}
		if got := res.Header.Get("Vary") == "Accept-Encoding"; got != c.wantVary {
			t.Errorf("%s [%s]: Vary %q", c.path, c.accept, res.Header.Get("Vary"))
		}
	}
}

func TestAccepts(t *testing.T) {
	cases := []struct {
		header, coding string
		want           bool
	}{
		{"gzip, deflate, br", "br", true},
		{"gzip, deflate, br", "gzip", true},
		{"gzip;q=0", "gzip", false},
		{"GZIP", "gzip", true},
		{"*", "br", true},
		{"*, br;q=0", "br", false},
		{"*;q=0", "gzip", false},
		{"", "gzip", false},
		{"deflate", "br", false},
	}
	for _, c := range cases {
		if got := accepts(c.header, c.coding); got != c.want {
			t.Errorf("accepts(%q, %q) = %v", c.header, c.coding, got)
		}
	}
}
