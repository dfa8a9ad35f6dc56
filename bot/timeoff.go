package bot

import (
	"strconv"
	"strings"
	"time"

	"github.com/tablee/tablee/i18n"
)

// Time off: /away 3d, /quiet 23:00-08:00, /settings tz=Europe/Paris.
//
// They are the user's, kept in his record, and each of his open tables
// keeps a copy with his seat (Seat.AwayUntil, Seat.Quiet), so that the
// scheduler works from the table alone and stays driven by the due index:
// a change is carried to his tables through the store's index of seated
// users, never by reading every table. A table's copy changes under the
// table's lock and is saved with it; the carrying is idempotent, so a
// command cut by a crash is whole again when the user repeats it.
//
// While a player is away, a table that waits for him (Settings.Away
// "pause", the default) moves his deadlines by the length of his time
// off: his clock stops, and runs again with what was left when he is back.
// A table that chose away=bot lets the bot play his seat until then. The
// chat is told once when he goes and once when he is back, never at each
// turn. The end of his time off is a due time of the table, so the
// scheduler gives the seat back to him then.

// maxAway is the longest time off at once: a table that waits for a
// player waits at most that long.
const maxAway = 30 * 24 * time.Hour

func laterOf(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// tell is a private answer: what a user set for himself is his.
func (r replier) tell(key string, args ...any) []Out {
	return []Out{{Dest: ToReply, Private: true, Text: r.text(key, args...)}}
}

// zoneOf is the user's time zone, UTC when he set none.
func zoneOf(u userRecord) *time.Location {
	if loc, ok := zoneNamed(u.TZ); ok {
		return loc
	}
	return time.UTC
}

func zoneName(u userRecord) string {
	if u.TZ == "" {
		return "UTC"
	}
	return u.TZ
}

// Time off: an absence (/away) and quiet hours (/quiet).
func init() {
	commands.add(
		command{Name: "away", French: "absence", Aliases: []string{"absent"}, Rank: 100, Help: "bot.help.timeoff",
			Params: []Param{{Name: "duration"}}, Run: plain((*Core).away)},
		command{Name: "quiet", French: "calme", Aliases: []string{"heures_calmes"}, Rank: 101, Help: "bot.help.timeoff",
			Params: []Param{{Name: "hours"}}, Run: plain((*Core).quiet)},
	)
}

// away is /away 3d (/absence 3j), /away off, and /away alone for where
// things stand.
func (c *Core) away(cmd Command, rep replier) []Out {
	u := c.user(cmd.User.ID)
	now := c.clock.Now().UTC()
	loc := zoneOf(u)
	if len(cmd.Args) == 0 {
		if u.AwayUntil.After(now) {
			return rep.tell("bot.away_status", i18n.DateIn(u.AwayUntil, loc))
		}
		return rep.tell("bot.away_none", i18n.Duration(maxAway))
	}
	var until time.Time
	if !isOff(cmd.Args) {
		d, ok := parseSpan(cmd.Args)
		if !ok {
			return rep.refuse("bot.bad_away", strings.Join(cmd.Args, " "))
		}
		if d > maxAway {
			return rep.refuse("bot.away_too_long", i18n.Duration(maxAway))
		}
		// To the minute, as it is shown, never shorter than asked.
		until = now.Add(d + time.Minute - time.Nanosecond).Truncate(time.Minute)
	}
	if err := c.updateUser(cmd.User.ID, func(r *userRecord) { r.AwayUntil = until }); err != nil {
		return rep.refuse("bot.save_failed")
	}
	if c.atMyTables(cmd.User.ID, func(t *Table) bool { return c.setAway(t, cmd.User.ID, until, now) }) > 0 {
		return rep.refuse("bot.save_failed")
	}
	if until.IsZero() {
		return rep.tell("bot.away_off")
	}
	return rep.tell("bot.away_set", i18n.DateIn(until, loc))
}

// isOff tells whether the arguments end something: "off", "stop", "fini".
func isOff(args []string) bool {
	if len(args) != 1 {
		return false
	}
	switch strings.ToLower(args[0]) {
	case "off", "stop", "none", "no", "back", "non", "fin", "fini", "finie", "retour", "aucune", "aucun":
		return true
	}
	return false
}

// units are the units of a time off as people write them, in both
// languages.
var units = map[string]time.Duration{
	"m": time.Minute, "min": time.Minute, "mn": time.Minute, "minute": time.Minute, "minutes": time.Minute,
	"h": time.Hour, "hr": time.Hour, "hrs": time.Hour, "hour": time.Hour, "hours": time.Hour, "heure": time.Hour, "heures": time.Hour,
	"d": 24 * time.Hour, "day": 24 * time.Hour, "days": 24 * time.Hour,
	"j": 24 * time.Hour, "jour": 24 * time.Hour, "jours": 24 * time.Hour,
	"w": 7 * 24 * time.Hour, "wk": 7 * 24 * time.Hour, "week": 7 * 24 * time.Hour, "weeks": 7 * 24 * time.Hour,
	"sem": 7 * 24 * time.Hour, "semaine": 7 * 24 * time.Hour, "semaines": 7 * 24 * time.Hour,
}

// parseSpan reads a length of time as people type it: "3d", "3j",
// "3 jours", "2 weeks", "une semaine", "1w2d", "1 semaine et 2 jours",
// "12h", "2h30". A number needs its unit, except minutes after hours.
func parseSpan(args []string) (time.Duration, bool) {
	var words []string
	for _, a := range args {
		switch a = strings.ToLower(a); a {
		case "a", "an", "one", "un", "une":
			words = append(words, "1")
		case "and", "et", ",", "+":
		default:
			words = append(words, a)
		}
	}
	s := strings.Join(words, "")
	var total time.Duration
	var last time.Duration
	for s != "" {
		i := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == 0 || i > 4 {
			return 0, false
		}
		n, _ := strconv.Atoi(s[:i])
		s = s[i:]
		j := 0
		for j < len(s) && (s[j] < '0' || s[j] > '9') {
			j++
		}
		unit := s[:j]
		s = s[j:]
		u, ok := units[unit]
		if unit == "" && last == time.Hour && s == "" {
			u, ok = time.Minute, true // "2h30"
		}
		if !ok {
			return 0, false
		}
		total += time.Duration(n) * u
		last = u
		if total > 366*24*time.Hour {
			return total, true // too long anyway: the caller says so
		}
	}
	return total, total > 0
}

// atMyTables runs change on every open table where the user sits, each
// under its lock, saves those it changed and lets their bots play; it
// returns how many could not be saved (each is as it was).
func (c *Core) atMyTables(user string, change func(*Table) bool) (failed int) {
	for _, id := range c.userTables(user) {
		if !c.changeTable(id, change) {
			failed++
		}
	}
	return failed
}

func (c *Core) changeTable(id uint64, change func(*Table) bool) bool {
	t := c.lockLive(c.table(id))
	if t == nil {
		return true // finished or gone meanwhile
	}
	defer c.unlock(t)
	snap := t.snapshot()
	if !change(t) {
		return true
	}
	if !c.keep(t, snap) {
		return false
	}
	if t.Phase == Playing {
		c.runBots(t)
	}
	return true
}

// setAway puts the user's seat at a table on time off until until, or
// back for the zero time. At a table that waits for him his deadlines move
// by the change in his time off; the chat is told. The caller holds the
// lock; it reports whether anything changed.
func (c *Core) setAway(t *Table, user string, until, now time.Time) bool {
	if !until.After(now) {
		until = time.Time{}
	}
	changed, timed := false, false
	for i := range t.Seats {
		s := &t.Seats[i]
		if s.User != user || !s.human() || s.AwayUntil.Equal(until) {
			continue
		}
		_, has := t.deadline(i)
		timed = timed || has
		if has && t.Settings.Away == AwayPause {
			// The clock stops while he is away: what was left is left
			// when he is back, however often he changes his return.
			shift := laterOf(now, until).Sub(laterOf(now, s.AwayUntil))
			for j := range t.Deadlines {
				if d := &t.Deadlines[j]; d.Seat == i {
					d.At = laterOf(now, d.At.Add(shift))
					d.Reminded = d.Reminded && shift <= 0
				}
			}
		}
		was := s.away()
		s.AwayUntil = until
		switch {
		case was && until.IsZero():
			// Back: the table's wait for a move starts again (idle.go).
			t.Active = laterOf(t.Active, now.UTC())
		case !until.IsZero() && t.Settings.Away == AwayPause && t.Phase == Playing:
			// Time off at a table that waits for him says the player
			// means to come back: a notice that nobody plays is taken
			// back, and the wait runs from his return (idle.go).
			t.Told, t.Lapsed = time.Time{}, nil
		}
		changed = true
		if t.Phase == Playing {
			c.sayAway(t, i, was)
		}
	}
	if changed && t.Phase == Playing {
		c.rearm(t, -1)
		if seat := t.seatOf(user); timed || seat >= 0 && hasDeadline(t, seat) {
			t.showBoard(nil) // the deadline it shows moved
		}
	}
	return changed
}

func hasDeadline(t *Table, seat int) bool {
	_, ok := t.deadline(seat)
	return ok
}

// sayAway tells the chat, once, that a player went away or came back.
func (c *Core) sayAway(t *Table, seat int, was bool) {
	s := t.Seats[seat]
	switch {
	case s.away() && t.Settings.Away == AwayBot:
		t.say(i18n.T("bot.away_bot", s.Name, i18n.Date(s.AwayUntil)))
	case s.away():
		t.say(i18n.T("bot.away_pause", s.Name, i18n.Date(s.AwayUntil)))
	case was:
		t.say(i18n.T("bot.away_back", s.Name))
	}
}

// endAway gives their seats back to the players whose time off ended: the
// scheduler calls it when a table's due time comes.
func (c *Core) endAway(t *Table, now time.Time) {
	if t = c.lockTicked(t); t == nil {
		return
	}
	defer c.unlock(t)
	if t.Phase != Playing {
		return
	}
	snap := t.snapshot()
	changed := false
	for _, s := range t.Seats {
		if s.away() && !now.Before(s.AwayUntil) {
			changed = c.setAway(t, s.User, time.Time{}, now) || changed
		}
	}
	if changed {
		c.keep(t, snap)
	}
}

// startAway clears, when a game starts, the time off of its lobby that
// ended, and tells the chat of those still away. The caller holds the
// lock.
func (c *Core) startAway(t *Table, now time.Time) {
	for i := range t.Seats {
		s := &t.Seats[i]
		if !s.away() {
			continue
		}
		if !now.Before(s.AwayUntil) {
			s.AwayUntil = time.Time{}
			continue
		}
		c.sayAway(t, i, false)
	}
}

// newSeat is a person's seat, with his quiet hours and his time off.
func (c *Core) newSeat(u User) Seat {
	rec := c.user(u.ID)
	s := Seat{User: u.ID, Name: u.Name, Quiet: quietSpec(rec.Quiet, rec.TZ)}
	if rec.AwayUntil.After(c.clock.Now()) {
		s.AwayUntil = rec.AwayUntil
	}
	return s
}

// quiet is /quiet 23:00-08:00 (/calme 23h-8h), /quiet off, and /quiet
// alone for where things stand.
func (c *Core) quiet(cmd Command, rep replier) []Out {
	u := c.user(cmd.User.ID)
	if len(cmd.Args) == 0 {
		if u.Quiet == "" {
			return rep.tell("bot.quiet_none")
		}
		from, to, _ := parseHours(u.Quiet)
		return rep.tell("bot.quiet_status", clockText(from), clockText(to), zoneName(u))
	}
	hours := ""
	if !isOff(cmd.Args) {
		from, to, ok := parseHours(strings.Join(cmd.Args, " "))
		if !ok {
			return rep.refuse("bot.bad_quiet", strings.Join(cmd.Args, " "), i18n.Duration(maxQuiet))
		}
		if windowLength(from, to) > maxQuiet {
			return rep.refuse("bot.quiet_too_long", clockText(from), clockText(to), i18n.Duration(maxQuiet))
		}
		hours = hoursText(from, to)
	}
	if err := c.updateUser(cmd.User.ID, func(r *userRecord) { r.Quiet = hours }); err != nil {
		return rep.refuse("bot.save_failed")
	}
	if c.carryQuiet(cmd.User.ID, quietSpec(hours, u.TZ)) > 0 {
		return rep.refuse("bot.save_failed")
	}
	if hours == "" {
		return rep.tell("bot.quiet_off")
	}
	from, to, _ := parseHours(hours)
	out := rep.tell("bot.quiet_set", clockText(from), clockText(to), zoneName(u))
	if u.TZ == "" {
		out[0].Text += "\n" + rep.text("bot.quiet_utc")
	}
	return out
}

// carryQuiet gives the user's seats his quiet hours; it returns how many
// tables could not be saved.
func (c *Core) carryQuiet(user, spec string) int {
	return c.atMyTables(user, func(t *Table) bool {
		changed, timed := false, false
		for i := range t.Seats {
			if s := &t.Seats[i]; s.User == user && s.human() && s.Quiet != spec {
				s.Quiet, changed = spec, true
				timed = timed || hasDeadline(t, i)
			}
		}
		if timed {
			t.showBoard(nil) // the deadline it shows may move
		}
		return changed
	})
}

// setZone is /settings tz=Europe/Paris (fuseau=): the user's time zone,
// for his quiet hours and the dates he alone reads.
func (c *Core) setZone(user, typed string, rep replier) []Out {
	name, loc, ok := findZone(typed)
	if !ok {
		return rep.refuse("bot.bad_tz", typed)
	}
	if name == "UTC" {
		name = ""
	}
	if err := c.updateUser(user, func(r *userRecord) { r.TZ = name }); err != nil {
		return rep.refuse("bot.save_failed")
	}
	u := c.user(user)
	if u.Quiet != "" && c.carryQuiet(user, quietSpec(u.Quiet, name)) > 0 {
		return rep.refuse("bot.save_failed")
	}
	return rep.tell("bot.set_tz", zoneName(u), c.clock.Now().In(loc).Format("15:04"))
}
