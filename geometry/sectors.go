package geometry

import (
	"math"

	"github.com/golang/geo/s1"
)

// MaxSectorWindows is the most windows a SectorMasks holds: one bit each in a uint64.
const MaxSectorWindows = 64

// sectorCount is the number of angular sectors around the centre (a power of two: a sector index
// is k & (sectorCount − 1) for any k, negative too); sectorsPerRadian converts an angle.
const (
	sectorCount      = 256
	sectorsPerRadian = sectorCount / (2 * math.Pi)
)

// SectorMasks sorts up to MaxSectorWindows angular windows around one centre (window i is bit
// i) into sectors, so that the windows that may hold a direction are one mask away instead of a
// loop over all of them. The answers are supersets: a window is entered in its sectors and one
// more each side (an angle's sector and that of the same angle ± 2π may round differently), and
// the caller tests each window it is handed. Windows are given by absolute angles (radians, as
// atan2), lo ≤ hi, and may run past ±π.
type SectorMasks struct {
	masks []uint64 // sectorCount sectors' windows
	all   uint64   // the windows holding every direction
	every uint64   // every window entered
}

// NewSectorMasks is an empty set of windows.
func NewSectorMasks() *SectorMasks {
	return &SectorMasks{masks: make([]uint64, sectorCount)}
}

// Add enters window i (< MaxSectorWindows) spanning the directions lo to hi.
func (s *SectorMasks) Add(i int, lo, hi float64) {
	s.every |= 1 << i
	for k := int(math.Floor(lo*sectorsPerRadian)) - 1; k <= int(math.Floor(hi*sectorsPerRadian))+1; k++ {
		s.masks[k&(sectorCount-1)] |= 1 << i
	}
}

// AddWindow enters window i (< MaxSectorWindows) for the directions of w (the full interval: every
// direction, as AddAll).
func (s *SectorMasks) AddWindow(i int, w s1.Interval) {
	if w.IsFull() {
		s.AddAll(i)
		return
	}
	lo, hi := Unwrapped(w)
	s.Add(i, lo, hi)
}

// AddAll enters window i (< MaxSectorWindows) as holding every direction.
func (s *SectorMasks) AddAll(i int) {
	s.every |= 1 << i
	s.all |= 1 << i
}

// At is the mask of the windows that may hold direction a.
func (s *SectorMasks) At(a float64) uint64 {
	return s.all | s.masks[int(math.Floor(a*sectorsPerRadian))&(sectorCount-1)]
}

// Over is the mask of the windows that may meet the directions lo to hi (lo ≤ hi).
func (s *SectorMasks) Over(lo, hi float64) uint64 {
	k0, k1 := int(math.Floor(lo*sectorsPerRadian)), int(math.Floor(hi*sectorsPerRadian))
	if k1-k0 >= sectorCount-1 {
		return s.every
	}
	m := s.all
	for k := k0; k <= k1; k++ {
		m |= s.masks[k&(sectorCount-1)]
	}
	return m
}
