package scenes

import (
	"encoding/json"
	"os"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"holotable/maps"
	"holotable/table"
)

// TestOverlaysCommand: the overlays start as DefaultOverlays; a partial object changes only what
// it names and makes the table layer redraw (viewRev); an unknown overlay changes nothing.
func TestOverlaysCommand(t *testing.T) {
	s := NewTableScene("test", testDoc())
	if s.Overlays() != (Overlays{RangeGrid: true, Labels: true}) {
		t.Fatalf("new scene overlays %+v", s.Overlays())
	}
	steps := []struct {
		arg    string
		want   Overlays
		redraw bool
		fails  bool
	}{
		{`{"grid": true}`, Overlays{Grid: true, RangeGrid: true, Labels: true}, true, false},
		{`{"grid": true}`, Overlays{Grid: true, RangeGrid: true, Labels: true}, false, false}, // no change, no redraw
		{`{"rangeGrid": false, "labels": false}`, Overlays{Grid: true}, true, false},
		{`{"labels": true, "compass": true}`, Overlays{Grid: true}, false, true},
		{``, Overlays{Grid: true}, false, false}, // no argument: just the current overlays
		{`{"grid": false, "rangeGrid": true, "labels": true}`, DefaultOverlays, true, false},
	}
	for _, st := range steps {
		rev := s.viewRev
		out, err := s.Command("overlays", json.RawMessage(st.arg))
		if (err != nil) != st.fails {
			t.Errorf("overlays %s: error %v", st.arg, err)
		}
		if s.Overlays() != st.want {
			t.Errorf("overlays %s: %+v, want %+v", st.arg, s.Overlays(), st.want)
		}
		if err == nil && out != st.want {
			t.Errorf("overlays %s returned %+v", st.arg, out)
		}
		if (s.viewRev != rev) != st.redraw {
			t.Errorf("overlays %s: viewRev %d → %d, redraw wanted %v", st.arg, rev, s.viewRev, st.redraw)
		}
	}
	b, _ := json.Marshal(s.Overlays())
	if string(b) != `{"grid":false,"rangeGrid":true,"labels":true}` {
		t.Errorf("overlays JSON %s", b)
	}
}

// TestGridLines: screen positions of grid lines, hand-computed.
func TestGridLines(t *testing.T) {
	// 13 lines every inch on a 14" strip at 10 px/in from x = 5, the multiples of 6 left out:
	// inches 1–5, 7–11, 13 → 15 … 55, 75 … 115, 135.
	got := gridLines(14, 1, 6, 10, 5, 4)
	want := []float32{15, 25, 35, 45, 55, 75, 85, 95, 105, 115, 135}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("inch grid: %v, want %v", got, want)
	}
	// y points up: range lines on a 36" depth at 10 px/in, origin at screen y = 400.
	if got, want := gridLines(36, 6, 0, -10, 400, 4), []float32{340, 280, 220, 160, 100}; !reflect.DeepEqual(got, want) {
		t.Errorf("range grid: %v, want %v", got, want)
	}
	// Too dense (3 px apart, fewer than 4): no lines.
	if got := gridLines(72, 1, 6, 3, 0, 4); got != nil {
		t.Errorf("dense grid drawn: %v", got)
	}
	// A millimetre table: 72" = 1828.8 mm, a line every 25.4 mm except every 152.4 mm: 71 − 11 = 60.
	if got := gridLines(1828.8, 25.4, 152.4, 0.5, 0, 4); len(got) != 60 {
		t.Errorf("mm inch grid: %d lines, want 60", len(got))
	}
	// Degenerate input.
	if gridLines(0, 1, 0, 10, 0, 4) != nil || gridLines(10, 0, 0, 10, 0, 4) != nil {
		t.Error("degenerate grids drawn")
	}
}

