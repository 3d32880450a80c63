package scenes

import "holotable/army"

// pointSizeText is the game size an army of points fits, as the panel shows it beside the side
// and after an import: "Escalation (up to 800)", or "above Grand Army (1600)" past the largest
// (army.PointSizes: Recon 600, Escalation 800, Standard 1000, Grand Army 1600).
func pointSizeText(points int) string {
	sz, ok := army.SizeOf(points)
	if !ok {
		return T("play.size.above", inLanguage(sz.Name), sz.Points)
	}
	return T("play.size", inLanguage(sz.Name), sz.Points)
}
