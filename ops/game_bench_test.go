package ops

import (
	"os"
	"testing"

	"holotable/table"
)

// BenchmarkGameOps: planning and applying a game op on the whole game's final table (19 units,
// round 3's command phase): a token given (the rules' step copies the file through Save and Load
// twice) and a command card played. Figures in docs/performance.md.
func BenchmarkGameOps(b *testing.B) {
	_, l := wholeGameRecord(b)
	s := l.State()
	for _, c := range []struct {
		name string
		op   Op
	}{
		{"tokens", &GameTokens{Unit: "rebel-troopers-2", Token: "aim", Delta: 1}},
		{"card", &GameCard{Colour: table.Blue, Name: "Push", Pips: 2, Orders: 2}},
	} {
		b.Run(c.name, func(b *testing.B) {
			if _, _, err := Apply(c.op, s); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, _, err := Apply(c.op, s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkReplayWholeGame replays issue 15's short game (testdata/game-whole.json: ReadRecord,
// every op decoded, planned and applied), reporting the time per op. Figures and the profile in
// docs/performance.md ("Game ops").
func BenchmarkReplayWholeGame(b *testing.B) {
	data, l := wholeGameRecord(b)
	n := l.Len()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ReadRecord(data); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/op-replayed")
}

// wholeGameRecord is testdata/game-whole.json and its log replayed.
func wholeGameRecord(b testing.TB) ([]byte, *Log) {
	data, err := os.ReadFile("testdata/game-whole.json")
	if err != nil {
		b.Fatal(err)
	}
	l, err := ReadRecord(data)
	if err != nil {
		b.Fatal(err)
	}
	return data, l
}
