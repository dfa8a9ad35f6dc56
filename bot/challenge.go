package bot

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/tablee/tablee/archive"
	"github.com/tablee/tablee/bot/challenges"
	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/store"
)

// /defi (/challenge): the daily challenge, played alone and in private, one
// deal a day for the whole deployment, its records kept by
// Options.Challenges (bot/challenges). The core only decides what a
// player sees: the turn's shared position, then, once he played it and
// never before, the turn's top; his result, ranks and streak; the day's
// and the month's standings, which hold percentages only.
//
// Every answer is Private: the challenge is the same for everyone, and a
// group must never read someone's move, let alone a top.

// standingSize is how many players a standing shows.
const standingSize = 10

func init() {
	commands.add(command{Name: "challenge", French: "defi", Aliases: []string{"defidujour", "daily"}, Rank: 115, Help: "bot.help.challenge",
		Params: []Param{{Name: "args"}}, YieldsToVerbs: true, Run: plain((*Core).challenge)})
}

// The words of /defi's forms, folded, in both languages.
var (
	challengeStandingWords = []string{"classement", "leaderboard", "standing"}
	challengeCardWords     = []string{"carte", "card"}
	challengePassWords     = []string{"passe", "pass", "passer"}
	challengeMonthWords    = []string{"mois", "month"}
	challengeDayWords      = []string{"jour", "day", "today", "aujourdhui"}
)

func isWord(arg string, words []string) bool {
	f := games.FoldWord(arg)
	for _, w := range words {
		if f == w {
			return true
		}
	}
	return false
}

// challengeAsk is one /defi being answered: who asks, from where, when.
type challengeAsk struct {
	c      *Core
	svc    challenges.Records
	cmd    Command
	rep    replier
	now    time.Time
	server string // "" in a private chat: the global rank only
}

// asking is the /defi cmd asks, nil when the deployment offers none.
func (c *Core) asking(cmd Command, rep replier) *challengeAsk {
	svc := c.opts.Challenges
	if svc == nil || len(svc.Games()) == 0 {
		return nil
	}
	k := &challengeAsk{c: c, svc: svc, cmd: cmd, rep: rep, now: c.clock.Now()}
	if !cmd.Private {
		k.server = serverOf(cmd.Chat, cmd.Server)
	}
	return k
}

// challenge answers /defi in its forms: bare, a game, a move (of the one
// challenge under way, or of a game named first), the standing, the card.
func (c *Core) challenge(cmd Command, rep replier) []Out {
	k := c.asking(cmd, rep)
	if k == nil {
		return private(rep.say("bot.challenge.off"))
	}
	args := cmd.Args
	switch {
	case len(args) == 0:
		return k.overview()
	case isWord(args[0], challengeStandingWords):
		return k.standing(args[1:])
	case isWord(args[0], challengeCardWords):
		return k.cards()
	case len(args) == 1 && isWord(args[0], challengePassWords):
		return k.move("", "", -1)
	}
	if e, n, ok := games.LookupWords(args); ok {
		game := e.Name()
		if !k.offered(game) {
			return k.refuse("bot.challenge.not_offered", games.TitleOf(game), k.titles())
		}
		rest := args[n:]
		if len(rest) == 0 {
			return k.open(game)
		}
		move := strings.Join(rest, " ")
		if len(rest) == 1 && isWord(rest[0], challengePassWords) {
			move = ""
		}
		return k.move(game, move, -1)
	}
	return k.move("", strings.Join(args, " "), -1)
}

// pressChallenge answers a button of /defi: its payload names the game
// (kind d, table 0), and for a pass the turn it was shown for, so that a
// button pressed twice passes one turn only.
func (c *Core) pressChallenge(cmd Command, p payload, rep replier) []Out {
	k := c.asking(cmd, rep)
	if k == nil {
		return private(rep.say("bot.challenge.off"))
	}
	game, pass := strings.CutSuffix(p.Move, " pass")
	if !k.offered(game) {
		return rep.refuse("bot.bad_button")
	}
	if pass {
		return k.move(game, "", int(p.Counter))
	}
	return k.open(game)
}

// challengeButton is a /defi button: start or resume game, or pass turn.
func challengeButton(game string, turn int, pass bool) string {
	move := game
	if pass {
		move += " pass"
	}
	return payload{Kind: 'd', Counter: uint64(turn), Move: move}.encode()
}

