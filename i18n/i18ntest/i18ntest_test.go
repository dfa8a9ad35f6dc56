package i18ntest

import (
	"strings"
	"testing"

	"github.com/tablee/tablee/i18n"
)

func init() {
	i18n.Register(i18n.FR, map[string]string{
		"i18ntest.good":   "%v a %v {carte|cartes} · %[2]v {2:pion|pions}",
		"i18ntest.broken": "%v a %d {carte|cartes} à 100 %",
	})
	i18n.Register(i18n.EN, map[string]string{
		"i18ntest.good":   "%v has %v {card|cards} · %[2]v {2:pion|pions}",
		"i18ntest.broken": "%v has %d {card|cards} at 100 %",
	})
}

// Each fault the catalogues must not have is found, and good texts pass.
func TestFaults_FindWhatPlayersWouldNotWrite(t *testing.T) {
	for _, c := range []struct {
		lang i18n.Lang
		text string
		want string // a word of the fault; "" for none
	}{
		{i18n.FR, "Tu es assis·e à la table de %v.", ""},
		{i18n.FR, "Votre table est ouverte.", `"vous" form`},
		{i18n.FR, "Répondez à ce message.", "imperative"},
		{i18n.FR, "Si vous voulez jouer", `"vous" form`},
		{i18n.FR, "Exemples : RUE 3, ABOYEZ 32.", ""},
		{i18n.FR, "%v perd %v point(s).", `"(s)"`},
		{i18n.EN, "%v bot(s) added.", `"(s)"`},
		{i18n.FR, "il te reste 0s", "Go duration"},
		{i18n.EN, "2h0m0s left", "Go duration"},
		{i18n.FR, "tour=12h rappel=1h", ""},
		{i18n.FR, "La carte revient dans sa main, il pioche.", `"il"`},
		{i18n.FR, "Il faut au moins %v {joueur|joueurs}.", ""},
		{i18n.FR, "chaque joueur lui donne un pion", `"lui"`},
		{i18n.EN, "the first to lay his last card", `"he"`},
		{i18n.EN, "There is one card", ""},
		{i18n.FR, "%v : %v points", "plural form"},
		{i18n.FR, "%v : %v {point|points}", ""},
		{i18n.FR, "De %v à %v joueurs", ""},
		{i18n.EN, "%v to %v players", ""},
		{i18n.FR, "fermerait ta figure à %d cartes", "plural form"},
		{i18n.FR, "{carte|cartes} : %v", "follows no count"},
		{i18n.FR, "%v {cartes|carte}", "singular comes first"},
		{i18n.EN, "%v {new cards|new card}", "singular comes first"},
		{i18n.EN, "%v placed {pion leaves|pions leave}", ""},
		{i18n.FR, "Temps pour voter sur un personnage célèbre (CQ-D5).", "decision code"},
		{i18n.EN, "The end (CW-D10).", "decision code"},
		{i18n.FR, "Un CD-Rom, 2 AB-DC", ""},
	} {
		faults := Faults(c.lang, c.text)
		switch {
		case c.want == "" && len(faults) > 0:
			t.Errorf("%q: %v", c.text, faults)
		case c.want != "" && !strings.Contains(strings.Join(faults, "\n"), c.want):
			t.Errorf("%q: %v, want a fault about %s", c.text, faults, c.want)
		}
	}
}

func TestCountFaults_RenderedForZeroOneTwo(t *testing.T) {
	for _, lang := range i18n.Langs {
		if f := CountFaults(lang, "i18ntest.good"); len(f) > 0 {
			t.Errorf("good text (%s): %v", lang, f)
		}
		if f := CountFaults(lang, "i18ntest.broken"); len(f) == 0 {
			t.Errorf("a lone %% passes (%s)", lang)
		}
	}
}
