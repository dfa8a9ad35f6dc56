package bot

import (
	"strings"
	"testing"

	_ "github.com/tablee/tablee/games/all"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/rating"
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

// The leaderboard's legend says what the number is, truthfully: it starts
// at 0 and a first lost game takes it below 0 (the −2,8 a newcomer sees),
// as the model the bot rates with computes.
func TestWording_RatingLegendIsTruthful(t *testing.T) {
	m := ratingModel
	if m.New().Ordinal() != 0 {
		t.Fatalf("a new rating is %v", m.New().Ordinal())
	}
	after := m.Rate([][]rating.Rating{{m.New()}, {m.New()}}, rating.Ranks([]int{10, 5}))
	if lost := after[1][0].Ordinal(); lost >= 0 {
		t.Fatalf("a first lost game gives %v", lost)
	}
	fr := i18n.Renderer{Lang: i18n.FR}.Text(i18n.T("bot.leaderboard_legend"))
	en := i18n.Renderer{Lang: i18n.EN}.Text(i18n.T("bot.leaderboard_legend"))
	if strings.Contains(fr, "part de 0 et monte") || !strings.Contains(fr, "part de 0, peut passer sous 0") {
		t.Errorf("fr legend: %q", fr)
	}
	if strings.Contains(en, "starts at 0 and grows") || !strings.Contains(en, "starts at 0, may fall below 0") {
		t.Errorf("en legend: %q", en)
	}
}

// The leaderboard's title says which one it is in words: "Classement
// local", "Crack Word : classement général", never "Classement, ici".
func TestWording_LeaderboardTitles(t *testing.T) {
	fr := i18n.Renderer{Lang: i18n.FR}
	for key, want := range map[string]string{
		"bot.leaderboard_title_here":       "Classement local",
		"bot.leaderboard_title_everywhere": "Classement général",
	} {
		if got := fr.Text(i18n.T(key)); got != want {
			t.Errorf("%s: %q", key, got)
		}
	}
	if got := fr.Text(i18n.T("bot.leaderboard_game_everywhere", i18n.T("escogriffe.title"))); got != "Le Grand Escogriffe : classement général" {
		t.Errorf("game title: %q", got)
	}
}

// Texts a French editor corrected: the reader may be a woman
// ("mentionné·e", as "assis·e"), a rank says which leaderboard it is on,
// and a turn time to set to nothing is typed in French.
func TestWording_FrenchEditorsCorrections(t *testing.T) {
	fr := i18n.Renderer{Lang: i18n.FR}
	for _, c := range []struct {
		msg  i18n.Msg
		want string
	}{
		{i18n.T("bot.set_hand_button"), "tu es mentionné·e dans le salon"},
		{i18n.T("bot.stats_rating", "Crack Word", "4,3", 1, 3, "5,1"), "Crack Word : cote 4,3 au classement local (n°1 sur 3), 5,1 au classement général"},
		{i18n.T("bot.stats_rating_elsewhere", "Crack Word", "5,1"), "Crack Word : pas encore au classement local ; cote 5,1 au classement général"},
		{i18n.T("bot.turn_too_short", "30s"), "ou tour=non pour jouer en direct"},
	} {
		if got := fr.Text(c.msg); !strings.Contains(got, c.want) {
			t.Errorf("%s: %q lacks %q", c.msg.Key, got, c.want)
		}
	}
}

// A rematch nobody answered names who did not, with the verb in the
// number of its subject, and no "de" before a name.
func TestWording_RematchExpiredPlural(t *testing.T) {
	fr := i18n.Renderer{Lang: i18n.FR}
	if got := fr.Text(i18n.T("bot.rematch_expired", 4, "alice", 1)); !strings.Contains(got, ": alice n'a pas répondu à temps.") {
		t.Errorf("one: %q", got)
	}
	if got := fr.Text(i18n.T("bot.rematch_expired", 4, "alice, bob", 2)); !strings.Contains(got, ": alice, bob n'ont pas répondu à temps.") {
		t.Errorf("two: %q", got)
	}
}

// A game for one number of players says it once: "2 joueurs", not "2 à 2
// joueurs", in /jeux and in the lobby.
func TestWording_PlayersOfOneNumber(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/langue fr"))
	got := textsOf(h.do("alice", "/jeux"))
	if !strings.Contains(got, "Morpion (/jouer tictactoe) — 2 joueurs\n") || !strings.Contains(got, "Crack Word (/jouer crackword) — 2 à 4 joueurs\n") {
		t.Errorf("/jeux:\n%s", got)
	}
	mustOK(t, h.do("alice", "/jouer tictactoe langue=fr"))
	b, ok := lastBoard(append(h.do("alice", "/plateau"), h.rec.take()...))
	if !ok || !strings.Contains(b.Text, "Pour 2 joueurs. /rejoindre pour s'asseoir") {
		t.Errorf("lobby: %q", b.Text)
	}
}
