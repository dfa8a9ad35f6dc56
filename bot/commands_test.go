package bot

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// Command names must suit both platforms' menus: Telegram takes 1-32
// characters of a-z, 0-9 and _, and Discord lowercase names too.
var menuName = regexp.MustCompile(`^[a-z0-9_]{1,32}$`)

func TestCommands_MenusInBothLanguages(t *testing.T) {
	cmds := Commands()
	if len(cmds) < len(menuRows()) {
		t.Fatalf("%d commands", len(cmds))
	}
	for _, c := range cmds {
		for _, l := range i18n.Langs {
			if !menuName.MatchString(c.Names[l]) {
				t.Errorf("%s: %s name %q unusable in menus", c.Name, l, c.Names[l])
			}
			if d := c.Descriptions[l]; d == "" || len(d) > 100 || d == "cmd."+c.Name {
				t.Errorf("%s: %s description %q", c.Name, l, d)
			}
		}
		// The French name is an alias the bot understands.
		if canonical(c.Names[i18n.FR]) != c.Name {
			t.Errorf("/%s is not understood as /%s", c.Names[i18n.FR], c.Name)
		}
	}
}

// A verb two games share is one command that names both, in both
// languages ("/pioche": Words Out and Le Grand Escogriffe).
func TestSharedVerbDescribesEveryGame(t *testing.T) {
	gamesOf := map[string][]string{}
	for _, e := range games.All() {
		for _, v := range e.Verbs() {
			gamesOf[v] = append(gamesOf[v], e.Name())
		}
	}
	shared := 0
	for _, c := range Commands() {
		gs := gamesOf[c.Name]
		if c.Game == "" || len(gs) < 2 {
			continue
		}
		shared++
		for _, l := range i18n.Langs {
			for _, g := range gs {
				title := i18n.Renderer{Lang: l}.Text(games.TitleOf(g))
				if !strings.Contains(c.Descriptions[l], title) {
					t.Errorf("/%s (%s): %q does not name %s", c.Name, l, c.Descriptions[l], title)
				}
			}
		}
	}
	if shared == 0 {
		t.Fatal("no verb shared by two games: the test checks nothing")
	}
}

// menuRows are the rows of the table that menus offer.
func menuRows() []*command {
	var rows []*command
	for _, r := range commands.rows {
		if !r.Hidden {
			rows = append(rows, r)
		}
	}
	return rows
}

// Every row has its texts in both catalogues: its description, its line
// in /help, its refusal where it may not be used. A missing one would show
// its key to players.
func TestCommandTable_EveryRowHasItsTexts(t *testing.T) {
	if len(menuRows()) < 26 {
		t.Fatalf("only %d commands in the table: a file's rows are missing", len(menuRows()))
	}
	for _, row := range commands.rows {
		var keys []string
		if !row.Hidden {
			keys = append(keys, "cmd."+row.Name)
		}
		if row.Help != "" {
			keys = append(keys, row.Help)
		}
		if row.Where != anywhere {
			keys = append(keys, row.Elsewhere)
		}
		for _, k := range keys {
			for _, l := range i18n.Langs {
				if !i18n.Has(l, k) {
					t.Errorf("/%s: no %s text %q", row.Name, l, k)
				}
			}
		}
		// An argument hint in one language is one in the other.
		if i18n.Has(i18n.FR, "cmd."+row.Name+".args") != i18n.Has(i18n.EN, "cmd."+row.Name+".args") {
			t.Errorf("/%s: its argument hint is in one catalogue only", row.Name)
		}
	}
}

// No name, French name or alias answers two commands, and every one is
// written as typed once folded: add refuses the table otherwise, and the
// table as registered holds none.
func TestCommandTable_NoNameTakenTwice(t *testing.T) {
	owner := map[string]string{}
	for _, row := range commands.rows {
		for _, n := range row.names() {
			if other, ok := owner[n]; ok {
				t.Errorf("/%s is a name of /%s and of /%s", n, other, row.Name)
			}
			owner[n] = row.Name
			if commands.lookup(n) != row {
				t.Errorf("/%s does not find /%s", n, row.Name)
			}
		}
	}
	for _, bad := range []struct {
		why  string
		rows []command
	}{
		{"a name twice", []command{{Name: "play", French: "jouer"}, {Name: "open", French: "jouer"}}},
		{"an alias of another", []command{{Name: "play", French: "jouer", Aliases: []string{"new"}}, {Name: "new", French: "nouveau"}}},
		{"an accent", []command{{Name: "rules", French: "règles"}}},
		{"a capital", []command{{Name: "Play", French: "jouer"}}},
		{"a refusal missing", []command{{Name: "rematch", French: "revanche", Where: inChat}}},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: added", bad.why)
				}
			}()
			var table commandTable
			table.add(bad.rows...)
		}()
	}
}

// Every row's handler is reached by its name, its French name and each
// alias, typed with capitals and accents or not, through Core.Handle.
func TestCommandTable_EveryNameReachesItsHandler(t *testing.T) {
	h := newHarness(t)
	saved := commands
	t.Cleanup(func() { commands = saved })
	// The same rows, each answering with its own name.
	commands = commandTable{}
	for _, r := range saved.rows {
		row := *r
		if row.Run != nil {
			name := row.Name
			row.Run = func(_ *Core, _ context.Context, _ Command, _ replier) []Out {
				return []Out{{Dest: ToReply, Text: "ran " + name}}
			}
		}
		commands.add(row)
	}
	reached := 0
	for _, row := range commands.rows {
		if row.Run == nil {
			continue
		}
		for _, n := range append(row.names(), strings.ToUpper(row.French)) {
			cmd := Command{Chat: "local:main", User: User{ID: "local:alice", Name: "alice"}, Name: n}
			if row.Where == inPrivate {
				cmd.Chat, cmd.Private = "local:dm:alice", true
			}
			outs := h.core.Handle(ctxBG(), cmd)
			if len(outs) != 1 || outs[0].Text != "ran "+row.Name {
				t.Errorf("/%s: want /%s's handler, got %+v", n, row.Name, outs)
			}
			reached++
		}
	}
	if reached < 60 {
		t.Fatalf("only %d names tried", reached)
	}
}

