package bot

import (
	"container/list"
	"encoding/json"
	"errors"
	"time"

	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/store"
)

// userRecord is what the bot remembers of a person across chats.
type userRecord struct {
	Name string    `json:"name,omitempty"`
	Lang i18n.Lang `json:"lang,omitempty"` // chosen with /lang; "" follows the platform
	Hint i18n.Lang `json:"hint,omitempty"` // the platform's locale, last seen
	NoDM bool      `json:"no_dm,omitempty"`
	// Hand is where the user wants his hands: "" by private message,
	// HandButton behind the board's "My hand" button, with no private
	// message at all (/settings hand=button).
	Hand   string `json:"hand,omitempty"`
	Played int    `json:"played,omitempty"`
	Won    int    `json:"won,omitempty"`
	// TZ is the user's time zone, an IANA name (/settings tz=Europe/Paris),
	// "" for UTC; Quiet his quiet hours in it ("23:00-08:00", /quiet), ""
	// for none; AwayUntil the end of his time off (/away), zero for none.
	// His seats keep a copy (Seat.Quiet, Seat.AwayUntil: timeoff.go).
	TZ        string    `json:"tz,omitempty"`
	Quiet     string    `json:"quiet,omitempty"`
	AwayUntil time.Time `json:"away_until,omitzero"`

	// elem is the user's place in Core.usersLRU: the records of the users
	// seen least recently leave memory first (Options.Users).
	elem *list.Element
	// stored says the store holds a record of the user. A user who only
	// sent commands has nothing worth a record: his name and locale stay
	// in memory (see worthKeeping).
	stored bool
	// read is when the record was read from the store: on a store other
	// processes share, it is read again once sharedUserFresh has passed.
	read time.Time
}

// sharedUserFresh is how long a process trusts its copy of a user record
// when other processes share the store (and may change it: /lang sent
// through another one): a change made elsewhere is seen within it.
const sharedUserFresh = 5 * time.Second

// worthKeeping tells whether a record holds something the bot must still
// know after a restart: a language chosen, closed DMs to warn about,
// statistics, a time zone, quiet hours, time off. Anything else (a name, a locale) comes again with the
// user's next command, and writing it would let anyone grow the file by
// sending one command from each of many accounts.
func (u userRecord) worthKeeping() bool {
	return u.Lang != "" || u.NoDM || u.Hand != "" || u.Played > 0 || u.Won > 0 ||
		u.TZ != "" || u.Quiet != "" || !u.AwayUntil.IsZero()
}

// HandButton is the user preference of hands shown behind the board's
// button only.
const HandButton = "button"

// handsByDM tells whether the user's hands go to him in private: he did not
// ask to keep them behind the button, and his private messages work.
func (u userRecord) handsByDM() bool { return u.Hand != HandButton && !u.NoDM }

// user returns a copy of a user's record, read from the store once.
func (c *Core) user(id string) userRecord {
	c.usersMu.Lock()
	defer c.usersMu.Unlock()
	return *c.userLocked(id)
}

func (c *Core) userLocked(id string) *userRecord {
	u, ok := c.users[id]
	if ok && (c.shared == nil || c.clock.Now().Sub(u.read) < sharedUserFresh) {
		c.usersLRU.MoveToFront(u.elem)
		return u
	}
	// Read (again, on a store another process may have changed it); the
	// name and locale of a user with no record stay.
	fresh := userRecord{read: c.clock.Now()}
	if ok {
		fresh.Name, fresh.Hint = u.Name, u.Hint
	}
	rec, err := c.st.User(id)
	switch {
	case err == nil:
		fresh.stored = true
		if jerr := json.Unmarshal(rec.Data, &fresh); jerr != nil {
			c.log.Error("user record unreadable; starting afresh", "user", id, "err", jerr)
			fresh = userRecord{read: fresh.read}
		}
	case !errors.Is(err, store.ErrNotFound):
		c.log.Error("user record not read", "user", id, "err", err)
	}
	return c.keepUserLocked(id, fresh)
}

