package scenes

import (
	"math/big"
	"testing"
)

func TestPercentText(t *testing.T) {
	for _, c := range []struct {
		a, b int64
		want string
	}{
		{0, 1, "0%"}, {1, 1, "100%"}, {32759, 32768, ">99.9%"}, {1, 32768, "<0.1%"},
		{1, 2, "50.0%"}, {2, 3, "66.7%"}, {999, 1000, "99.9%"}, {1, 1000, "0.1%"},
	} {
		if got := percentText(big.NewRat(c.a, c.b)); got != c.want {
			t.Errorf("%d/%d: %q, want %q", c.a, c.b, got, c.want)
		}
	}
}
