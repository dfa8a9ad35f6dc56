package duplicate

import (
	"strconv"
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// seatName is what a test's renderer calls the deal's one seat: a view of
// a challenge must never name it.
const seatName = "SEATNAME"

// viewTexts renders everything a player is shown of a turn's position, in
// both languages: the board, the public and private lines and recap, and
// the picture's labels and notes.
func viewTexts(t *testing.T, g games.Game) (texts []string, scene games.Scene) {
	t.Helper()
	p, ok := g.(games.Pictured)
	if !ok {
		t.Fatalf("%T draws no picture", g)
	}
	scene = p.Scene()
	for _, lang := range []i18n.Lang{i18n.FR, i18n.EN} {
		r := i18n.Renderer{Lang: lang, Name: func(int) string { return seatName }}
		for _, v := range []games.View{g.Public(), g.Private(0)} {
			texts = append(texts, v.Board...)
			texts = append(texts, r.Texts(v.Lines)...)
			for _, rc := range v.Recap {
				texts = append(texts, r.Text(rc.Msg))
			}
		}
		for _, b := range scene.Blocks {
			texts = append(texts, r.Text(b.Label), r.Text(b.Note))
		}
	}
	return texts, scene
}

// noTable fails where a text of a challenge's position holds what only a
// table has: a seat's name, its score, a target, the bag or the turn's
// number (the challenge tells its own).
func noTable(t *testing.T, what string, texts []string, score int) {
	t.Helper()
	all := strings.Join(texts, "\n")
	for _, bad := range []string{seatName, "1000000", "1 000 000", "1,000,000", strconv.Itoa(score) + " point",
		"Quarté", "Sac", "Bag", "premier", "First to", "Top", "🎲"} {
		if strings.Contains(all, bad) {
			t.Errorf("%s: the views hold %q:\n%s", what, bad, all)
		}
	}
}

// TestViewsOfAChallengeHoldNoTable: every turn of a Mots de Tête deal is
// shown without the one seat the deal plays, its score (the opening's words
// and the tops), the target nor the opening's recap; the letters count
// everyone writes is in the text and the picture.
func TestViewsOfAChallengeHoldNoTable(t *testing.T) {
	d := mustDeal(t, realEngine(), 20261127)
	for i := range d.Turns {
		g, err := d.Position(i)
		if err != nil {
			t.Fatal(err)
		}
		texts, scene := viewTexts(t, g)
		noTable(t, "Mots de Tête, turn "+strconv.Itoa(i+1), texts, g.Result().Scores[0])
		fr := i18n.Renderer{Lang: i18n.FR}
		note := fr.Text(scene.Blocks[len(scene.Blocks)-1].Note)
		if !strings.Contains(note, "4 nouvelles lettres") {
			t.Errorf("turn %d: the picture does not tell the 4 letters: %q", i+1, note)
		}
		if !strings.Contains(strings.Join(texts, "\n"), "Écris exactement 4 nouvelles lettres") {
			t.Errorf("turn %d: the text does not tell the 4 letters", i+1)
		}
	}
}

// TestCQ_ViewsOfAChallengeHoldNoTableAndShowThePions: every round of a La
// Coquillaude deal is shown without the seat, its score, the bag or whom
// the table waits for, and the picture shows the round's pions everyone
// gets, as the text does.
func TestCQ_ViewsOfAChallengeHoldNoTableAndShowThePions(t *testing.T) {
	d := mustCoquillaude(t, realCoquillaude(), 20261127)
	for i, turn := range d.Turns {
		g, err := d.Position(i)
		if err != nil {
			t.Fatal(err)
		}
		texts, scene := viewTexts(t, g)
		noTable(t, "La Coquillaude, round "+strconv.Itoa(i+1), texts, g.Result().Scores[0])
		var pictured []string
		for _, b := range scene.Blocks {
			if b.Grid {
				continue
			}
			for _, row := range b.Rows {
				for _, tile := range row {
					pictured = append(pictured, tile.Text)
				}
			}
		}
		want := strings.Split(sortedLetters(turn.Letters), "")
		if strings.Join(pictured, "") != strings.Join(want, "") {
			t.Errorf("round %d: the picture shows the pions %q, want %q", i+1, pictured, want)
		}
	}
}

// sortedLetters is a hand in alphabetical order, as the views show it.
func sortedLetters(s string) string {
	b := []byte(s)
	for i := range b {
		for j := i + 1; j < len(b); j++ {
			if b[j] < b[i] {
				b[i], b[j] = b[j], b[i]
			}
		}
	}
	return string(b)
}