// A command kept to chats (or to the private chat) is refused elsewhere,
// with its own refusal, before its handler runs.
func TestCommandTable_RefusedWhereNotAllowed(t *testing.T) {
	h := newHarness(t)
	kept := 0
	for _, row := range commands.rows {
		if row.Where == anywhere {
			continue
		}
		kept++
		cmd := Command{Chat: "local:dm:alice", Private: true, User: User{ID: "local:alice", Name: "alice"}, Name: row.French}
		if row.Where == inPrivate {
			cmd.Chat, cmd.Private = "local:main", false
		}
		want := i18n.Renderer{Lang: i18n.EN}.Text(i18n.T(row.Elsewhere))
		mustRefuse(t, h.core.Handle(ctxBG(), cmd), want)
	}
	if kept == 0 {
		t.Fatal("no command kept to chats or to private: the test checks nothing")
	}
	// The rematch, as players met it before the table of commands.
	dm := Command{Chat: "local:dm:alice", Private: true, User: User{ID: "local:alice", Name: "alice"}, Name: "revanche"}
	mustRefuse(t, h.core.Handle(ctxBG(), dm), "A rematch is asked for in the chat of the game: /rematch there.")
}

// /help is made of the rows' lines, in the table's order, each once.
func TestHelp_GeneratedFromTheTable(t *testing.T) {
	h := newHarness(t)
	got := textsOf(h.do("alice", "/help"))
	want := "Commands:\n" +
		"/play <game> [options] — open a table (games: " + h.core.gameNames() + ")\n" +
		"/join, /leave — take or leave a seat\n" +
		"/addbot [n] [easy|normal|strong], /removebot — add or remove bot players\n" +
		"/start — deal (whoever opened the table)\n" +
		"/hand — your hand, in private · /board — the table\n" +
		"/move … — play · /pass — pass\n" +
		"/hint — the move the bot would play, in private (where the table allows it: /settings hints=on)\n" +
		"/quit — stop the game (or vote to stop it) · /kick @player — a moderator takes a seat away\n" +
		"/mygames — your tables in every chat: whose turn, the deadline, a link\n" +
		"/away 3d, /away off — time off · /quiet 23:00-08:00 — quiet hours (/settings tz=Europe/Paris)\n" +
		"/leaderboard [game] — the local leaderboard · /stats [@player] — ratings, games, wins, best moves\n" +
		"/challenge — the daily challenge, in private: the same deal for everyone, each turn against the top · /challenge leaderboard [month] · /challenge card\n" +
		"/rematch — the last game again, same players (/rematch no to decline)\n" +
		"/history — the games played here (in private: yours) · /replay <table> [move] — watch one again\n" +
		"/games · /rules <game> · /settings · /lang fr|en\n"
	if got != want {
		t.Fatalf("/help:\n%s\nwant:\n%s", got, want)
	}
	// Every row /help lists names itself in its line, in both languages.
	for _, row := range commands.rows {
		if row.Help == "" {
			continue
		}
		for _, l := range i18n.Langs {
			name := row.Name
			if l == i18n.FR {
				name = row.French
			}
			if line := (i18n.Renderer{Lang: l}).Text(i18n.T(row.Help)); !strings.Contains(line, "/"+name) {
				t.Errorf("/%s: its %s help line %q does not name it", row.Name, l, line)
			}
		}
	}
}

// The names players type keep reaching the commands they always reached:
// every French name and alias the bot understood before its commands were
// one table.
func TestCommandTable_NamesPlayersType(t *testing.T) {
	for typed, want := range map[string]string{
		"jouer": "play", "nouvelle": "play", "new": "play",
		"rejoindre": "join", "assoir": "join", "asseoir": "join",
		"partir": "leave", "quitter_place": "leave",
		"commencer": "start", "demarrer": "start", "go": "start",
		"main": "hand", "jeu": "hand",
		"plateau": "board", "table": "board",
		"coup": "move", "jouer_coup": "move", "m": "move",
		"passe": "pass", "passer": "pass",
		"quitter": "quit", "abandon": "quit", "abandonner": "quit", "stop": "quit",
		"exclure": "kick", "expulser": "kick",
		"jeux": "games", "list": "games",
		"classement": "leaderboard", "statistiques": "stats",
		"regles": "rules", "aide": "help", "start_private": "help",
		"reglages": "settings", "options": "settings",
		"langue": "lang", "language": "lang",
		"robot": "addbot", "bot": "addbot", "ajouter_robot": "addbot",
		"retirer_robot": "removebot", "bouton": "press",
		"indice": "hint", "aide_coup": "hint",
		"mesparties": "mygames", "mes_parties": "mygames", "my_games": "mygames",
		"absence": "away", "absent": "away",
		"calme": "quiet", "heures_calmes": "quiet",
		"revanche": "rematch", "rejouer": "rematch",
		"historique": "history", "revoir": "replay",
	} {
		if got := CommandName(typed); got != want {
			t.Errorf("/%s is /%s, want /%s", typed, got, want)
		}
	}
}