// keepUserLocked makes rec the user's record in memory, the most recently
// seen, and lets the least recently seen ones go past Options.Users.
func (c *Core) keepUserLocked(id string, rec userRecord) *userRecord {
	if u, ok := c.users[id]; ok {
		rec.elem = u.elem
		*u = rec
		c.usersLRU.MoveToFront(u.elem)
		return u
	}
	u := &rec
	u.elem = c.usersLRU.PushFront(id)
	c.users[id] = u
	for c.usersLRU.Len() > c.opts.Users {
		// What it held is in the store, or not worth keeping (a name, a
		// locale: they come again with the user's next command).
		oldest := c.usersLRU.Back()
		c.usersLRU.Remove(oldest)
		delete(c.users, oldest.Value.(string))
	}
	return u
}

// updateUser changes a user's record and saves it when it changed; the
// error says it could not be saved (it is logged).
func (c *Core) updateUser(id string, f func(*userRecord)) error {
	if id == "" {
		return nil
	}
	if c.shared != nil {
		return c.updateSharedUser(id, f)
	}
	c.usersMu.Lock()
	u := c.userLocked(id)
	before := *u
	f(u)
	after := *u
	c.usersMu.Unlock()
	if before == after || (!after.stored && !after.worthKeeping()) {
		return nil
	}
	data, _ := json.Marshal(after)
	if err := c.st.SaveUser(store.User{ID: id, Data: data}); err != nil {
		c.log.Error("user record not saved", "user", id, "err", err)
		// What was not saved is not kept: the user is told nothing changed.
		c.usersMu.Lock()
		if *u == after {
			*u = before
		}
		c.usersMu.Unlock()
		return err
	}
	c.usersMu.Lock()
	u.stored = true
	c.usersMu.Unlock()
	return nil
}

// updateSharedUser is updateUser on a store other processes share: the
// change is made to the record as stored, under the store's lock of the
// user, not to this process's copy, which may be older than a change made
// through another process (it would be written back over it).
func (c *Core) updateSharedUser(id string, f func(*userRecord)) error {
	// The name and locale of a user with no record are only in memory;
	// the record itself is read by UpdateUser.
	var mine userRecord
	c.usersMu.Lock()
	if u, ok := c.users[id]; ok {
		mine = *u
	}
	c.usersMu.Unlock()
	var after userRecord
	var stored bool
	err := c.shared.UpdateUser(id, func(data []byte, found bool) ([]byte, error) {
		cur := userRecord{Name: mine.Name, Hint: mine.Hint}
		if found {
			if jerr := json.Unmarshal(data, &cur); jerr != nil {
				c.log.Error("user record unreadable; starting afresh", "user", id, "err", jerr)
				cur = userRecord{}
			}
		}
		before := cur
		f(&cur)
		after, stored = cur, found
		if before == cur || (!found && !cur.worthKeeping()) {
			return nil, nil
		}
		stored = true
		return json.Marshal(cur)
	})
	if err != nil {
		c.log.Error("user record not saved", "user", id, "err", err)
		return err
	}
	after.stored, after.read = stored, c.clock.Now()
	c.usersMu.Lock()
	c.keepUserLocked(id, after)
	c.usersMu.Unlock()
	return nil
}

// noteUser remembers the platform's name and locale of a user.
func (c *Core) noteUser(u User) {
	if u.ID == "" {
		return
	}
	rec := c.user(u.ID)
	if rec.Name == u.Name && (u.Lang == "" || rec.Hint == u.Lang) {
		return
	}
	c.updateUser(u.ID, func(r *userRecord) {
		r.Name = u.Name
		if u.Lang != "" {
			r.Hint = u.Lang
		}
	})
}

// userLang is the language to speak to a user in: his choice, else his
// platform's locale, else the bot's default.
func (c *Core) userLang(u User) i18n.Lang {
	if u.ID != "" {
		rec := c.user(u.ID)
		if rec.Lang != "" {
			return rec.Lang
		}
		if u.Lang != "" {
			return u.Lang
		}
		if rec.Hint != "" {
			return rec.Hint
		}
	}
	if u.Lang != "" {
		return u.Lang
	}
	return c.opts.Lang
}

func (c *Core) langOf(userID string) i18n.Lang {
	return c.userLang(User{ID: userID})
}

// Lang is the language the bot speaks to a user in, for an adapter's own
// notes to him (the terminal chat's refusals of a button pressed wrong).
func (c *Core) Lang(userID string) i18n.Lang {
	return c.langOf(userID)
}
