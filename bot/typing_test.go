package bot

import (
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	_ "github.com/tablee/tablee/games/all"
	"github.com/tablee/tablee/i18n"
)

// Accents and case never matter in a command's name: "/réponse" is the
// Coquillaude's verb "reponse" as "/règles" is "/regles".
func TestParseTextFoldsCommandNames(t *testing.T) {
	for _, c := range []struct{ text, name string }{
		{"/réponse pirates", "reponse"},
		{"/Réponse pirates", "reponse"},
		{"/RÈGLES crackword", "regles"},
		{"/réglages turn=1h", "reglages"},
		{"/Démarrer@TableeBot", "demarrer"},
		{"/défi niche", "defi"},
	} {
		name, _, ok := ParseText(c.text)
		if !ok || name != c.name {
			t.Errorf("ParseText(%q) = %q, %v; want %q", c.text, name, ok, c.name)
		}
	}
	for _, n := range []string{"réponse", "Règles", "RÉGLAGES", "démarrer"} {
		if !IsCommand(n) {
			t.Errorf("IsCommand(%q) is false", n)
		}
	}
}

// A game's verb typed with its accents reaches the game, as the bot's
// rules write it: "/réponse pirates" is a Coquillaude answer, not an
// unknown command.
func TestAccentedGameVerbReachesTheGame(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/jouer coquillaude bots=1"))
	mustOK(t, h.do("alice", "/commencer"))
	unknown := i18n.Renderer{Lang: i18n.EN}.Text(i18n.T("bot.unknown_command", "réponse"))
	for _, text := range []string{"/réponse pirates", "/Réponse pirates", "/défi pirates"} {
		for _, o := range h.do("alice", text) {
			if o.Refusal && strings.HasPrefix(o.Text, strings.SplitN(unknown, ":", 2)[0]) {
				t.Errorf("%s: %s", text, o.Text)
			}
		}
	}
}

// A game is found by the name players see, in words, with or without its
// article and accents: "/jouer mots de tête", "/jouer le grand escogriffe".
func TestPlayFindsGameNamesOfSeveralWords(t *testing.T) {
	for _, c := range []struct{ text, game string }{
		{"/jouer mots de tête", "motsdetete"},
		{"/jouer mots de tete", "motsdetete"},
		{"/jouer Mots de Tête solo", "motsdetete"},
		{"/jouer motsdetete", "motsdetete"},
		{"/jouer le grand escogriffe", "escogriffe"},
		{"/jouer grand escogriffe", "escogriffe"},
		{"/jouer Le Grand Escogriffe bots=1", "escogriffe"},
		{"/jouer crack word", "crackword"},
		{"/jouer Crack Word expert", "crackword"},
		{"/jouer la coquillaude", "coquillaude"},
		{"/jouer coquillaude", "coquillaude"},
		{"/play words out", "wordsout"},
	} {
		h := newHarness(t)
		mustOK(t, h.do("alice", c.text))
		tb := h.core.tableFor(Command{Chat: "local:main"})
		if tb == nil || tb.Game != c.game {
			t.Errorf("%s: table %+v, want %s", c.text, tb, c.game)
		}
		h.close()
	}
}

// The options after a name of several words are the table's options.
func TestPlayOptionsAfterGameNameOfSeveralWords(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/jouer mots de tête Marathon"))
	if tb := h.core.tableFor(Command{Chat: "local:main"}); tb.Options["variant"] != "marathon" {
		t.Fatalf("options %v", tb.Options)
	}
	h2 := newHarness(t)
	mustRefuse(t, h2.do("alice", "/jouer mots de tête bizarre"), "bizarre")
}

func TestRulesAndLeaderboardFindGameNamesOfSeveralWords(t *testing.T) {
	h := newHarness(t)
	for _, text := range []string{"/règles mots de tête", "/regles le grand escogriffe", "/rules crack word"} {
		outs := h.do("alice", text)
		mustOK(t, outs)
		if len(outs) == 0 || outs[0].Title == "" {
			t.Errorf("%s: %+v", text, outs)
		}
	}
	mustOK(t, h.do("alice", "/classement mots de tête"))
}

// optionEngine is an engine whose option and value carry accents, as the
// French names of options do.
type optionEngine struct{ games.Engine }

func (optionEngine) Options() []games.Option {
	return []games.Option{{Name: "difficulté", Values: []string{"élevée", "basse"}}, {Name: "indulgent", Values: []string{"off", "on"}}}
}

func TestMatchOptionIgnoresAccentsAndCase(t *testing.T) {
	e := optionEngine{}
	for _, c := range []struct {
		key, val    string
		name, value string
	}{
		{"difficulte", "elevee", "difficulté", "élevée"},
		{"DIFFICULTÉ", "Élevée", "difficulté", "élevée"},
		{"elevee", "", "difficulté", "élevée"},
		{"Indulgent", "", "indulgent", "on"},
		{"indulgent", "Off", "indulgent", "off"},
	} {
		name, value, ok := matchOption(e, c.key, c.val, c.val != "")
		if !ok || name != c.name || value != c.value {
			t.Errorf("matchOption(%q, %q) = %q, %q, %v; want %q, %q", c.key, c.val, name, value, ok, c.name, c.value)
		}
	}
	if _, _, ok := matchOption(e, "difficulte", "moyenne", true); ok {
		t.Error("an unknown value was taken")
	}
}

// A line typed in the chat is the move the table receives: a /coup's
// words, a /passe, a game's own verb; a line that is no command, or a
// command that is no move at this table, is none.
func TestTypedMove(t *testing.T) {
	coq, ok := games.Lookup("coquillaude")
	if !ok {
		t.Fatal("no coquillaude")
	}
	for _, c := range []struct {
		e          games.Engine
		text, move string
		ok         bool
	}{
		{nil, "/coup E droite 2", "E droite 2", true},
		{nil, "/passe", "pass", true},
		{coq, "/Réponse pirates", "reponse pirates", true},
		{nil, "/réponse pirates", "", false},
		{coq, "/classement", "", false},
		{coq, "coup E droite 2", "", false},
	} {
		if mv, ok := TypedMove(c.e, c.text); mv != c.move || ok != c.ok {
			t.Errorf("TypedMove(%q) = %q, %v; want %q, %v", c.text, mv, ok, c.move, c.ok)
		}
	}
}