// private marks answers as for their author's eyes only.
func private(outs []Out) []Out {
	for i := range outs {
		outs[i].Private = true
	}
	return outs
}

func (k *challengeAsk) player() challenges.Player {
	return challenges.Player{ID: k.cmd.User.ID, Name: k.cmd.User.Name}
}

func (k *challengeAsk) text(key string, args ...any) string { return k.rep.text(key, args...) }

func (k *challengeAsk) refuse(key string, args ...any) []Out { return k.rep.refuse(key, args...) }

func (k *challengeAsk) offered(game string) bool {
	for _, g := range k.svc.Games() {
		if g == game {
			return true
		}
	}
	return false
}

// titles lists the games offered, as players name them.
func (k *challengeAsk) titles() i18n.Msg {
	var ts []any
	for _, g := range k.svc.Games() {
		ts = append(ts, games.TitleOf(g))
	}
	return i18n.Or(ts...)
}

func (k *challengeAsk) title(game string) string { return k.rep.text(game + ".title") }

// failed answers a record that could not be read or written: the
// deployment without a secret says so; anything else is logged and the
// player told to try again, nothing having changed.
func (k *challengeAsk) failed(err error, what string) []Out {
	if errors.Is(err, challenges.ErrOff) {
		return private(k.rep.say("bot.challenge.off"))
	}
	k.c.log.Error("challenge: "+what, "user", k.cmd.User.ID, "err", err)
	if errors.Is(err, store.ErrDamaged) {
		return k.refuse("bot.internal_error")
	}
	return k.refuse("bot.challenge.unreadable")
}

// pct is a percentage in tenths as the reader writes it ("87,3" in
// French).
func (k *challengeAsk) pct(tenths int) string {
	return archive.Number(k.rep.lang, float64(tenths)/10)
}

// date is a challenge day ("2026-11-27") as a sentence writes it
// ("vendredi 27 novembre"); the share card alone keeps the digits, which
// are no letter.
func (k *challengeAsk) date(day string) i18n.Msg {
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return i18n.Raw(day)
	}
	return i18n.Day(t)
}

// month is the month of a challenge day as a sentence writes it
// ("novembre 2026").
func (k *challengeAsk) month(day string) i18n.Msg {
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return i18n.Raw(day)
	}
	return i18n.Month(t)
}

// overview is a bare /defi: with one game offered, that challenge
// (started or resumed, or its result); with several, each game's state
// today and a button to play it.
func (k *challengeAsk) overview() []Out {
	offered := k.svc.Games()
	if len(offered) == 1 {
		return k.open(offered[0])
	}
	started, err := k.svc.Attempts(k.cmd.User.ID, k.now)
	if err != nil {
		return k.failed(err, "attempts not read")
	}
	of := map[string]challenges.Attempt{}
	for _, a := range started {
		of[a.Game] = a
	}
	lines := []string{k.text("bot.challenge.today", k.date(k.svc.Day(k.now)))}
	var buttons []Button
	for _, g := range offered {
		a, ok := of[g]
		switch {
		case !ok:
			lines = append(lines, k.text("bot.challenge.line_new", k.title(g)))
			buttons = append(buttons, Button{Label: k.text("bot.challenge.btn_start", k.title(g)), Data: challengeButton(g, 0, false)})
		case a.Finished:
			lines = append(lines, k.text("bot.challenge.line_done", k.title(g), k.pct(a.Pct)))
		default:
			lines = append(lines, k.text("bot.challenge.line_going", k.title(g), a.Played+1))
			buttons = append(buttons, Button{Label: k.text("bot.challenge.btn_resume", k.title(g)), Data: challengeButton(g, 0, false)})
		}
	}
	lines = append(lines, k.text("bot.challenge.how"))
	out := Out{Dest: ToReply, Private: true, Title: k.text("bot.challenge.title"), Text: strings.Join(lines, "\n")}
	if len(buttons) > 0 {
		out.Buttons = [][]Button{buttons}
	}
	return []Out{out}
}

// open starts or resumes the player's challenge of game, and shows his
// turn; a challenge he finished today shows its result again.
func (k *challengeAsk) open(game string) []Out {
	a, err := k.svc.Start(k.player(), k.server, game, k.now)
	if errors.Is(err, challenges.ErrFinished) {
		return k.finishedAgain(game)
	}
	if err != nil {
		return k.failed(err, "not started")
	}
	if a.Next == nil {
		return k.finishedAgain(game)
	}
	return []Out{k.turnOut(game, *a.Next, nil, &a)}
}

