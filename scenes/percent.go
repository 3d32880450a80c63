package scenes

import (
	"math/big"
	"strconv"
)

// percentText is an exact chance as a player reads it, to a tenth of a percent — but a chance
// below 1 never reads 100.0% and one above 0 never 0.0% (issue 17, item 13): 32759/32768 is
// ">99.9%", 1/32768 "<0.1%"; 1 is "100%" and 0 "0%".
func percentText(p *big.Rat) string {
	switch {
	case p.Sign() <= 0:
		return "0%"
	case p.Cmp(big.NewRat(1, 1)) >= 0:
		return "100%"
	}
	f, _ := p.Float64()
	s := strconv.FormatFloat(f*100, 'f', 1, 64)
	switch s {
	case "100.0":
		return ">99.9%"
	case "0.0":
		return "<0.1%"
	}
	return s + "%"
}
