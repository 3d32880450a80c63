//go:build !js

package e2e

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Issue 17 items 16 (readable terrain), 6 (setup) and 3 (everything German in German): one page
// for all, at the three sizes and in both languages.

// legendView is what the page's terrain legend shows.
type legendView struct {
	Hidden bool     `json:"hidden"`
	Folded bool     `json:"folded"`
	Looks  []string `json:"looks"`
	Box    [4]float64
}

func (p *page) legend() legendView {
	p.t.Helper()
	var v legendView
	raw := evalJS[string](p, `JSON.stringify((() => {
		const l = document.querySelector("#ht-legend");
		const r = l.getBoundingClientRect();
		return {hidden: l.hidden, folded: l.querySelector(".ht-legend-body").hidden,
			looks: [...l.querySelectorAll("[data-look]")].map((e) => e.dataset.look.replace("legend.", "")),
			Box: [r.left, r.top, r.right, r.bottom]};
	})())`)
	if err := json.Unmarshal([]byte(raw), &v); err != nil {
		p.t.Fatal(err)
	}
	return v
}

// setLanguage switches the page's language from its menu and closes the menu again.
func (p *page) setLanguage(lang string) {
	p.t.Helper()
	p.menuClick(`[data-lang="` + lang + `"]`)
	p.poll(`document.documentElement.lang === "`+lang+`"`, 5*time.Second)
	p.click("#ht-menu")
}

// tableBoxCSS is the battlefield's rectangle on the page (CSS px).
func (p *page) tableBoxCSS() [4]float64 {
	st := p.appState()
	return st.Camera.boxCSS(st.Table.Width, st.Table.Depth, st.Screen.Scale)
}

// setupPreviewView is the setup tool's preview in state() (scenes/setup_preview.go).
type setupPreviewView struct {
	Preview *struct {
		Preset   string  `json:"preset"`
		X        float64 `json:"x"`
		Y        float64 `json:"y"`
		Legal    bool    `json:"legal"`
		Touching bool    `json:"touching"`
	} `json:"preview"`
}

func (p *page) setupPreview() setupPreviewView {
	p.t.Helper()
	st, _ := p.setupView()
	var v setupPreviewView
	if err := json.Unmarshal(st.ToolState, &v); err != nil {
		p.t.Fatal(err)
	}
	return v
}

