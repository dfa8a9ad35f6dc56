// Package local is a chat in the terminal: you type as a user
// ("alice> /play crackword"), bot players fill seats, and what the bot
// sends to a channel or in private is printed under a header naming where
// it goes. Fed a script on its standard input it is the transcript harness
// of the tests: the same script and seed print the same transcript.
package local

import (
	"bufio"
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/i18n"
)

// Options configure a terminal chat.
type Options struct {
	Core *bot.Core
	In   io.Reader
	Out  io.Writer
	User string // the first user ("alice")
	Chat string // the first chat ("main")
	// Echo prints each command line read, so a transcript shows what was
	// typed as well as what the bot answered (for scripts).
	Echo bool
	// Prompt prints "alice> " before reading a line (for a person).
	Prompt bool
	// Welcome prints, before the first line is read, who you are and how
	// to speak as another user, change chat, press buttons, let bots play
	// and get help: for a person at a terminal, not in a script's
	// transcript.
	Welcome bool
	// Closed lists users whose private messages cannot be delivered, to
	// rehearse the closed-DM flow.
	Closed []string
	// Moderators lists users who moderate every chat of the terminal, to
	// rehearse what a server's moderators may do (/quit, /kick,
	// /settings at a table they do not sit at).
	Moderators []string
	// PictureDir, when set, is where the pictures of boards and hands are
	// written (the terminal cannot show them): one file per chat board and
	// per player's hand, replaced as the game goes.
	PictureDir string
}

// MaxLine is the longest line read as a command, in characters: a chat
// message holds no more (4,096 is Telegram's limit). A longer line, a paste
// gone wrong, is refused with a note and reading goes on.
const MaxLine = 4096

// Chat is the terminal's side of the bot: it reads commands and is the
// core's transport for the "local" platform.
type Chat struct {
	opts Options

	mu sync.Mutex
	// held keeps what a command makes the tables show while it runs
	// (holding), printed table by table once it is done: a command that
	// touches several tables (/away) prints them in the same order every
	// time, though their messages are sent concurrently.
	held    []bot.Out
	holding bool
	user    string
	chat    string
	buttons map[string][]bot.Button // per user: the buttons of his last private message
	board   map[string][]bot.Button // per chat: the buttons of its last board
	replies map[string][]bot.Button // per chat: the buttons of its last public reply (a replay)
	closed  map[string]bool
	// lines are the lines read, once Run reads: /auto all looks at them
	// between two moves, so that a person can stop it (/auto off).
	lines chan inputLine
}

// New makes a terminal chat and registers it as the core's "local" transport.
func New(opts Options) *Chat {
	if opts.User == "" {
		opts.User = "alice"
	}
	if opts.Chat == "" {
		opts.Chat = "main"
	}
	c := &Chat{opts: opts, user: opts.User, chat: opts.Chat,
		buttons: map[string][]bot.Button{}, board: map[string][]bot.Button{}, replies: map[string][]bot.Button{}, closed: map[string]bool{}}
	for _, u := range opts.Closed {
		c.closed[userKey(u)] = true
	}
	opts.Core.SetTransport("local", c)
	return c
}

func userKey(name string) string { return "local:" + name }

func chatKey(name string) string { return "local:" + name }

// Run reads lines until the input ends or ctx is done.
//
// A line is "[#chat] [user>] text": "#cafe bob> /join" speaks as bob in
// the chat "cafe", and both stay current for the next lines. Also:
// "/as bob" and "/chat cafe" switch; "/press 2" (or "/press 2 maison" for a
// button that asks a word) presses a button of your last private message,
// "/press b1" one of the chat's board, "/press r1" one of the last public
// answer with buttons (a replay's); "/auto" lets a bot play your seat
// for as long as the game waits for you ("/auto 10": ten moves at most),
// "/auto all" every person's until the game ends (see autoCommand);
// "# ..." is a comment.
func (c *Chat) Run(ctx context.Context) error {
	// Lines are read in their own goroutine so that a signal ends the chat
	// at once, even while it waits for a line that may never come.
	lines := make(chan inputLine)
	c.lines = lines
	readErr := make(chan error, 1)
	go func() {
		in := bufio.NewReaderSize(c.opts.In, 64*1024)
		for {
			l, err := readLine(in)
			if err == nil || l.text != "" || l.chars > 0 {
				select {
				case lines <- l:
				case <-ctx.Done():
					return
				}
			}
			if err != nil {
				if err == io.EOF {
					err = nil
				}
				readErr <- err
				close(lines)
				return
			}
		}
	}()
	if c.opts.Welcome {
		user := c.currentUser()
		c.printf("%s\n%s\n\n", c.text(user, "local.welcome", user, c.opts.Chat), c.text(user, "local.help"))
	}
	for {
		if c.opts.Prompt {
			c.printf("%s> ", c.currentUser())
		}
		select {
		case <-ctx.Done():
			return nil
		case l, ok := <-lines:
			if !ok {
				return <-readErr
			}
			c.input(ctx, l)
		}
	}
}