// TestShareLink: the fragment carries the table exactly; broken fragments are errors, fragments
// without a table are not.
func TestShareLink(t *testing.T) {
	data := maps.Default()
	frag, err := ShareFragment(data)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(frag, "#t=") || strings.ContainsAny(frag[3:], "+/=#&") {
		t.Errorf("fragment is not #t= and base64url: %.40s…", frag)
	}
	if len(frag) > len(data)/2 {
		t.Errorf("fragment of %d characters for a %d-byte table: not compressed?", len(frag), len(data))
	}
	t.Logf("the default table (%d bytes) is a %d-character fragment", len(data), len(frag))
	for _, f := range []string{frag, frag[1:], frag + "&view=1", "#view=1&" + frag[1:], frag + "=="} {
		got, ok, err := SharedTable(f)
		if err != nil || !ok || string(got) != string(data) {
			t.Errorf("SharedTable(%.20s…%s): ok %v, err %v, %d bytes", f, f[len(f)-6:], ok, err, len(got))
		}
	}
	for _, f := range []string{"", "#", "#view=1", "#section-2"} {
		if got, ok, err := SharedTable(f); ok || err != nil || got != nil {
			t.Errorf("SharedTable(%q): ok %v, err %v", f, ok, err)
		}
	}
	// Not base64url; base64url of "hello world", not deflate; not a well-formed fragment (it was
	// dropped without a word); longer than a link may be (refused before it is decoded).
	for _, f := range []string{"#t=***", "#t=aGVsbG8gd29ybGQ", "#t=%zz", "#view=1&t=a%", "#t=" + strings.Repeat("A", MaxShareLink)} {
		if _, ok, err := SharedTable(f); !ok || err == nil {
			t.Errorf("SharedTable(%q): ok %v, err %v; want an error", f, ok, err)
		}
	}

	// openShared imports what a fragment carries (undoably); a broken one changes nothing.
	o := NewTableScene("test", testDoc())
	arg, _ := json.Marshal(frag)
	if _, err := o.Command("openShared", arg); err != nil {
		t.Fatal(err)
	}
	f, err := table.Load(data)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := NewDoc(f)
	if string(o.Doc().JSON()) != string(want.JSON()) || o.Doc().UndoLabel() != "import" {
		t.Errorf("openShared: not the shared table, or not undoable (%q)", o.Doc().UndoLabel())
	}
	rev := o.Doc().Rev()
	for _, bad := range []string{`"#t=***"`, `"#view=1"`} {
		if _, err := o.Command("openShared", json.RawMessage(bad)); err == nil || !strings.HasPrefix(err.Error(), "import refused, table unchanged: ") || o.Doc().Rev() != rev {
			t.Errorf("openShared %s: %v (rev %d → %d)", bad, err, rev, o.Doc().Rev())
		}
	}

	// The command shares the document as saved.
	s := NewTableScene("test", testDoc())
	out, err := s.Command("shareLink", nil)
	if err != nil {
		t.Fatal(err)
	}
	got, ok, err := SharedTable(out.(string))
	if !ok || err != nil || string(got) != string(s.Doc().JSON()) {
		t.Errorf("shareLink does not carry the document: ok %v err %v", ok, err)
	}
}

// TestLanguageSwitch: the language command returns the strings in the new language; settings
// reports it.
func TestLanguageSwitch(t *testing.T) {
	defer SetLanguage("en")
	defer SetDisplayUnit("in")
	s := NewTableScene("test", testDoc())
	out, err := s.Command("language", json.RawMessage(`"de"`))
	if err != nil {
		t.Fatal(err)
	}
	if got := out.(map[string]string)["ui.undo"]; got != "Rückgängig" {
		t.Errorf("German ui.undo %q", got)
	}
	if _, err := s.Command("lengthUnit", json.RawMessage(`"cm"`)); err != nil {
		t.Fatal(err)
	}
	set, _ := s.Command("settings", nil)
	b, _ := json.Marshal(set)
	if !strings.HasPrefix(string(b), `{"language":"de","lengthUnit":"cm","overlays":{"grid":false,"rangeGrid":true,"labels":true},"tools":[`) {
		t.Errorf("settings %s", b)
	}
	if _, err := s.Command("language", json.RawMessage(`"fr"`)); err == nil || Language() != "de" {
		t.Errorf("language fr: err %v, language now %s", err, Language())
	}
	out, _ = s.Command("language", json.RawMessage(`"en"`))
	if got := out.(map[string]string)["ui.undo"]; got != "Undo" {
		t.Errorf("English ui.undo %q", got)
	}
}

