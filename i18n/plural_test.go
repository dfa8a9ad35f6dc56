package i18n

import (
	"encoding/json"
	"testing"
)

func init() {
	Register(FR, map[string]string{
		"test.cards":    "%v a %v {carte|cartes} en main",
		"test.named":    "{2:Reste|Restent} %[2]v {pion|pions} à %[1]v",
		"test.agreeing": "%v {nom absent|noms absents} (100 %%)",
		"test.percent":  "%d%% {point|points}",
		"test.twice":    "%v {voix|voix} pour, %v {voix|voix} contre",
	})
	Register(EN, map[string]string{
		"test.cards":    "%v has %v {card|cards} in hand",
		"test.named":    "{2:There is|There are} %[2]v {pion|pions} left for %[1]v",
		"test.agreeing": "%v missing {name|names} (100 %%)",
		"test.percent":  "%d%% {point|points}",
		"test.twice":    "%v {vote|votes} for, %v {vote|votes} against",
	})
}

// Plural forms follow each language's rule: French puts 0 and 1 in the
// singular, English only 1.
func TestPlural_FormsFollowTheCount(t *testing.T) {
	names := func(int) string { return "Alice" }
	fr, en := Renderer{Lang: FR, Name: names}, Renderer{Lang: EN, Name: names}
	for _, c := range []struct {
		r    Renderer
		m    Msg
		want string
	}{
		{fr, T("test.cards", Seat(0), 0), "Alice a 0 carte en main"},
		{fr, T("test.cards", Seat(0), 1), "Alice a 1 carte en main"},
		{fr, T("test.cards", Seat(0), 2), "Alice a 2 cartes en main"},
		{en, T("test.cards", Seat(0), 0), "Alice has 0 cards in hand"},
		{en, T("test.cards", Seat(0), 1), "Alice has 1 card in hand"},
		{en, T("test.cards", Seat(0), 12), "Alice has 12 cards in hand"},
		{fr, T("test.named", Seat(0), 1), "Reste 1 pion à Alice"},
		{fr, T("test.named", Seat(0), 3), "Restent 3 pions à Alice"},
		{en, T("test.named", Seat(0), 1), "There is 1 pion left for Alice"},
		{fr, T("test.agreeing", 2), "2 noms absents (100 %)"},
		{fr, T("test.agreeing", -1), "-1 nom absent (100 %)"},
		{en, T("test.agreeing", "1"), "1 missing name (100 %)"},
		{en, T("test.percent", 1), "1% point"},
		{en, T("test.twice", 1, 2), "1 vote for, 2 votes against"},
		{en, T("test.twice", 2, 1), "2 votes for, 1 vote against"},
		// A count that is no number takes the plural, and says so.
		{en, T("test.cards", Seat(0), "many"), "Alice has many cards in hand"},
	} {
		if got := c.r.Text(c.m); got != c.want {
			t.Errorf("%s %v: %q, want %q", c.r.Lang, c.m.Args, got, c.want)
		}
	}
}

// A count saved in a game state comes back as an int and still chooses.
func TestPlural_AfterJSON(t *testing.T) {
	data, err := json.Marshal(T("test.cards", Seat(0), 1))
	if err != nil {
		t.Fatal(err)
	}
	var m Msg
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	if got := (Renderer{Lang: EN}).Text(m); got != "#1 has 1 card in hand" {
		t.Fatalf("%q", got)
	}
}

// Text without a plural form is left as it is, braces and all.
func TestPlural_OtherBracesUntouched(t *testing.T) {
	for _, s := range []string{"{a}", "{a|b|c}", "x {%v|y}", "no braces"} {
		if got := choosePlurals(FR, s, []any{1}); got != s {
			t.Errorf("%q became %q", s, got)
		}
	}
}
