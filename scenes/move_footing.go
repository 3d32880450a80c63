package scenes

import (
	"strings"

	"holotable/rules"
)

// The move tool's word on followers the rules could not stand on open ground (issue 17 item 7):
// rules.PlaceFollowers prefers open ground to barricades, walls and buildings, and when a
// follower had to go on one its place.terrain reason — with the rule it answers to — follows the
// move's message on the message line.

func init() {
	RegisterStrings(map[string][2]string{
		"move.onTerrain": {"moved %s; %s", "%s bewegt; %s"},
	})
}

// footingNote is the reasons of the placements that stand on terrain, in the current language
// with the last one's citation by name ("" when every follower stands on open ground).
func footingNote(pl []rules.Placement) string {
	var rs []rules.Reason
	for _, p := range pl {
		if len(p.Terrain) == 0 {
			continue
		}
		for _, r := range p.Reasons {
			if r.Rule == "place.terrain" {
				rs = append(rs, r)
			}
		}
	}
	return reasonsText(rs)
}

// movedMessage is the message after a committed move whose followers went to pl: flagged minis
// first (no spot at all), then those on terrain, else plain "moved".
func movedMessage(unit string, pl []rules.Placement) string {
	var flagged []string
	for _, p := range pl {
		if !p.OK {
			flagged = append(flagged, p.ID)
		}
	}
	msg := T("move.done", unit)
	if len(flagged) > 0 {
		msg = T("move.flagged", unit, strings.Join(flagged, ", "))
	}
	if note := footingNote(pl); note != "" {
		if len(flagged) > 0 {
			return msg + "; " + note
		}
		return T("move.onTerrain", unit, note)
	}
	return msg
}