// TestStringsBilingual: every registered UI string has an English and a German text, and every
// key the page (web/ui.js) asks for is registered.
func TestStringsBilingual(t *testing.T) {
	i18nMu.RLock()
	for k, v := range strings_ {
		if strings.TrimSpace(v[0]) == "" || strings.TrimSpace(v[1]) == "" {
			t.Errorf("string %q: English %q, German %q", k, v[0], v[1])
		}
		if strings.Count(v[0], "%") != strings.Count(v[1], "%") {
			t.Errorf("string %q: English and German have different placeholders: %q, %q", k, v[0], v[1])
		}
	}
	i18nMu.RUnlock()

	src, err := os.ReadFile("../web/ui.js")
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]bool{}
	for _, m := range regexp.MustCompile(`"(ui\.[a-zA-Z0-9_.]*[a-zA-Z0-9_])"`).FindAllStringSubmatch(string(src), -1) {
		keys[m[1]] = true
	}
	if len(keys) < 20 {
		t.Fatalf("found only %d \"ui.…\" keys in web/ui.js", len(keys))
	}
	// Keys the page puts together: "ui.tool." + name (+ ".tip"), "ui." + overlay (+ ".tip"), "ui.class." + class.
	for _, n := range []string{"tool.measure", "tool.move", "tool.terrain", "tool.units", "grid", "rangeGrid", "labels"} {
		keys["ui."+n], keys["ui."+n+".tip"] = true, true
	}
	for _, c := range []string{"trooper", "ground", "repulsor"} {
		keys["ui.class."+c] = true
	}
	all := Strings()
	var missing []string
	for k := range keys {
		if _, ok := all[k]; !ok {
			missing = append(missing, k)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("web/ui.js uses unregistered strings: %v", missing)
	}
}

// TestReserveAndMessage: a reserved top keeps a fitted table below the page's toolbar; the
// message command sets and dismisses the scene's message.
func TestReserveAndMessage(t *testing.T) {
	s := NewTableScene("test", testDoc())
	// 1024×500: the 72×36 table is height-bound, its top edge at the top of the fit view,
	// 16 + 13·(1.35·2 + 1) = 64.1 px.
	short := Screen{W: 1024, H: 500, Scale: 1}
	tick(s, Input{Screen: short, ScreenChanged: true})
	if _, y := s.Camera().WorldToScreen(0, 36); !near(y, 64.1) {
		t.Fatalf("table top at %v before reserving, want 64.1", y)
	}
	if _, err := s.Command("reserve", json.RawMessage(`{"top": 100}`)); err != nil {
		t.Fatal(err)
	}
	// Below 100 + 8 px now, and 500 − 108 − 16 = 376 px tall: zoom 376/36.
	if _, y := s.Camera().WorldToScreen(0, 36); !near(y, 108) || !near(s.Camera().Zoom, 376.0/36) {
		t.Errorf("after reserving 100 px: table top at %v, zoom %v; want 108, %v", y, s.Camera().Zoom, 376.0/36)
	}
	// At device scale 2 the reserve is in CSS px: 216 device px.
	tick(s, Input{Screen: Screen{W: 2048, H: 1000, Scale: 2}, ScreenChanged: true})
	if _, y := s.Camera().WorldToScreen(0, 36); !near(y, 216) {
		t.Errorf("at scale 2: table top at %v, want 216", y)
	}
	// A bottom reserve of 40 px (more than the 16 px margin) at scale 1 on 1024×500: the view is
	// 500 − 108 − 48 = 344 px tall, the table's bottom edge at 108 + 344 = 452.
	tick(s, Input{Screen: short, ScreenChanged: true})
	if _, err := s.Command("reserve", json.RawMessage(`{"top": 100, "bottom": 40}`)); err != nil {
		t.Fatal(err)
	}
	if _, y := s.Camera().WorldToScreen(0, 0); !near(y, 452) || !near(s.Camera().Zoom, 344.0/36) {
		t.Errorf("with a bottom reserve: table bottom at %v, zoom %v; want 452, %v", y, s.Camera().Zoom, 344.0/36)
	}
	// A dock of 120 px (the page's panel and messages below the table): 500 − 108 − 128 = 264
	// px tall, the bottom edge at 372.
	if _, err := s.Command("reserve", json.RawMessage(`{"top": 100, "bottom": 40, "dock": 120}`)); err != nil {
		t.Fatal(err)
	}
	if _, y := s.Camera().WorldToScreen(0, 0); !near(y, 372) || !near(s.Camera().Zoom, 264.0/36) {
		t.Errorf("with a dock: table bottom at %v, zoom %v; want 372, %v", y, s.Camera().Zoom, 264.0/36)
	}
	for _, bad := range []string{`{"dock": 401}`, `{"top": -1}`, `{"top": 1000}`, `{"bottom": -5}`, `"x"`} {
		if _, err := s.Command("reserve", json.RawMessage(bad)); err == nil {
			t.Errorf("reserve %s accepted", bad)
		}
	}

	s.Command("message", json.RawMessage(`"hello"`))
	if s.Snapshot().Message != "hello" {
		t.Errorf("message %q", s.Snapshot().Message)
	}
	s.Command("message", nil)
	if s.Snapshot().Message != "" {
		t.Errorf("message not dismissed: %q", s.Snapshot().Message)
	}
}
