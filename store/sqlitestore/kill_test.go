//go:build unix && !js

package sqlitestore

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"holotable/store"
	"holotable/store/storetest"
)

// TestKilledProcess: a store process appending from many goroutines is killed with SIGKILL in the
// middle; every append it acknowledged before is in the file when it is opened again, and the logs
// have no holes. (A killed process leaves its writes in the kernel; power loss is what
// synchronous=FULL is for, and no test here can cut the power.)
func TestKilledProcess(t *testing.T) {
	if path := os.Getenv("HOLOTABLE_SQLITE_CHILD"); path != "" {
		child(path)
		return
	}
	path := filepath.Join(t.TempDir(), "rooms.db")
	cmd := exec.Command(os.Args[0], "-test.run=^TestKilledProcess$")
	cmd.Env = append(os.Environ(), "HOLOTABLE_SQLITE_CHILD="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	acked := map[string]uint64{} // "room op" → seq
	sc := bufio.NewScanner(out)
	for sc.Scan() && len(acked) < 400 {
		f := strings.Fields(sc.Text())
		if len(f) != 3 {
			continue
		}
		seq, _ := strconv.ParseUint(f[2], 10, 64)
		acked[f[0]+" "+f[1]] = seq
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait() //nolint:errcheck // killed
	if len(acked) < 400 {
		t.Fatalf("the child acknowledged only %d appends", len(acked))
	}
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	logs := map[string][]string{}
	for k, seq := range acked {
		room, id, _ := strings.Cut(k, " ")
		if logs[room] == nil {
			ids, err := storetest.ReadAll(s, room)
			if err != nil {
				t.Fatal(err)
			}
			logs[room] = ids
		}
		if int(seq) > len(logs[room]) || logs[room][seq-1] != id {
			t.Errorf("acknowledged %s at %d of %s is lost", id, seq, room)
		}
	}
	t.Logf("%d acknowledged appends in %d rooms all there after SIGKILL", len(acked), len(logs))
}

// child appends to 8 rooms from 8 goroutines until it is killed, printing "room op seq" for every
// acknowledged append.
func child(path string) {
	s, err := Open(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	lines := make(chan string, 64)
	for r := 0; r < 8; r++ {
		room := fmt.Sprintf("kill-%d", r)
		if err := s.CreateRoom(context.Background(), store.Room{ID: room, First: []byte("{}")}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		go func() {
			for i := 1; ; i++ {
				op := storetest.Op("k", i)
				if _, err := s.Append(context.Background(), room, uint64(i-1), op); err != nil {
					fmt.Fprintln(os.Stderr, err)
					os.Exit(1)
				}
				lines <- fmt.Sprintf("%s %s %d", room, op.ID, i)
			}
		}()
	}
	w := bufio.NewWriter(os.Stdout)
	for {
		select {
		case l := <-lines:
			fmt.Fprintln(w, l)
		case <-time.After(time.Millisecond):
			w.Flush()
		}
	}
}
