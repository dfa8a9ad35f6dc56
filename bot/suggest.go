package bot

import (
	"strings"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/store"
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
//
// Discord gives an autocomplete three seconds and no way to defer it: when
// the table is busy (a move being saved, a slow disk), the suggestions come
// from the table as last saved, read without its lock.
func (c *Core) Suggest(cmd Command, typed string) []Suggestion {
	t := c.tableFor(cmd)
	if t == nil {
		return nil
	}
	if !t.mu.TryLock() {
		return c.suggestSaved(t, cmd, typed)
	}
	if t.evicted {
		t.mu.Unlock()
		if t = c.lockLive(c.tableFor(cmd)); t == nil {
			return nil
		}
	}
	defer c.unlock(t)
	return c.suggest(t, cmd, typed)
}

// suggestSaved suggests from the table's last saved record, decoded apart:
// the live table is not touched.
func (c *Core) suggestSaved(live *Table, cmd Command, typed string) []Suggestion {
	rec := live.shared.Load()
	if rec == nil {
		return nil
	}
	t, err := loadTable(store.Table{ID: live.ID, Data: *rec, Unshown: 1})
	if err != nil {
		return nil
	}
	return c.suggest(t, cmd, typed)
}

// suggest follows the engine's choices for what is typed. The caller
// holds the table's lock, or the table is a copy of its own.
func (c *Core) suggest(t *Table, cmd Command, typed string) []Suggestion {
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