// input handles one line read.
func (c *Chat) input(ctx context.Context, l inputLine) {
	if l.chars > MaxLine {
		user := c.currentUser()
		lang := c.opts.Core.Lang(userKey(user))
		c.note(user, "local.line_too_long", number(lang, l.chars), number(lang, MaxLine))
		return
	}
	c.line(ctx, l.text)
}

// note prints one of the chat's own notes, in parentheses: what the
// terminal says about itself, not what the bot sends.
func (c *Chat) note(user, key string, args ...any) {
	c.printf("  (%s)\n", c.text(user, key, args...))
}

// inputLine is a line read: its text, or for a line over MaxLine only its
// length.
type inputLine struct {
	text  string
	chars int // characters, without the line's end
}

// readLine reads one line, whatever its length, keeping at most what a
// line of MaxLine characters takes: a line of megabytes is counted as it
// goes by, not held. err is io.EOF after the last line.
func readLine(in *bufio.Reader) (inputLine, error) {
	var l inputLine
	var buf []byte
	over := false
	for {
		chunk, err := in.ReadSlice('\n')
		for _, b := range chunk {
			if utf8.RuneStart(b) && b != '\n' && b != '\r' {
				l.chars++
			}
		}
		if !over {
			buf = append(buf, chunk...)
			if len(buf) > utf8.UTFMax*MaxLine+2 { // longer than any line of MaxLine characters
				over, buf = true, nil
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if !over {
			l.text = strings.TrimRight(string(buf), "\r\n")
			l.chars = utf8.RuneCountInString(l.text)
		}
		return l, err
	}
}

// text is one of the chat's own notes, in the user's language.
func (c *Chat) text(user, key string, args ...any) string {
	return i18n.Renderer{Lang: c.opts.Core.Lang(userKey(user))}.Text(i18n.T(key, args...))
}

// number writes n as a reader of lang does: 2 097 152 in French (with
// narrow no-break spaces), 2,097,152 in English.
func number(lang i18n.Lang, n int) string {
	sep := ","
	if lang == i18n.FR {
		sep = "\u202f"
	}
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + sep + s[i:]
	}
	return s
}

func (c *Chat) currentUser() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.user
}

func (c *Chat) line(ctx context.Context, line string) {
	line = strings.TrimSpace(line)
	if line == "" || strings.HasPrefix(line, "# ") || line == "#" {
		return
	}
	c.mu.Lock()
	if strings.HasPrefix(line, "#") {
		name, rest, _ := strings.Cut(line[1:], " ")
		c.chat = name
		line = strings.TrimSpace(rest)
	}
	if i := strings.Index(line, "> "); i > 0 && !strings.ContainsAny(line[:i], " /") {
		c.user = line[:i]
		line = strings.TrimSpace(line[i+2:])
	} else if strings.HasSuffix(line, ">") && !strings.ContainsAny(line, " /") {
		c.user = strings.TrimSuffix(line, ">")
		line = ""
	}
	user, chat := c.user, c.chat
	c.mu.Unlock()
	if line == "" {
		return
	}
	if c.opts.Echo {
		c.printf("\n#%s %s> %s\n", chat, user, line)
	}
	name, args, ok := bot.ParseText(line)
	if !ok {
		c.printf("  %s\n", c.text(user, "local.not_command"))
		return
	}
	switch name {
	case "as":
		if len(args) == 1 {
			c.mu.Lock()
			c.user = args[0]
			c.mu.Unlock()
		}
		return
	case "chat":
		if len(args) == 1 {
			c.mu.Lock()
			c.chat = args[0]
			c.mu.Unlock()
		}
		return
	case "press":
		c.press(ctx, user, chat, args)
		return
	case "auto":
		c.autoCommand(ctx, user, chat, args)
		return
	}
	c.run(ctx, bot.Command{Chat: chatKey(chat), User: bot.User{ID: userKey(user), Name: user}, Name: name, Args: args,
		Moderator: slices.Contains(c.opts.Moderators, user)})
	if bot.CommandName(name) == "help" {
		// The bot's help knows nothing of the terminal: its own ways
		// follow, as the welcome gave them.
		c.show(bot.Out{Dest: bot.ToReply, Chat: chatKey(chat), Text: c.text(user, "local.help")})
	}
}

