//go:build !unix

package storetest

import "time"

// CPUTime is 0 where the process's CPU time cannot be read (js/wasm): the figures per op are 0.
func CPUTime() time.Duration { return 0 }

// LoadAverage is 0 where the machine's load average cannot be read.
func LoadAverage() float64 { return 0 }
