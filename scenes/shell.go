package scenes

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"io"
	"math"
	"net/url"
	"sort"
	"strings"

	"holotable/table"
)

// The page shell: what the page's toolbar (web/ui.js) asks of the table scene beyond the tools —
// the table overlays, share links — and the toolbar's labels in English and German.

// Overlays are the optional layers of the table drawing. The zero value shows none of them; a new
// table scene starts with DefaultOverlays.
type Overlays struct {
	Grid      bool `json:"grid"`      // a fine line every inch (every 25.4 in a millimetre file)
	RangeGrid bool `json:"rangeGrid"` // a line every range segment (6" by default)
	Labels    bool `json:"labels"`    // unit names under the units
}

// DefaultOverlays is what a new table scene shows.
var DefaultOverlays = Overlays{RangeGrid: true, Labels: true}

// Overlays is what the table drawing shows besides the table, terrain and bases. Tools that draw
// labels of their own may honour Labels too.
func (s *TableScene) Overlays() Overlays { return s.overlays }

// SetOverlays changes the overlays and redraws the table layer.
func (s *TableScene) SetOverlays(o Overlays) {
	if o != s.overlays {
		s.overlays = o
		s.viewRev++
	}
}

// ToolNames lists the registered tools, sorted.
func ToolNames() []string {
	out := make([]string, 0, len(toolMakers))
	for n := range toolMakers {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// gridLines is the screen positions of a line every step table units across [0, length], as the
// camera maps them, offset+v·zoom (zoom is negative for y, which points up), leaving out the two ends and every line that lies on a multiple of
// skip (a coarser grid drawn separately; 0 for none). No lines when they would be closer than
// minGap pixels.
func gridLines(length, step, skip, zoom, offset, minGap float64) []float32 {
	if step <= 0 || length <= 0 || math.Abs(step*zoom) < minGap {
		return nil
	}
	n := int(math.Floor(length/step + 1e-9))
	out := make([]float32, 0, n)
	for i := 1; i <= n; i++ {
		v := float64(i) * step
		if v >= length-1e-9 {
			break
		}
		if skip > 0 {
			if r := math.Mod(v, skip); r < 1e-6 || skip-r < 1e-6 {
				continue
			}
		}
		out = append(out, float32(offset+v*zoom))
	}
	return out
}

// shareKey is the URL fragment parameter that carries a table: #t=…
const shareKey = "t"

// MaxShareLink bounds the characters of a share link's fragment, checked before it is decoded:
// the limit of a table file (table.MaxFileBytes) also bounds what it inflates to, and a file that
// large compresses to far less.
const MaxShareLink = table.MaxFileBytes

// ShareFragment is the URL fragment that carries a table file: "#t=" and the base64url (no
// padding) of the file's deflate-compressed JSON.
func ShareFragment(data []byte) (string, error) {
	var b bytes.Buffer
	w, err := flate.NewWriter(&b, flate.BestCompression)
	if err != nil {
		return "", err
	}
	if _, err := w.Write(data); err != nil {
		return "", err
	}
	if err := w.Close(); err != nil {
		return "", err
	}
	return "#" + shareKey + "=" + base64.RawURLEncoding.EncodeToString(b.Bytes()), nil
}

// SharedTable reads the table file a URL fragment carries (as ShareFragment writes it; the "#" is
// optional, other parameters are ignored). ok is false when the fragment carries no table; err
// says why one that does cannot be read.
//
// A fragment that names a table (t=…) but is longer than MaxShareLink, or not a well-formed
// address fragment, or whose table is not deflate-compressed base64url within the size of a table
// file, is ok with an error saying so.
func SharedTable(fragment string) (data []byte, ok bool, err error) {
	fragment = strings.TrimPrefix(fragment, "#")
	if fragment == "" {
		return nil, false, nil
	}
	names := strings.HasPrefix(fragment, shareKey+"=") || strings.Contains(fragment, "&"+shareKey+"=")
	if names && len(fragment) > MaxShareLink {
		return nil, true, errors.New(T("share.tooLong", len(fragment), MaxShareLink))
	}
	q, err := url.ParseQuery(fragment)
	if err != nil {
		if names {
			return nil, true, errors.New(T("share.malformed", err.Error()))
		}
		return nil, false, nil
	}
	if !q.Has(shareKey) {
		return nil, false, nil
	}
	enc := strings.TrimRight(q.Get(shareKey), "=")
	raw, err := base64.RawURLEncoding.DecodeString(enc)
	if err != nil {
		return nil, true, errors.New(T("share.notBase64", err.Error()))
	}
	r := flate.NewReader(bytes.NewReader(raw))
	defer r.Close()
	data, err = io.ReadAll(io.LimitReader(r, table.MaxFileBytes+1))
	if err != nil {
		return nil, true, errors.New(T("share.notDeflate", err.Error()))
	}
	if len(data) > table.MaxFileBytes {
		return nil, true, errors.New(T("share.tooLarge", table.MaxFileBytes))
	}
	return data, true, nil
}

func init() {
	RegisterCommand("overlays", func(s *TableScene, arg jsonRaw) (any, error) {
		// A partial object changes only the overlays it names: {"grid": true}.
		var set map[string]bool
		if err := argInto(arg, &set); err != nil {
			return nil, err
		}
		o := s.overlays
		for k, v := range set {
			switch k {
			case "grid":
				o.Grid = v
			case "rangeGrid":
				o.RangeGrid = v
			case "labels":
				o.Labels = v
			default:
				return nil, errors.New(T("cmd.noOverlay", k))
			}
		}
		s.SetOverlays(o)
		return o, nil
	})
	RegisterCommand("shareLink", func(s *TableScene, _ jsonRaw) (any, error) {
		return ShareFragment(s.doc.JSON())
	})
	RegisterJobCommand("openShared", func(s *TableScene, arg jsonRaw) (*Job, error) {
		// A URL fragment (#t=…): its table is imported (undoably), as a file would be.
		var frag string
		if err := argInto(arg, &frag); err != nil {
			return nil, err
		}
		if s.history != nil {
			return nil, errors.New(TFor(s.fingers(), "history.readOnly"))
		}
		data, ok, err := SharedTable(frag)
		if !ok {
			return nil, errors.New(T("import.refused", T("share.noTable")))
		}
		if err != nil {
			return nil, errors.New(T("import.refused", err.Error()))
		}
		return s.importJob(data), nil
	})
	RegisterCommand("settings", func(s *TableScene, _ jsonRaw) (any, error) {
		return map[string]any{"language": Language(), "lengthUnit": DisplayUnit(), "overlays": s.overlays,
			"tools": ToolNames()}, nil
	})
	RegisterCommand("reserve", func(s *TableScene, arg jsonRaw) (any, error) {
		// {"top": px, "bottom": px, "dock": px, "side": px, "left": px, "touch": bool}: the page's toolbar
		// covers the top px CSS pixels and its tool panel row the bottom px; the dock (the panel
		// and the message line, docked below the table: issue 17) the bottom dock px. Fit keeps
		// the table between the toolbar and the higher of the two. left is where the toolbar's
		// leftmost control starts (0: unknown), so that the heads-up lines beside it stop short of
		// it (hud_fit.go); touch says the page runs on a touch screen (a phone or tablet), so the
		// hints speak of fingers before the first touch. side is the width the page's dock takes
		// as a column at the right of the table where that fits a table better (dockedView, D154).
		var r struct {
			Top    float64 `json:"top"`
			Bottom float64 `json:"bottom"`
			Dock   float64 `json:"dock"`
			Side   float64 `json:"side"`
			Left   float64 `json:"left"`
			Touch  bool    `json:"touch"`
		}
		if err := argInto(arg, &r); err != nil {
			return nil, err
		}
		for _, v := range []float64{r.Top, r.Bottom, r.Dock} {
			if math.IsNaN(v) || v < 0 || v > 400 {
				return nil, errors.New(T("cmd.badReserve", v))
			}
		}
		if math.IsNaN(r.Side) || r.Side < 0 || r.Side > maxPageLeft {
			return nil, errors.New(T("cmd.badReserveSide", r.Side, maxPageLeft))
		}
		if math.IsNaN(r.Left) || r.Left < 0 || r.Left > maxPageLeft {
			return nil, errors.New(T("cmd.badReserveLeft", r.Left, maxPageLeft))
		}
		s.pageLeft, s.touchPg = r.Left, r.Touch
		if r.Top != s.pageTop || r.Bottom != s.pageBot || r.Dock != s.pageDock || r.Side != s.pageSide {
			s.pageTop, s.pageBot, s.pageDock, s.pageSide = r.Top, r.Bottom, r.Dock, r.Side
			if s.fitted {
				s.fit()
			}
		}
		return nil, nil
	})
	RegisterCommand("message", func(s *TableScene, arg jsonRaw) (any, error) {
		// Sets the scene's message; "" (or no argument) dismisses it.
		var m string
		if err := argInto(arg, &m); err != nil {
			return nil, err
		}
		s.message = m
		return nil, nil
	})

	// The toolbar, the tool panels and the page's messages (web/ui.js). %s is filled in by the page.
	RegisterStrings(map[string][2]string{
		"share.notBase64":      {"share link: not base64url: %s", "Link: kein base64url: %s"},
		"share.notDeflate":     {"share link: not deflate data: %s", "Link: keine Deflate-Daten: %s"},
		"share.tooLarge":       {"share link: the table is more than %d bytes, the limit of a table file (too large)", "Link: der Tisch hat mehr als %d Bytes, die Grenze einer Tischdatei (zu groß)"},
		"share.tooLong":        {"share link: %d characters, more than the limit of %d (too large)", "Link: %d Zeichen, mehr als die Grenze von %d (zu groß)"},
		"share.malformed":      {"share link: not a well-formed link (%s)", "Link: kein gültiger Link (%s)"},
		"share.noTable":        {"the link carries no table (#t=…)", "der Link enthält keinen Tisch (#t=…)"},
		"cmd.noOverlay":        {"no overlay %q (grid, rangeGrid, labels)", "keine Ebene %q (grid, rangeGrid, labels)"},
		"cmd.badReserve":       {"reserve: %v is not between 0 and 400", "reserve: %v liegt nicht zwischen 0 und 400"},
		"cmd.badReserveSide":   {"reserve: side %v is not between 0 and %v", "reserve: side %v liegt nicht zwischen 0 und %v"},
		"cmd.badReserveLeft":   {"reserve: left %v is not between 0 and %v", "reserve: left %v liegt nicht zwischen 0 und %v"},
		"ui.tool.measure":      {"Measure", "Messen"},
		"ui.tool.measure.tip":  {"Select a unit: range bands, line of sight and cover to every enemy unit", "Einheit wählen: Reichweiten, Sichtlinie und Deckung zu jeder gegnerischen Einheit"},
		"ui.tool.move":         {"Move", "Bewegen"},
		"ui.tool.move.tip":     {"Move a unit leader with the movement tool", "Einheitenführer mit dem Bewegungsmaßstab bewegen"},
		"ui.tool.terrain":      {"Terrain", "Gelände"},
		"ui.tool.terrain.tip":  {"Place, drag and edit terrain pieces", "Geländeteile setzen, ziehen und bearbeiten"},
		"ui.tool.units":        {"Units", "Einheiten"},
		"ui.tool.units.tip":    {"Place, drag and edit units", "Einheiten setzen, ziehen und bearbeiten"},
		"ui.undo":              {"Undo", "Rückgängig"},
		"ui.undo.tip":          {"Undo: %s (Ctrl+Z)", "Rückgängig: %s (Strg+Z)"},
		"ui.undo.none":         {"Nothing to undo", "Nichts rückgängig zu machen"},
		"ui.redo":              {"Redo", "Wiederholen"},
		"ui.redo.tip":          {"Redo: %s (Ctrl+Shift+Z)", "Wiederholen: %s (Strg+Umschalt+Z)"},
		"ui.redo.none":         {"Nothing to redo", "Nichts zu wiederholen"},
		"ui.fit":               {"Fit", "Einpassen"},
		"ui.fit.tip":           {"Fit the table to the window (F)", "Tisch ins Fenster einpassen (F)"},
		"ui.grid":              {`1" grid`, `1"-Raster`},
		"ui.grid.tip":          {"A fine line every inch", "Eine feine Linie je Zoll"},
		"ui.rangeGrid":         {`6" grid`, `6"-Raster`},
		"ui.rangeGrid.tip":     {"A line every range segment", "Eine Linie je Reichweitenabschnitt"},
		"ui.labels":            {"Labels", "Namen"},
		"ui.labels.tip":        {"Unit names on the table", "Einheitennamen auf dem Tisch"},
		"ui.language":          {"Language", "Sprache"},
		"ui.language.tip":      {"Language", "Sprache"},
		"ui.lengthUnit":        {"Lengths", "Längen"},
		"ui.lengthUnit.tip":    {"Show lengths in inches or centimetres", "Längen in Zoll oder Zentimetern zeigen"},
		"ui.menu":              {"Menu", "Menü"},
		"ui.menu.tip":          {"Export, import, share link; language and lengths", "Exportieren, importieren, Link teilen; Sprache und Längen"},
		"ui.export":            {"Export", "Exportieren"},
		"ui.export.tip":        {"Download the table as table.json", "Den Tisch als table.json herunterladen"},
		"ui.export.done":       {"Exported table.json", "table.json exportiert"},
		"ui.import":            {"Import", "Importieren"},
		"ui.import.tip":        {"Open a table file (.json); you can also drop one on the page", "Eine Tischdatei (.json) öffnen; sie kann auch auf die Seite gezogen werden"},
		"ui.import.done":       {"Imported %s", "%s importiert"},
		"ui.import.notJSON":    {"import refused, table unchanged: %s is not a .json file", "Import abgelehnt, Tisch unverändert: %s ist keine .json-Datei"},
		"ui.import.unreadable": {"import refused, table unchanged: %s cannot be read", "Import abgelehnt, Tisch unverändert: %s ist nicht lesbar"},
		"ui.import.tooLarge": {"import refused, table unchanged: %s has %s bytes, more than the limit of %s (too large)",
			"Import abgelehnt, Tisch unverändert: %s hat %s Bytes, mehr als die Grenze von %s (zu groß)"},
		"ui.drop":              {"Drop a table file (.json) to import it", "Tischdatei (.json) ablegen, um sie zu importieren"},
		"ui.share":             {"Share link", "Link teilen"},
		"ui.share.tip":         {"Put the table into the page address and copy the link", "Den Tisch in die Seitenadresse legen und den Link kopieren"},
		"ui.share.copied":      {"Link copied to the clipboard (%s characters)", "Link in die Zwischenablage kopiert (%s Zeichen)"},
		"ui.share.address":     {"The link is in the address bar (%s characters)", "Der Link steht in der Adresszeile (%s Zeichen)"},
		"ui.panel.none":        {"Nothing selected", "Nichts ausgewählt"},
		"ui.field.id":          {"Id", "Id"},
		"ui.field.height":      {"Height", "Höhe"},
		"ui.field.kind":        {"Kind", "Art"},
		"ui.field.cover":       {"Cover", "Deckung"},
		"ui.field.move":        {"Movement", "Bewegung"},
		"ui.field.side":        {"Side", "Seite"},
		"ui.field.speed":       {"Speed", "Geschwindigkeit"},
		"ui.field.type":        {"Type", "Typ"},
		"ui.kind.solid":        {"solid", "massiv"},
		"ui.kind.area":         {"area", "Bereich"},
		"ui.kind.depression":   {"depression", "Senke"},
		"ui.cover.none":        {"none", "keine"},
		"ui.cover.light":       {"light", "leicht"},
		"ui.cover.heavy":       {"heavy", "schwer"},
		"ui.cover.byClass":     {"by class", "nach Klasse"},
		"ui.class.trooper":     {"trooper", "Trupp"},
		"ui.class.ground":      {"ground", "Bodenfahrzeug"},
		"ui.class.repulsor":    {"repulsor", "Repulsor"},
		"ui.terrain.open":      {"open", "offen"},
		"ui.terrain.difficult": {"difficult", "schwierig"},
		"ui.terrain.impass":    {"impassable", "unpassierbar"},
		"ui.delete":            {"Delete", "Löschen"},
		"ui.duplicate":         {"Duplicate", "Duplizieren"},
		"ui.commit":            {"Commit", "Ausführen"},
		"ui.cancel":            {"Cancel", "Abbrechen"},
		"ui.why":               {"Why? Against", "Warum? Gegen"},
		"ui.ruler":             {"Ruler", "Lineal"},
		"ui.ruler.tip":         {"Measure edge to edge: drag from a base or a point (or Shift+drag)", "Kante zu Kante messen: von einer Basis oder einem Punkt ziehen (oder Umschalt+Ziehen)"},
		"ui.move.legal":        {"legal", "zulässig"},
		"ui.move.illegal":      {"not legal", "nicht zulässig"},
		"ui.move.max":          {"max speed %s", "Höchstgeschw. %s"},
	})
}