func (c *Chat) run(ctx context.Context, cmd bot.Command) {
	c.mu.Lock()
	c.holding = true
	c.mu.Unlock()
	outs := c.opts.Core.Handle(ctx, cmd)
	// What the command showed (the board, the hands) is printed before
	// the answer, as a chat shows the board while the answer is typed.
	c.opts.Core.Flush()
	c.mu.Lock()
	held := c.held
	c.held, c.holding = nil, false
	c.mu.Unlock()
	slices.SortStableFunc(held, func(a, b bot.Out) int { return cmp.Compare(a.Table, b.Table) })
	for _, o := range held {
		c.show(o)
	}
	for _, o := range outs {
		if o.Ack {
			continue // the board already shows what an acknowledgement says
		}
		if o.Private {
			o.Dest, o.User = bot.ToUser, cmd.User.ID
		} else {
			o.Dest, o.Chat = bot.ToReply, cmd.Chat
		}
		c.show(o)
	}
}

func (c *Chat) press(ctx context.Context, user, chat string, args []string) {
	if len(args) == 0 {
		c.printf("  %s\n", c.text(user, "local.press_usage"))
		return
	}
	c.mu.Lock()
	list := c.buttons[userKey(user)]
	key := args[0]
	switch {
	case strings.HasPrefix(key, "b"):
		list, key = c.board[chatKey(chat)], key[1:]
	case strings.HasPrefix(key, "r"):
		list, key = c.replies[chatKey(chat)], key[1:]
	}
	n, err := strconv.Atoi(key)
	var b bot.Button
	ok := err == nil && n >= 1 && n <= len(list)
	if ok {
		b = list[n-1]
	}
	c.mu.Unlock()
	if !ok {
		c.printf("  %s\n", c.text(user, "local.no_button", args[0]))
		return
	}
	if b.Ask != "" && len(args) < 2 {
		// The bot would only say that a word is missing; here the word is
		// typed after the button's number, and the user is told so.
		c.show(bot.Out{Dest: bot.ToUser, User: userKey(user), Private: true, Refusal: true,
			Text: c.text(user, "local.press_word", b.Ask, args[0])})
		return
	}
	c.run(ctx, bot.Command{Chat: chatKey(chat), User: bot.User{ID: userKey(user), Name: user},
		Payload: b.Data, Text: strings.Join(args[1:], " ")})
}

// autoCommand is /auto: "/auto [N]" plays the user's moves while the
// game waits for him, "/auto all [N]" (French: tous) everyone's until the
// game ends, "/auto off" (French: stop) stops an /auto all typed in a
// terminal while it plays.
func (c *Chat) autoCommand(ctx context.Context, user, chat string, args []string) {
	all, limit := false, 0
	for i, a := range args {
		switch n, err := strconv.Atoi(a); {
		case err == nil && n > 0 && i == len(args)-1:
			limit = n
		case i == 0 && autoAllWords[strings.ToLower(a)]:
			all = true
		case i == 0 && len(args) == 1 && autoOffWords[strings.ToLower(a)]:
			// Typed while /auto all plays, it is read there (autoAll);
			// here nothing plays.
			c.note(user, "local.auto_nothing_to_stop")
			return
		default:
			c.note(user, "local.auto_usage")
			return
		}
	}
	if limit == 0 {
		limit = maxAutoMoves
	}
	if all {
		c.autoAll(ctx, user, chat, limit)
		return
	}
	c.auto(ctx, user, chat, limit)
}

// maxAutoMoves bounds an /auto without a count: longer than any game.
const maxAutoMoves = 10000

// The words after /auto, in both languages.
var (
	autoAllWords = map[string]bool{"all": true, "tous": true, "tout": true, "toutes": true}
	autoOffWords = map[string]bool{"off": true, "stop": true, "arrêt": true, "arret": true}
)

// autoPace is the pause between two moves of /auto all in a terminal: a
// person can watch the game go by, and type /auto off.
const autoPace = 400 * time.Millisecond

// auto plays the user's moves with the bot player's choices while the game
// waits for him: a person can watch a game through, and scripts can play
// whole games without spelling every move. When it can play nothing it
// says why.
func (c *Chat) auto(ctx context.Context, user, chat string, limit int) {
	for played := 0; played < limit; played++ {
		a := c.opts.Core.Auto(chatKey(chat))
		if !waitsFor(a, userKey(user)) {
			if played == 0 {
				c.whyNoAuto(user, a)
			}
			return
		}
		if !c.autoMove(ctx, chat, userKey(user)) {
			return
		}
	}
}

