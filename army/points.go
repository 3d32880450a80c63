package army

// PointSize is a game size by army points, with its English and German name.
type PointSize struct {
	Name   [2]string // English, German
	Points int       // the most points an army of this size may have
	Cite   string
}

// The sizes Legion HQ builds for (shared/docs/online-notes.md); 800 points is the RRG 2.0
// standard game (L816, L9787–9789) and 1600 its optional epic army (L13310–13325).
const (
	citeModes = "shared/docs/online-notes.md (Legion HQ modes: Recon 600, Escalation 800, Standard 1000, Grand Army 1600)"
	citeEpic  = "RRG 2.0 Epische Armee L13310–13325 (up to 1600 points on a 4' × 6' battlefield)"
	cite800   = "RRG 2.0 Spielaufbau L814–820, Schlachtfeld L9787–9789 (800 points on 3' × 6')"
)

// PointSizes lists the game sizes, smallest first.
var PointSizes = []PointSize{
	{Name: [2]string{"Recon", "Aufklärung"}, Points: 600, Cite: citeModes},
	{Name: [2]string{"Escalation", "Eskalation"}, Points: 800, Cite: citeModes + "; " + cite800},
	{Name: [2]string{"Standard", "Standard"}, Points: 1000, Cite: citeModes},
	{Name: [2]string{"Grand Army", "Große Armee"}, Points: 1600, Cite: citeModes + "; " + citeEpic},
}

// SizeOf is the smallest game size whose limit holds points; ok is false above the largest.
func SizeOf(points int) (s PointSize, ok bool) {
	for _, s := range PointSizes {
		if points <= s.Points {
			return s, true
		}
	}
	return PointSizes[len(PointSizes)-1], false
}
