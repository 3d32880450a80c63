//go:build !js

package e2e

import (
	"fmt"
	"testing"
	"time"
)

// TestPaletteClearOfDock (issue 17 item 4: panels never cover what a player needs): in each tool
// with a palette below the table (terrain, units, dice with a roll, setup), in English and German,
// at 1440×900, 1024×700 and on a 390×844 phone (its sheet folded and unfolded), the page's dock
// (#ht-bottom) and the terrain legend start below the palette's band — the palette's rows and its
// hint, which stands beside the last row where it fits. Seen before: at 1024×700 the dock's 72 px
// reached 8 px into a three-row palette, at 1440×900 in German the dice result covered the hint,
// and on the phone's unfolded sheet the legend covered the dice palette's last row.
func TestPaletteClearOfDock(t *testing.T) {
	p := newPage(t)
	url := startServer(t, webDir(t))
	p.open(url+"?map=default", 1)
	check := func(name string) {
		t.Helper()
		p.waitFrames(3)
		st := p.state()
		end := tableRect(st)[3] + 8 + st.PaletteBand
		dock := evalJS[float64](p, `document.getElementById("ht-bottom").getBoundingClientRect().top`)
		legend := evalJS[float64](p, `(() => { const l = document.getElementById("ht-legend"); return l.hidden ? innerHeight : l.getBoundingClientRect().top; })()`)
		if st.PaletteBand <= 0 || dock < end-0.5 || legend < end-0.5 {
			t.Errorf("%s: the palette's band ends at %.1f (%.1f px), the page's dock starts at %.1f, the legend at %.1f", name, end, st.PaletteBand, dock, legend)
		}
	}
	for _, lang := range []string{"en", "de"} {
		p.setLanguage(lang)
		for _, sz := range uiSizes {
			p.screenSize(sz.w, sz.h, sz.mobile)
			for _, tool := range []string{"terrain", "units", "dice", "setup"} {
				p.mustCommand("tool", tool)
				switch tool {
				case "setup":
					p.mustCommand("setup", map[string]any{"action": "start"})
				case "dice":
					p.mustCommand("dice", map[string]any{"action": "pool", "pool": map[string]int{"red-attack": 3, "white-defence": 2}})
					p.mustCommand("dice", map[string]any{"action": "roll"})
					p.poll(`!!document.querySelector("#ht-dice-result .ht-dice-line")`, 5*time.Second)
				}
				name := fmt.Sprintf("%s %s %s", lang, sz.name, tool)
				check(name)
				if sz.mobile && tool == "dice" { // the sheet unfolded: the table fitted anew above it
					p.click("#ht-grip")
					p.poll(`document.getElementById("ht-grip").getAttribute("aria-expanded") === "true"`, 5*time.Second)
					check(name + " (sheet unfolded)")
					if lang == "de" {
						p.screenshot("palette-dock-390-dice-unfolded-de")
					}
					p.click("#ht-grip")
					p.poll(`document.getElementById("ht-grip").getAttribute("aria-expanded") === "false"`, 5*time.Second)
				}
				if lang == "de" && !sz.mobile && (tool == "terrain" || tool == "dice") {
					p.screenshot("palette-dock-" + sz.name + "-" + tool + "-de")
				}
				if tool == "setup" {
					p.mustCommand("undo", nil)
				}
			}
		}
	}
	p.setLanguage("en")
	p.noPanics()
}
