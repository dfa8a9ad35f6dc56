package bot

import (
	"strings"

	"github.com/tablee/tablee/games"
)

// Suggestion is one way to go on with a move being typed, for platforms
// that complete commands as they are typed (Discord's autocomplete).
type Suggestion struct {
	Label string // the engine's label, in the user's language
	Move  string // the move as typed so far: "E droite 2"
	Final bool   // a whole move
	Ask   string // a free text still to add (the example word), "" for none
}

// Suggest lists the moves a user may type next at the table of a command's
// chat (or, in private, the one table he sits at), following the engine's
// choices as far as the typed text goes: "E" offers the places of an E.
// It is empty when the game does not wait for the user. Nothing is played.
func (c *Core) Suggest(cmd Command, typed string) []Suggestion {
	t := c.lockLive(c.tableFor(cmd))
	if t == nil {
		return nil
	}
	defer c.unlock(t)
	if t.Phase != Playing || t.game == nil {
		return nil
	}
	seat := t.seatOf(cmd.User.ID)
	if seat < 0 {
		return nil
	}
	if _, ok := t.waitFor(seat); !ok {
		return nil
	}
	r := renderer(t, c.userLang(cmd.User))
	typed = strings.Join(strings.Fields(typed), " ")
	prefix := ""
	var choices []games.Choice
	for depth := 0; depth < 8; depth++ {
		choices = t.game.Choices(seat, prefix)
		next := ""
		for _, ch := range choices {
			m := strings.TrimSpace(ch.Move)
			if !ch.Final && ch.Ask.IsZero() && m != prefix && (strings.EqualFold(typed, m) || hasFoldPrefix(typed, m+" ")) {
				next = m
				break
			}
		}
		if next == "" {
			break
		}
		prefix = next
	}
	var out []Suggestion
	for _, ch := range choices {
		m := strings.TrimSpace(ch.Move)
		if !hasFoldPrefix(m, typed) && !hasFoldPrefix(typed, m) {
			continue
		}
		s := Suggestion{Label: r.Text(ch.Label), Move: m, Final: ch.Final}
		if !ch.Ask.IsZero() {
			s.Ask = r.Text(ch.Ask)
		}
		out = append(out, s)
	}
	return out
}

func hasFoldPrefix(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}