// finishedAgain shows the result of today's challenge of game he already
// finished: one attempt a day.
func (k *challengeAsk) finishedAgain(game string) []Out {
	r, err := k.svc.Result(k.cmd.User.ID, game, k.server, k.now)
	if err != nil {
		return k.failed(err, "result not read")
	}
	return []Out{k.resultOut(r, k.text("bot.challenge.already", k.title(game)))}
}

// unfinished finds the challenge a move is for: game's when named, else
// the one he has under way today.
func (k *challengeAsk) unfinished(game string) (challenges.Attempt, []Out) {
	if game == "" {
		started, err := k.svc.Attempts(k.cmd.User.ID, k.now)
		if err != nil {
			return challenges.Attempt{}, k.failed(err, "attempts not read")
		}
		var going []string
		for _, a := range started {
			if !a.Finished {
				going = append(going, a.Game)
			}
		}
		switch len(going) {
		case 0:
			return challenges.Attempt{}, k.refuse("bot.challenge.none_going", k.titles())
		case 1:
			game = going[0]
		default:
			var ts []any
			for _, g := range going {
				ts = append(ts, games.TitleOf(g))
			}
			return challenges.Attempt{}, k.refuse("bot.challenge.which", i18n.Or(ts...))
		}
	}
	a, err := k.svc.Current(k.cmd.User.ID, game, k.now)
	switch {
	case errors.Is(err, challenges.ErrNotStarted):
		return a, k.refuse("bot.challenge.not_started", k.title(game), games.TitleOf(game))
	case err != nil:
		return a, k.failed(err, "attempt not read")
	case a.Finished:
		return a, k.finishedAgain(game)
	}
	return a, nil
}

// move plays the player's move ("" a pass) in his challenge of game ("":
// his one under way). turn is the turn a button was shown for, -1 for a
// typed move, which is for the turn he is at.
func (k *challengeAsk) move(game, move string, turn int) []Out {
	a, no := k.unfinished(game)
	if no != nil {
		return no
	}
	if turn < 0 {
		turn = a.Played
	}
	p, err := k.svc.Play(k.cmd.User.ID, a.Game, turn, move, k.now)
	var refusal *games.Refusal
	switch {
	case errors.As(err, &refusal):
		// The game's own refusal, in his language; nothing changed.
		return k.refuse("bot.challenge.refused", refusal.Msg)
	case errors.Is(err, challenges.ErrTurnPlayed):
		return k.refuse("bot.challenge.turn_played", turn+1)
	case errors.Is(err, challenges.ErrDayOver):
		return k.refuse("bot.challenge.day_over")
	case errors.Is(err, challenges.ErrFinished):
		return k.finishedAgain(a.Game)
	case err != nil:
		return k.failed(err, "move not played")
	}
	reveal := k.reveal(a.Game, p)
	switch {
	case p.Result != nil:
		return []Out{k.resultOut(*p.Result, reveal)}
	case p.Next != nil:
		return []Out{k.turnOut(a.Game, *p.Next, []string{reveal}, nil)}
	}
	return k.finishedAgain(a.Game)
}

// reveal tells a turn just played: his move and its points, then, now
// that he played it, the turn's top, and where he stands.
func (k *challengeAsk) reveal(game string, p challenges.Played) string {
	lines := make([]string, 0, 3)
	if p.Move == "" {
		lines = append(lines, k.text("bot.challenge.passed", p.Turn+1, p.Of))
	} else {
		played := "bot.challenge.played"
		if p.Points >= p.TopScore {
			played = "bot.challenge.played_top" // the card's 🟩
		}
		lines = append(lines, k.text(played, p.Turn+1, p.Of, tellMove(game, p.Move), p.Points))
	}
	if p.Result != nil {
		lines = append(lines, k.text("bot.challenge.top_last", tellMove(game, p.Top), p.TopScore))
	} else {
		lines = append(lines, k.text("bot.challenge.top", tellMove(game, p.Top), p.TopScore))
	}
	lines = append(lines, k.text("bot.challenge.running", p.Total, p.TopTotal, k.pct(p.Pct)))
	return strings.Join(lines, "\n")
}