// TestUITerrainAndSetup, on one page (issue 17, items 16 and 6, and the German of item 3):
//   - the default table's pieces are drawn by their look, and the legend lists exactly those looks
//     and notched bases in the page's language, below the table (never over it), at 1440×900,
//     1024×700 and 390×844 in English and German; it folds from its title;
//   - the Setup tool offers, in words, to start with this table (its terrain and units) or on an
//     empty table, on the page's panel and the canvas palette; the empty start leaves an empty
//     table of the same size, undone in one step; with this table, a barricade armed from the
//     palette follows the mouse as the piece a click would place — orange within range 1 of
//     another piece, green beyond — and the click places it where it was drawn.
//
// Screenshots: ui3b-16-terrain-SIZE-LANG (the AT-ST selected: its notches and arcs), ui3b-6-setup-
// start-SIZE-LANG, ui3b-3-dice-1440-de, ui3b-16-legend-folded-1440-en, ui3b-6-setup-empty-1440-en,
// ui3b-6-setup-preview-{within,beyond}-1440-en.
func TestUITerrainAndSetup(t *testing.T) {
	p := newPage(t)
	p.open(startServer(t, webDir(t))+"/?map=default", 1)
	p.waitUI()
	var want []string
	var looks struct {
		Looks []struct {
			Look string `json:"look"`
		} `json:"terrainLooks"`
		Notched bool `json:"notched"`
	}
	if err := json.Unmarshal([]byte(evalJS[string](p, `window.holotable.state()`)), &looks); err != nil {
		t.Fatal(err)
	}
	for _, l := range looks.Looks {
		want = append(want, l.Look)
	}
	if strings.Join(want, ",") != "building,ruin,barricade,woods,crater" || !looks.Notched {
		t.Fatalf("state terrainLooks %v, notched %v", want, looks.Notched)
	}
	want = append(want, "notches")
	for _, lang := range []string{"en", "de"} {
		p.setLanguage(lang)
		for _, sz := range uiSizes {
			p.screenSize(sz.w, sz.h, sz.mobile)
			p.mustCommand("tool", "measure")
			p.mustCommand("fit", nil)
			p.mustCommand("select", "")
			p.waitFrames(3)
			if sz.mobile {
				// On the phone's turned table (D146) the folded sheet has no room for the legend
				// (D153): it is hidden and the sheet's handle offers it; unfolded, it stands above
				// the sheet's panel, clear of the table.
				gripHidden := evalJS[bool](p, `document.getElementById("ht-grip").hidden`)
				if v := p.legend(); !v.Hidden || gripHidden {
					t.Errorf("%s %s: folded, the legend hidden %v, the handle hidden %v; want the legend behind the handle", sz.name, lang, v.Hidden, gripHidden)
				}
				p.click("#ht-grip")
				p.poll(`document.getElementById("ht-grip").getAttribute("aria-expanded") === "true"`, 5*time.Second)
				p.waitFrames(3)
			}
			// The legend is read before a selection.
			p.poll(`document.querySelector("#ht-legend [data-look]") !== null`, 5*time.Second)
			v := p.legend()
			if v.Hidden || strings.Join(v.Looks, ",") != strings.Join(want, ",") {
				t.Errorf("%s %s: legend hidden %v, looks %v, want %v", sz.name, lang, v.Hidden, v.Looks, want)
			}
			if tb := p.tableBoxCSS(); v.Box[1] < tb[3] && v.Box[0] < tb[2] && v.Box[2] > tb[0] {
				t.Errorf("%s %s: legend %v covers the table %v", sz.name, lang, v.Box, tb)
			}
			p.mustCommand("select", "red-atst-1")
			p.waitFrames(3)
			p.screenshot("ui3b-16-terrain-" + sz.name + "-" + lang)
			p.mustCommand("select", "")
			if sz.mobile {
				p.click("#ht-grip") // folded again: kept across reloads otherwise
				p.poll(`document.getElementById("ht-grip").getAttribute("aria-expanded") === "false"`, 5*time.Second)
			}

			p.mustCommand("tool", "setup")
			p.poll(`document.querySelector("#ht-setup-empty") !== null`, 5*time.Second)
			// The two beginnings stand once: in the page's panel, not again on the canvas (D129).
			if _, sv := p.setupView(); len(sv.Buttons) != 0 {
				t.Errorf("%s %s: the canvas repeats the start buttons %+v", sz.name, lang, sv.Buttons)
			}
			if n := evalJS[float64](p, `document.querySelectorAll("#ht-setup-start, #ht-setup-empty").length`); n != 2 {
				t.Errorf("%s %s: %v start buttons in the page's panel, want 2", sz.name, lang, n)
			}
			if lang == "de" {
				checkNoEnglish(t, p, sz.name+" setup start")
			}
			p.screenshot("ui3b-6-setup-start-" + sz.name + "-" + lang)
		}
	}
	// The dice tool in German: the dice's names.
	p.screenSize(1440, 900, false)
	p.mustCommand("tool", "dice")
	p.mustCommand("dice", map[string]any{"action": "pool", "pool": map[string]int{"red-attack": 3, "white-defence": 2}})
	p.mustCommand("dice", map[string]any{"action": "roll"})
	p.waitFrames(3)
	checkNoEnglish(t, p, "1440 dice")
	// A mixed pool has no numbers: it reads as its symbols, never "Summe 0" (D130).
	p.poll(`document.getElementById("ht-bottom").innerText.includes("geworfen:")`, 5*time.Second)
	if text := evalJS[string](p, `document.getElementById("ht-bottom").innerText`); strings.Contains(text, "Summe 0") {
		t.Errorf("the mixed pool's result: %q", text)
	}
	p.screenshot("ui3b-3-dice-1440-de")
	p.setLanguage("en")

	p.mustCommand("tool", "measure")
	p.click("#ht-legend-toggle")
	p.poll(`document.querySelector("#ht-legend .ht-legend-body").hidden === true`, 5*time.Second)
	if v := p.legend(); !v.Folded {
		t.Error("the legend did not fold")
	}
	p.screenshot("ui3b-16-legend-folded-1440-en")
	p.click("#ht-legend-toggle")
	p.poll(`document.querySelector("#ht-legend .ht-legend-body").hidden === false`, 5*time.Second)

	// The empty table: nothing on it, the same battlefield; undone in one step.
	p.mustCommand("tool", "setup")
	p.poll(`document.querySelector("#ht-setup-empty") !== null`, 5*time.Second)
	p.click("#ht-setup-empty")
	p.waitFrames(3)
	if st, v := p.setupView(); v.Phase != "terrain" || st.Terrain != 0 || len(st.Units) != 0 || st.Table.Width != 72 {
		t.Fatalf("empty start: phase %q, %d pieces, %d units, table %+v", v.Phase, st.Terrain, len(st.Units), st.Table)
	}
	// Nothing on the table: no legend (it printed "null" for the notched bases' missing row).
	p.poll(`document.querySelector("#ht-legend").hidden === true`, 5*time.Second)
	p.screenshot("ui3b-6-setup-empty-1440-en")
	p.mustCommand("undo", nil)
	p.waitFrames(3)
	if st, v := p.setupView(); v.Phase != "" || st.Terrain != 17 {
		t.Fatalf("after undo: phase %q, %d pieces", v.Phase, st.Terrain)
	}

	// This table: a barricade armed and moved over the table.
	p.startSetup()
	p.clickSetupButton("side blue plays blue")
	p.clickSetupButton("blue edge: north")
	p.clickSetupButton("barricades")
	for _, c := range []struct {
		x, y  float64
		legal bool
		shot  string
	}{{36, 30, false, "within"}, {44, 34, true, "beyond"}} {
		x, y := p.tableCSS(c.x, c.y)
		p.mouse(chromedp.MouseMoved, x, y)
		p.waitFrames(3)
		v := p.setupPreview()
		if v.Preview == nil || v.Preview.Preset != "barricade" || v.Preview.Legal != c.legal || !closeTo(v.Preview.X, c.x, 0.1) || !closeTo(v.Preview.Y, c.y, 0.1) {
			t.Fatalf("preview at (%v, %v): %+v", c.x, c.y, v.Preview)
		}
		p.screenshot("ui3b-6-setup-preview-" + c.shot + "-1440-en")
	}
	x, y := p.tableCSS(44, 34)
	p.clickAt(x, y)
	if st, v := p.setupView(); st.Terrain != 18 || v.Turn != "red" || v.Armed != "" {
		t.Fatalf("after the click: %d pieces, turn %q, armed %q", st.Terrain, v.Turn, v.Armed)
	}
	p.noPanics()
}
