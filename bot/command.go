package bot

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// Command is one thing a user asked, in neutral form: adapters turn slash
// commands, typed text and button presses into it.
type Command struct {
	// Chat is the chat the command came from: a group, a channel, a thread
	// or a topic ("discord:123", "telegram:-100:7"). For a private chat
	// with the bot it is the private chat's key and Private is set.
	Chat    string
	Private bool
	// Server is the community the chat belongs to, whose leaderboard it
	// shows: a Discord guild ("discord:guild:<id>"), a Telegram group
	// ("telegram:<group>" for each of its topics). "" makes the chat its
	// own server (the terminal's chats).
	Server string
	User   User
	// Name and Args are a typed command: "move", ["E", "droite", "2", "maison"].
	Name string
	Args []string
	// Payload is the data of a pressed button (then Name and Args are empty)
	// and Text the free text a button asked for (an example word).
	Payload string
	Text    string
	// Moderator says the platform vouches that the author moderates Chat:
	// Discord's permissions of the member sent with a signed interaction,
	// Telegram's getChatMember. Adapters set it from the platform's data
	// only, never from anything the user typed or a button carried; the
	// core honours it only for a table of Chat itself (see moderates).
	Moderator bool
	// Event is the platform event the command came from, as the adapter
	// claimed it (store.Deduper), nil when it claims none. Adapters set
	// it from their own claim only, never from anything the user sent.
	Event *Event
}

// Event is a platform event being played (a Telegram update). The save of
// the move it plays records it played in the same durable write
// (store.Table.Played): the answered move waits for one write, and the
// event is played once, the move with it or neither. Recorded then tells
// the adapter that it has nothing more to write for it.
type Event struct {
	Key      string // the store.Deduper key the adapter claimed
	recorded atomic.Bool
}

// Recorded tells whether a save recorded the event played.
func (e *Event) Recorded() bool { return e != nil && e.recorded.Load() }

// User is the person behind a command.
type User struct {
	ID   string    // platform-qualified: "discord:42", "telegram:42", "local:alice"
	Name string    // display name
	Lang i18n.Lang // the platform's hint of his language, "" when unknown
}

// Limits on what a command may carry: anything larger is a mistake or an
// attack, and is refused before it reaches a table.
const (
	maxArgs      = 24
	maxArgBytes  = 200
	maxTextBytes = 600
)

// ParseText turns typed text into a command name and arguments:
// "/move E droite 2" -> "move", [E droite 2]. The bot suffix of Telegram
// ("/play@TableeBot") is dropped, names are lowercased and lose their
// accents ("/Réponse" is "/reponse", as "/règles" is "/regles"), text is put
// in NFC so that "é" typed two ways is one letter. ok is false for text that
// is not a command.
func ParseText(text string) (name string, args []string, ok bool) {
	text = strings.TrimSpace(norm.NFC.String(text))
	if !strings.HasPrefix(text, "/") {
		return "", nil, false
	}
	fields := strings.Fields(text[1:])
	if len(fields) == 0 {
		return "", nil, false
	}
	name = games.FoldWord(fields[0])
	if at := strings.IndexByte(name, '@'); at >= 0 {
		name = name[:at]
	}
	if name == "" {
		return "", nil, false
	}
	return name, fields[1:], true
}

var errBadInput = errors.New("bad input")

// check refuses commands that no honest client sends: invalid UTF-8,
// control characters, too many or too long arguments.
func (c Command) check() error {
	total := len(c.Name) + len(c.Payload) + len(c.Text)
	if len(c.Args) > maxArgs {
		return errBadInput
	}
	for _, s := range append([]string{c.Name, c.Payload, c.Text}, c.Args...) {
		if !utf8.ValidString(s) {
			return errBadInput
		}
		for _, r := range s {
			if unicode.IsControl(r) || r == utf8.RuneError || isBidiControl(r) {
				return errBadInput
			}
		}
	}
	for _, a := range c.Args {
		if len(a) > maxArgBytes {
			return errBadInput
		}
		total += len(a) + 1
	}
	if total > maxTextBytes || len(c.Name) > 32 {
		return errBadInput
	}
	return nil
}

// isBidiControl spots the direction overrides that make text read other
// than it is stored (a classic way to disguise a command or a name).
func isBidiControl(r rune) bool {
	return (r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069) || r == 0x200E || r == 0x200F
}

// Button payloads carry the table, the table's move counter and the move,
// so that a button pressed after the game moved on is refused, and a
// restart changes nothing: "m3f.1a.E right 2". The first byte says what the
// button does: m plays a whole move, c narrows to the next choices, a asks
// for a free word first, w for a free text of several words (AsksText); j
// joins the table, s starts it, h shows the presser's hand, b shows the
// board; r proposes or answers a rematch of the table (rematch.go), v shows
// a step of its replay (replay.go), d starts, resumes or passes a turn of
// the daily challenge (challenge.go: table 0, the game, the turn).
const maxPayload = 64 // Telegram's limit on callback data

type payload struct {
	Kind    byte
	Table   uint64
	Counter uint64
	Move    string
}

func (p payload) encode() string {
	return string(p.Kind) + strconv.FormatUint(p.Table, 36) + "." + strconv.FormatUint(p.Counter, 36) + "." + p.Move
}

func decodePayload(s string) (payload, error) {
	if len(s) < 5 || len(s) > maxPayload {
		return payload{}, fmt.Errorf("payload size")
	}
	p := payload{Kind: s[0]}
	if !strings.ContainsRune("mcawjshbrvd", rune(p.Kind)) {
		return payload{}, fmt.Errorf("payload kind")
	}
	parts := strings.SplitN(s[1:], ".", 3)
	if len(parts) != 3 {
		return payload{}, fmt.Errorf("payload parts")
	}
	var err error
	if p.Table, err = strconv.ParseUint(parts[0], 36, 64); err != nil {
		return payload{}, err
	}
	if p.Counter, err = strconv.ParseUint(parts[1], 36, 64); err != nil {
		return payload{}, err
	}
	p.Move = parts[2]
	return p, nil
}