// moveTeller is an engine whose moves read better told than typed (La
// Coquillaude's "mot AVEINT I11 diag anagrammes=…").
type moveTeller interface {
	TellMove(move string) (i18n.Msg, bool)
}

// tellMove is a move of game as the challenge tells it: the engine's
// sentence, or the move as typed.
func tellMove(game, move string) any {
	if e, ok := games.Lookup(game); ok {
		if t, ok := e.(moveTeller); ok {
			if m, ok := t.TellMove(move); ok {
				return m
			}
		}
	}
	return move
}

// ToldMove is a move of game as the challenge tells it to a reader of
// lang: the engine's sentence ("AIDE at L10→"), or the move as typed. The
// front ends' tests look for the tops so.
func ToldMove(game, move string, lang i18n.Lang) string {
	if m, ok := tellMove(game, move).(i18n.Msg); ok {
		return i18n.Renderer{Lang: lang}.Text(m)
	}
	return move
}

// turnOut shows the player's turn: the shared position (the game's own
// board and picture, which in a challenge show no seat nor score: the
// one seat is named "Top" only in a refusal that would name it), what
// everyone gets this turn, how far he is, and how to answer; before it,
// what his last move revealed, or, resumed (a), where he stands.
func (k *challengeAsk) turnOut(game string, t challenges.Turn, before []string, a *challenges.Attempt) Out {
	out := Out{Dest: ToReply, Private: true, Title: k.text("bot.challenge.turn_title", k.title(game), t.Index+1, t.Of)}
	r := i18n.Renderer{Lang: k.rep.lang, Name: func(int) string { return k.text("bot.challenge.top_seat") }}
	lines := append([]string(nil), before...)
	if len(before) > 0 {
		lines = append(lines, "")
	}
	// What everyone gets this turn is what the game shows its one seat:
	// Mots de Tête's die, La Coquillaude's pions.
	lines = append(lines, k.text("bot.challenge.turn", t.Index+1, t.Of))
	own := t.Position.Private(0)
	e, _ := games.Lookup(game)
	for _, l := range r.Texts(own.Lines) {
		lines = append(lines, challengeSyntax(l, e, k.rep.lang))
	}
	if a != nil && a.Played > 0 {
		lines = append(lines, k.text("bot.challenge.running", a.Total, a.TopTotal, k.pct(a.Pct)))
	}
	out.Mono = append(slices.Clip(t.Position.Public().Board), own.Board...)
	out.Text = strings.Join(lines, "\n")
	out.Buttons = [][]Button{{{Label: k.text("bot.challenge.btn_pass"), Data: challengeButton(game, t.Index, true)}}}
	if p, ok := t.Position.(games.Pictured); ok {
		out.draw = &drawing{scene: p.Scene(), r: r, game: game}
	}
	return out
}

// typedCommand is a command as a game's help writes it ("/coup",
// "/passe", "/mot").
var typedCommand = regexp.MustCompile(`/[\p{L}_]+`)

// challengeSyntax writes a game's help for its table ("/coup H3 bas
// MAISON", "/passe", La Coquillaude's "/mot MOT H11 droite") as a move of
// the challenge ("/defi H3 bas MAISON", "/defi passe", "/defi mot MOT H11
// droite"): the game's own syntax and example, typed after /defi.
func challengeSyntax(line string, e games.Engine, lang i18n.Lang) string {
	cmd := "/defi"
	if lang == i18n.EN {
		cmd = "/challenge"
	}
	return typedCommand.ReplaceAllStringFunc(line, func(typed string) string {
		name := typed[1:]
		switch {
		case canonical(name) == "move":
			return cmd
		case canonical(name) == "pass", e != nil && hasVerb(e, games.FoldWord(name)):
			return cmd + " " + name
		}
		return typed
	})
}

// resultOut is the end of a challenge: his total and percentage, his rank
// of the day across the deployment and here, his streak, and the share
// card, ready to paste. before is what comes first (the last turn's
// reveal, or why the result is shown again).
func (k *challengeAsk) resultOut(r challenges.Result, before string) Out {
	var lines []string
	if before != "" {
		lines = append(lines, before, "")
	}
	lines = append(lines, k.text("bot.challenge.done", k.title(r.Game), r.Total, r.Top, k.pct(r.Pct)))
	if r.Global.Of > 0 {
		lines = append(lines, k.text("bot.challenge.rank", r.Global.Place, r.Global.Of))
	}
	if k.server != "" && r.Local.Of > 0 {
		lines = append(lines, k.text("bot.challenge.rank_here", r.Local.Place, r.Local.Of))
	}
	if r.Streak > 0 {
		lines = append(lines, k.text("bot.challenge.streak", r.Streak, r.Best))
	}
	lines = append(lines, "", k.text("bot.challenge.share"), r.Card)
	return Out{Dest: ToReply, Private: true, Title: k.text("bot.challenge.done_title", k.title(r.Game), k.date(r.Day)), Text: strings.Join(lines, "\n")}
}

