// Command serve serves holotable's web/ directory for local use (./build.sh serve):
//
//	go run ./tools/serve/cmd/serve -dir web -addr 127.0.0.1:8080
package main

import (
	"flag"
	"log"
	"net"
	"net/http"
	"time"

	"holotable/tools/serve"
)

func main() {
	dir := flag.String("dir", "web", "directory to serve")
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	flag.Parse()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("serving %s on http://%s/", *dir, ln.Addr())
	srv := &http.Server{Handler: serve.Handler(*dir), ReadHeaderTimeout: 10 * time.Second}
	log.Fatal(srv.Serve(ln))
}
