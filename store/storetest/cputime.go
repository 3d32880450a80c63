//go:build unix

package storetest

import (
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