// autoAll plays, with the bot player's choices, the moves of every person
// the game waits for, until the game ends (the bot players play theirs as
// always) or limit moves. In a terminal it goes at a pace a person can
// follow, and a line typed meanwhile is handled between two moves: /auto
// off stops it. A script's lines wait for it to end, so that a transcript
// is the same on every run.
func (c *Chat) autoAll(ctx context.Context, user, chat string, limit int) {
	for played := 0; played < limit; played++ {
		a := c.opts.Core.Auto(chatKey(chat))
		seat, ok := personWaited(a)
		if !ok {
			if played == 0 {
				c.whyNoAuto(user, a)
			}
			return
		}
		if !c.autoMove(ctx, chat, seat.User) {
			return
		}
		if c.opts.Prompt && c.stopAsked(ctx, user) {
			return
		}
	}
}

// stopAsked waits autoPace for a line typed during /auto all, handles it,
// and tells whether it was /auto off (or the input ended).
func (c *Chat) stopAsked(ctx context.Context, user string) bool {
	select {
	case <-ctx.Done():
		return true
	case <-time.After(autoPace):
		return false
	case l, ok := <-c.lines:
		if !ok {
			return true // Run sees the end of the input next
		}
		if name, args, _ := bot.ParseText(l.text); name == "auto" && len(args) == 1 && autoOffWords[strings.ToLower(args[0])] {
			c.note(user, "local.auto_stopped")
			return true
		}
		c.input(ctx, l)
		return false
	}
}

// autoMove plays the bot player's move for a user's seat, as if he typed
// it; false when there was none or it was refused (stop rather than loop).
func (c *Chat) autoMove(ctx context.Context, chat, userID string) bool {
	move, ok := c.opts.Core.Hint(chatKey(chat), userID)
	if !ok {
		return false
	}
	name := strings.TrimPrefix(userID, "local:")
	if c.opts.Echo {
		c.printf("\n#%s %s> /move %s   (auto)\n", chat, name, move)
	}
	before := c.opts.Core.Counter(chatKey(chat))
	c.run(ctx, bot.Command{Chat: chatKey(chat), User: bot.User{ID: userID, Name: name}, Name: "move", Args: strings.Fields(move)})
	return c.opts.Core.Counter(chatKey(chat)) != before
}

// waitsFor tells whether the game waits for the user himself.
func waitsFor(a bot.AutoTable, userID string) bool {
	for _, w := range a.Waits {
		if w.User == userID && !w.Bot {
			return true
		}
	}
	return false
}

// personWaited is the first seat the game waits for that a person plays.
func personWaited(a bot.AutoTable) (bot.AutoSeat, bool) {
	for _, w := range a.Waits {
		if !w.Bot {
			return w, true
		}
	}
	return bot.AutoSeat{}, false
}

// whyNoAuto says why /auto played nothing.
func (c *Chat) whyNoAuto(user string, a bot.AutoTable) {
	switch {
	case a.Table == 0:
		c.note(user, "local.auto_no_table")
	case !a.Playing:
		c.note(user, "local.auto_not_started")
	case !slices.Contains(a.Seated, userKey(user)) && len(a.Waits) > 0:
		c.note(user, "local.auto_not_seated", c.names(user, a.Waits))
	case len(a.Waits) == 0:
		c.note(user, "local.auto_waits_nobody")
	default:
		c.note(user, "local.auto_waits_for", c.names(user, a.Waits))
	}
}

// names lists the seats, "bob", "bob and carol", "bob, carol and dan", in
// the user's language.
func (c *Chat) names(user string, seats []bot.AutoSeat) string {
	names := make([]any, len(seats))
	for i, s := range seats {
		names[i] = s.Name
	}
	return i18n.Renderer{Lang: c.opts.Core.Lang(userKey(user))}.Text(i18n.And(names...))
}

// TableLink names a table's chat, "#cafe": the terminal's way to a
// table's board (bot.Linker, for /mygames).
func (c *Chat) TableLink(_ uint64, chat string) string {
	name, ok := strings.CutPrefix(chat, "local:")
	if !ok {
		return ""
	}
	return "#" + name
}

