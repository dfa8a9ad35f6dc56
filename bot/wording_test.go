package bot

import (
	"strings"
	"testing"

	_ "github.com/tablee/tablee/games/all"
)

// Every rule option has a French name: a French table shows it, with its
// values in French, and accepts it typed, as it accepts the English one.
func TestWording_OptionsHaveFrenchNames(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/langue fr"))
	mustOK(t, h.do("alice", "/jouer crackword langue=fr"))
	got := textsOf(h.do("alice", "/reglages assisté=oui"))
	if !strings.Contains(got, "Règles : expert=non, assisté=oui") {
		t.Errorf("assisté=oui not shown in French:\n%s", got)
	}
	got = textsOf(h.do("alice", "/reglages assisted=off expert=on"))
	if !strings.Contains(got, "Règles : expert=oui, assisté=non") {
		t.Errorf("the English names no longer work:\n%s", got)
	}
	for _, word := range []string{"assisted", "forgiving", "botlevel", "bot_success", "=off", "=on"} {
		if strings.Contains(got, word) {
			t.Errorf("French settings show %q:\n%s", word, got)
		}
	}

	mustOK(t, h.do("alice", "/quitter"))
	mustOK(t, h.do("alice", "/jouer motsdetete quarté robots_forts=bon suggestions langue=fr"))
	got = textsOf(h.do("alice", "/reglages"))
	if !strings.Contains(got, "Règles : variante=quarté, objectif=300, indulgent=non, suggestions=oui, robots_forts=bon") {
		t.Errorf("Mots de Tête's options in French:\n%s", got)
	}
	tb := h.core.tableFor(Command{Chat: "local:main"})
	if tb.Options["variant"] != "quarte" || tb.Options["botlevel"] != "good" || tb.Options["hints"] != "on" {
		t.Errorf("stored options %v: the engine's own names and values are kept", tb.Options)
	}
	mustOK(t, h.do("alice", "/quitter"))
	mustOK(t, h.do("alice", "/jouer coquillaude réussite_robots=90 défi=5m langue=fr"))
	got = textsOf(h.do("alice", "/reglages"))
	if !strings.Contains(got, "Règles : réponse=1m, composition=3m, dons=1m, vote=1m, défi=5m, réussite_robots=90") {
		t.Errorf("La Coquillaude's options in French:\n%s", got)
	}

	got = textsOf(h.do("alice", "/regles motsdetete"))
	for _, want := range []string{"• variante=standard|marathon|quarté|solo — ", "• indulgent=non|oui — ", "• robots_forts=meilleur|bon — Jeu des robots forts : meilleur"} {
		if !strings.Contains(got, want) {
			t.Errorf("/regles lacks %q:\n%s", want, got)
		}
	}
	got = textsOf(h.do("alice", "/jouer wordsout strict"))
	if !strings.Contains(got, "Options : robots=N, langue=fr|en, indulgent=non|oui.") {
		t.Errorf("unknown option in French: %s", got)
	}

	h = newHarness(t)
	mustOK(t, h.do("alice", "/play crackword assisted"))
	got = textsOf(h.do("alice", "/settings"))
	if !strings.Contains(got, "Rules: expert=off, assisted=on") {
		t.Errorf("English settings:\n%s", got)
	}
}

// /jeux says each game's number of players once: the line gives it, the
// summary under it does not say it again.
func TestWording_GamesSayPlayerCountsOnce(t *testing.T) {
	h := newHarness(t)
	for _, c := range []struct{ cmd, word string }{{"/jeux", "joueurs"}, {"/games", "players"}} {
		if c.cmd == "/jeux" {
			mustOK(t, h.do("alice", "/langue fr"))
		} else {
			mustOK(t, h.do("alice", "/lang en"))
		}
		got := textsOf(h.do("alice", c.cmd))
		for _, block := range strings.Split(got, "\n• ")[1:] {
			if n := strings.Count(block, " "+c.word); n != 1 {
				t.Errorf("%s: %d player counts in\n%s", c.cmd, n, block)
			}
		}
	}
}
