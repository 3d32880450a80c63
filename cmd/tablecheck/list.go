package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"holotable/army"
)

// listOutput is what -list prints.
type listOutput struct {
	Format  string     `json:"format"`
	Faction string     `json:"faction"`
	Points  int        `json:"points"`
	Size    string     `json:"size"`
	Units   []listUnit `json:"units"`
	Deck    deckOut    `json:"battleDeck"`
	Unknown []string   `json:"unknown"`
	Notes   []string   `json:"notes"`
}

type listUnit struct {
	Name             string  `json:"name"`
	Type             string  `json:"type"`
	Rank             string  `json:"rank"`
	Base             string  `json:"base"`
	Diameter         float64 `json:"baseDiameter"`
	Minis            int     `json:"minis"`
	Leader           string  `json:"leader"` // "unit card" or the upgrade whose mini leads
	SilhouetteHeight float64 `json:"silhouetteHeight"`
	Points           int     `json:"points"`
}

type deckOut struct {
	Objectives  []string `json:"objective"`
	Deployments []string `json:"deployment"`
	Conditions  []string `json:"conditions"`
}

// listUnits is tablecheck -list: read the army list at path, print what it would place.
func listUnits(path string, stdout, stderr io.Writer) int {
	f, err := os.Open(path)
	if err != nil {
		fmt.Fprintf(stderr, "%v\n", err)
		return 2
	}
	defer f.Close()
	a, err := army.ReadArmy(f) // refuses a file over army.MaxListBytes before parsing it
	if err != nil {
		fmt.Fprintf(stderr, "%v\n", err)
		return 2
	}
	out := listOutput{Format: "holotable/list-1", Faction: a.Faction.String(), Points: a.Points, Size: a.Size.Name[0],
		Units: []listUnit{}, Unknown: orEmpty(a.Unknown), Notes: orEmpty(a.Notes),
		Deck: deckOut{orEmpty(a.Deck.Objectives), orEmpty(a.Deck.Deployments), orEmpty(a.Deck.Conditions)}}
	if !a.SizeOK {
		out.Size = "over " + a.Size.Name[0]
	}
	for _, u := range a.Units {
		lead := "unit card"
		if u.Minis[0].From != "" {
			lead = u.Minis[0].From
		}
		out.Units = append(out.Units, listUnit{Name: u.Name, Type: u.Type.String(), Rank: u.Rank.String(), Base: u.Base, Diameter: u.Diameter,
			Minis: len(u.Minis), Leader: lead, SilhouetteHeight: u.SilhouetteHeight, Points: u.Points})
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		fmt.Fprintf(stderr, "%v\n", err)
		return 1
	}
	if _, err := stdout.Write(append(b, '\n')); err != nil {
		fmt.Fprintf(stderr, "%v\n", err)
		return 1
	}
	return 0
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
