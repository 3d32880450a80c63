package scenes

import (
	"math"

	"github.com/golang/geo/r2"
)

// Bending the move tool (issue 17 item 8). The far end's handle swings the tool's second half
// about the joint — the bend follows the pointer within ±maxBend (rules.World.AimBend), the
// heading stays where the joint handle put it — for round and notched bases alike, as a player
// bends the physical tool: hold the first half, turn the second. The far end lies on the ghost
// base's front edge after a full move, so a press near the far end is near the ghost too: the
// handles (far end, joint, pivot knob) win over the ghost's drag area, and a press near both the
// far end and the ghost goes to the ghost only when the drag then heads back along the path
// (within backCone of straight back), which is the partial move a player drags the ghost for.

// backCone is the half-angle (degrees) of the directions round "straight back along the path" in
// which a drag that started near both the far end and the ghost shortens the move.
const backCone = 45.0

// pickHandle is the handle a press at screen point p takes, given each handle's screen distance
// (+Inf when the tool has no such handle now), the grab radius and the ghost's reach: the nearest
// of far end, joint and pivot within grab; else the ghost within its reach; else none. either
// reports a far end taken while the press is within the ghost's reach too (dragDecides settles
// it once the pointer moves).
func pickHandle(dEnd, dJoint, dPivot, dGhost, grab, ghostReach float64) (h moveHandle, either bool) {
	best, bestD := handleNone, math.Inf(1)
	for _, c := range []struct {
		h moveHandle
		d float64
	}{{handlePivot, dPivot}, {handleEnd, dEnd}, {handleJoint, dJoint}} {
		if c.d <= grab && c.d < bestD {
			best, bestD = c.h, c.d
		}
	}
	if best != handleNone {
		return best, best == handleEnd && dGhost <= ghostReach
	}
	if dGhost <= ghostReach {
		return handleGhost, false
	}
	return handleNone, false
}

// dragBack reports whether a drag by v (table units) from a press near both the far end and the
// ghost heads back along the path whose last leg points along out (towards the far end): within
// backCone of −out.
func dragBack(v, out r2.Point) bool {
	n, m := v.Norm(), out.Norm()
	if n == 0 || m == 0 {
		return false
	}
	return -v.Dot(out)/(n*m) >= math.Cos(backCone*math.Pi/180)
}