// cards is /defi carte: his cards of the day again, of the games he
// finished.
func (k *challengeAsk) cards() []Out {
	var cards []string
	for _, g := range k.svc.Games() {
		r, err := k.svc.Result(k.cmd.User.ID, g, k.server, k.now)
		if errors.Is(err, challenges.ErrNotStarted) {
			continue
		}
		if err != nil {
			return k.failed(err, "result not read")
		}
		cards = append(cards, r.Card)
	}
	if len(cards) == 0 {
		return k.refuse("bot.challenge.no_card")
	}
	text := k.text("bot.challenge.share") + "\n" + strings.Join(cards, "\n\n")
	return []Out{{Dest: ToReply, Private: true, Title: k.text("bot.challenge.card_title", k.date(k.svc.Day(k.now))), Text: text}}
}

// standing is /defi classement [jour|mois] [game]: the day's (or the
// month's) standing of a game, across the deployment and, asked in a
// group, within its server, as text and a picture. Names and percentages
// only: nothing of the deal.
func (k *challengeAsk) standing(args []string) []Out {
	month := false
	if len(args) > 0 && isWord(args[0], challengeMonthWords) {
		month, args = true, args[1:]
	} else if len(args) > 0 && isWord(args[0], challengeDayWords) {
		args = args[1:]
	}
	game := k.svc.Games()[0]
	if len(args) > 0 {
		e, ok := games.Lookup(strings.Join(args, " "))
		if !ok || !k.offered(e.Name()) {
			return k.refuse("bot.challenge.not_offered", strings.Join(args, " "), k.titles())
		}
		game = e.Name()
	}
	r := i18n.Renderer{Lang: k.rep.lang}
	scene := games.Scene{Columns: 2}
	var mono []string
	scopes := []string{""}
	if k.server != "" {
		scopes = append(scopes, k.server)
	}
	shown := false
	for _, scope := range scopes {
		rows, err := k.svc.Standing(game, scope, month, k.now, standingSize)
		if err != nil {
			return k.failed(err, "standing not read")
		}
		head := k.text("bot.challenge.standing_everywhere")
		if scope != "" {
			head = k.text("bot.challenge.standing_here")
		}
		if len(mono) > 0 {
			mono = append(mono, "")
		}
		mono = append(mono, head)
		scene.Blocks = append(scene.Blocks, games.Block{Label: i18n.Raw(head), Wide: true})
		if len(rows) == 0 {
			empty := k.text("bot.challenge.standing_empty")
			mono = append(mono, "   "+empty)
			scene.Blocks = append(scene.Blocks, games.Block{Label: i18n.Raw(empty), Wide: true})
			continue
		}
		shown = true
		for _, row := range rows {
			pct := k.pct(row.Pct) + " %"
			note := k.text("bot.challenge.standing_points", row.Total, row.Top)
			if month {
				note = k.text("bot.challenge.standing_days", row.Days)
			}
			mono = append(mono, fmt.Sprintf("%2d. %s %7s  %s", row.Place, archive.Pad(row.Name, 16), pct, note))
			scene.Blocks = append(scene.Blocks, games.Block{
				Label: i18n.Raw(row.Name), Rows: [][]games.Tile{{archive.RankTile(row.Place - 1)}}, TileSize: 44,
				Note: i18n.Raw(pct + " · " + note),
			})
		}
	}
	day := k.svc.Day(k.now)
	title := k.text("bot.challenge.standing_day", k.title(game), k.date(day))
	if month {
		title = k.text("bot.challenge.standing_month", k.title(game), k.month(day))
	}
	out := Out{Dest: ToReply, Private: true, Title: title, Mono: mono, Text: k.text("bot.challenge.standing_legend")}
	if shown {
		out.draw = &drawing{scene: scene, r: r, game: "challenge"}
	}
	return []Out{out}
}