// Deliver prints what the bot sends; it is the "local" transport.
func (c *Chat) Deliver(_ context.Context, o bot.Out) error {
	if o.Dest == bot.ToUser && c.closed[o.User] {
		return bot.ErrNoPrivate
	}
	c.mu.Lock()
	if c.holding {
		c.held = append(c.held, o)
		c.mu.Unlock()
		return nil
	}
	c.mu.Unlock()
	c.show(o)
	return nil
}

func (c *Chat) show(o bot.Out) {
	c.mu.Lock()
	defer c.mu.Unlock()
	var b strings.Builder
	switch {
	case o.Dest == bot.ToUser:
		fmt.Fprintf(&b, "  ┌─ private to %s\n", strings.TrimPrefix(o.User, "local:"))
		if len(o.Buttons) > 0 {
			c.buttons[o.User] = flatten(o.Buttons)
		}
	case o.Board:
		fmt.Fprintf(&b, "  ┌─ #%s board\n", strings.TrimPrefix(o.Chat, "local:"))
		c.board[o.Chat] = flatten(o.Buttons)
	case o.Dest == bot.ToReply:
		fmt.Fprintf(&b, "  ┌─ #%s reply\n", strings.TrimPrefix(o.Chat, "local:"))
		if len(o.Buttons) > 0 {
			c.replies[o.Chat] = flatten(o.Buttons)
		}
	default:
		fmt.Fprintf(&b, "  ┌─ #%s\n", strings.TrimPrefix(o.Chat, "local:"))
	}
	if o.Refusal {
		b.WriteString("  │ ✖ ")
		b.WriteString(o.Text)
		b.WriteString("\n")
	} else {
		if o.Title != "" {
			fmt.Fprintf(&b, "  │ %s\n", o.Title)
		}
		if len(o.Picture) > 0 {
			// The terminal shows no image: say one went with the message,
			// and where to look at it.
			if path := c.savePicture(o); path != "" {
				fmt.Fprintf(&b, "  │ 🖼 %s\n", path)
			} else {
				b.WriteString("  │ 🖼 picture\n")
			}
		}
		for _, l := range o.Mono {
			fmt.Fprintf(&b, "  │   %s\n", l)
		}
		if o.Text != "" {
			for _, l := range strings.Split(o.Text, "\n") {
				fmt.Fprintf(&b, "  │ %s\n", l)
			}
		}
	}
	if len(o.Mentions) > 0 {
		var names []string
		for _, m := range o.Mentions {
			names = append(names, "@"+m.Name)
		}
		fmt.Fprintf(&b, "  │ %s\n", strings.Join(names, " "))
	}
	n := 0
	for _, row := range o.Buttons {
		var cells []string
		for _, bt := range row {
			n++
			prefix := ""
			switch {
			case o.Board:
				prefix = "b"
			case o.Dest == bot.ToReply:
				prefix = "r"
			}
			cell := fmt.Sprintf("[%s%d] %s", prefix, n, bt.Label)
			if bt.Ask != "" {
				cell += " (" + bt.Ask + ")"
			}
			cells = append(cells, cell)
		}
		fmt.Fprintf(&b, "  │ %s\n", strings.Join(cells, "  "))
	}
	b.WriteString("  └─\n")
	io.WriteString(c.opts.Out, b.String())
}

func flatten(rows [][]bot.Button) []bot.Button {
	var out []bot.Button
	for _, r := range rows {
		out = append(out, r...)
	}
	return out
}

func (c *Chat) printf(format string, args ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	fmt.Fprintf(c.opts.Out, format, args...)
}

// savePicture writes an Out's picture under PictureDir and returns its
// path, or "" when pictures are not kept or the file cannot be written.
func (c *Chat) savePicture(o bot.Out) string {
	if c.opts.PictureDir == "" {
		return ""
	}
	name := strings.TrimPrefix(o.Chat, "local:") + "-board.png"
	switch {
	case o.Table == 0 && o.Dest == bot.ToUser:
		// A private picture of no table (the daily challenge's turn) is
		// its reader's.
		name = strings.TrimPrefix(o.User, "local:") + "-picture.png"
	case o.Table == 0:
		// A picture of no table (a leaderboard) leaves the board's alone.
		name = strings.TrimPrefix(o.Chat, "local:") + "-picture.png"
	case o.Dest == bot.ToUser:
		name = strings.TrimPrefix(o.User, "local:") + "-hand.png"
	}
	if err := os.MkdirAll(c.opts.PictureDir, 0o755); err != nil {
		return ""
	}
	path := filepath.Join(c.opts.PictureDir, name)
	if err := os.WriteFile(path, o.Picture, 0o644); err != nil {
		return ""
	}
	return path
}
