//go:build unix

package storetest

import (
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// CPUTime is the CPU time this process has used (user and system time): in a benchmark that runs
// the store, its server and its clients in one process, the figure that does not depend on what
// else runs on the machine.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru) //nolint:errcheck // RUSAGE_SELF does not fail
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// LoadAverage is the machine's load average over the last minute (/proc/loadavg; 0 where there is
// none): a benchmark reports it beside its figures, which depend on what else the cores run.
func LoadAverage() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0
	}
	v, _ := strconv.ParseFloat(f[0], 64)
	return v
}
