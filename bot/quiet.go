package bot

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"
	// Time zones by name (/settings tz=Europe/Paris) on any machine, even
	// one without a system time zone database.
	_ "time/tzdata"
)

// Quiet hours (/quiet 23:00-08:00): a person's hours of sleep, in his time
// zone. No reminder reaches him in them, and none of his deadlines runs
// out in them: a deadline that would moves to their end (timing.expiresAt,
// timing.remindAt). They are wall
// clock hours, so a night that changes to summer or winter time is an
// hour shorter or longer, as the person's own night is.
//
// The table keeps a copy of each player's quiet hours with his seat
// (Seat.Quiet, "23:00-08:00 Europe/Paris"), so that the scheduler works
// out a table's due time from the table alone: no user record is read
// when a deadline is armed or checked.

// maxQuiet is the longest quiet window: the other players wait through it.
const maxQuiet = 14 * time.Hour

// quietHours is a daily window [from, to) of local minutes after midnight,
// in loc; it may run past midnight (from > to).
type quietHours struct {
	from, to int
	loc      *time.Location
}

// parseHours reads a window as people type it: "23:00-08:00", "23h-8h",
// "23h30-7h", "23-8", and with the two ends as two words ("23:00 08:00").
func parseHours(s string) (from, to int, ok bool) {
	s = strings.NewReplacer("–", "-", "—", "-", " ", "-", "à", "-", "to", "-").Replace(strings.ToLower(s))
	a, b, found := strings.Cut(strings.Trim(s, "-"), "-")
	b = strings.Trim(b, "-")
	if !found {
		return 0, 0, false
	}
	if from, ok = parseClock(a); !ok {
		return 0, 0, false
	}
	if to, ok = parseClock(b); !ok || from == to {
		return 0, 0, false
	}
	return from, to, true
}

// parseClock reads "23:00", "23h", "23h30", "7", "07:05" as minutes after
// midnight.
func parseClock(s string) (int, bool) {
	s = strings.TrimSuffix(s, "h")
	h, m, _ := strings.Cut(strings.NewReplacer("h", ":").Replace(s), ":")
	hh, err := strconv.Atoi(h)
	if err != nil || hh < 0 || hh > 24 || len(h) > 2 {
		return 0, false
	}
	mm := 0
	if m != "" {
		if mm, err = strconv.Atoi(m); err != nil || mm < 0 || mm > 59 || len(m) != 2 {
			return 0, false
		}
	}
	if hh == 24 && mm == 0 {
		hh = 0 // "24:00" is midnight
	}
	if hh > 23 {
		return 0, false
	}
	return hh*60 + mm, true
}

// windowLength is how long a window lasts on a day without a change of
// time.
func windowLength(from, to int) time.Duration {
	n := to - from
	if n < 0 {
		n += 24 * 60
	}
	return time.Duration(n) * time.Minute
}

func clockText(m int) string { return fmt.Sprintf("%02d:%02d", m/60, m%60) }

// hoursText is a window as it is shown and stored: "23:00-08:00".
func hoursText(from, to int) string { return clockText(from) + "-" + clockText(to) }

// quietSpec is what a seat keeps: the window and the zone's name.
func quietSpec(hours, zone string) string {
	if hours == "" {
		return ""
	}
	if zone == "" {
		zone = "UTC"
	}
	return hours + " " + zone
}

// parseQuiet reads a seat's quiet hours; ok is false for none.
func parseQuiet(spec string) (quietHours, bool) {
	hours, zone, _ := strings.Cut(spec, " ")
	from, to, ok := parseHours(hours)
	if !ok {
		return quietHours{}, false
	}
	loc, ok := zoneNamed(zone)
	if !ok {
		loc = time.UTC
	}
	return quietHours{from: from, to: to, loc: loc}, true
}

// zones caches the time zones loaded by name: LoadLocation reads and
// parses the zone's data at each call. The names are those people set
// with /settings tz=, which LoadLocation accepted: a few hundred at most.
var zones sync.Map // name -> *time.Location

// zoneNamed loads an IANA time zone ("Europe/Paris", "UTC"). The
// machine's own zone ("Local", "") is refused: the bot's is nobody's.
func zoneNamed(name string) (*time.Location, bool) {
	if name == "" || name == "Local" {
		return nil, false
	}
	if loc, ok := zones.Load(name); ok {
		return loc.(*time.Location), true
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, false
	}
	zones.Store(name, loc)
	return loc, true
}

// findZone reads a zone as people type it: "Europe/Paris", and in any case
// ("europe/paris", "america/new_york"), since IANA names are capitalised
// word by word. It returns the zone's proper name.
func findZone(typed string) (string, *time.Location, bool) {
	if loc, ok := zoneNamed(typed); ok {
		return typed, loc, true
	}
	if strings.EqualFold(typed, "utc") || strings.EqualFold(typed, "gmt") {
		return "UTC", time.UTC, true
	}
	b := []byte(strings.ToLower(typed))
	for i := range b {
		if i == 0 || strings.ContainsRune("/_-", rune(b[i-1])) {
			b[i] = strings.ToUpper(string(b[i]))[0]
		}
	}
	if loc, ok := zoneNamed(string(b)); ok {
		return string(b), loc, true
	}
	return "", nil, false
}

func (q quietHours) minute(t time.Time) int {
	l := t.In(q.loc)
	return l.Hour()*60 + l.Minute()
}

func (q quietHours) inWindow(m int) bool {
	if q.from < q.to {
		return m >= q.from && m < q.to
	}
	return m >= q.from || m < q.to
}

// period is the quiet period t falls in: when it began and when it ends;
// ok is false when t is not in quiet hours.
func (q quietHours) period(t time.Time) (start, end time.Time, ok bool) {
	m := q.minute(t)
	if !q.inWindow(m) {
		return time.Time{}, time.Time{}, false
	}
	l := t.In(q.loc)
	y, mo, d := l.Date()
	if q.from > q.to && m < q.to {
		d-- // the window began the evening before
	}
	start = time.Date(y, mo, d, q.from/60, q.from%60, 0, 0, q.loc)
	if q.from > q.to {
		d++
	}
	end = time.Date(y, mo, d, q.to/60, q.to%60, 0, 0, q.loc)
	// A local time the change to winter time repeats may be read as its
	// first occurrence, before t: its second is an hour later.
	for !end.After(t) {
		end = end.Add(time.Hour)
	}
	return start, end, true
}

// quietOf is the quiet hours of the player of a seat; ok is false for none.
func (t *Table) quietOf(seat int) (quietHours, bool) {
	if seat < 0 || seat >= len(t.Seats) || t.Seats[seat].Quiet == "" {
		return quietHours{}, false
	}
	return parseQuiet(t.Seats[seat].Quiet)
}

// quietNow tells whether the seat's player is in his quiet hours.
func (t *Table) quietNow(seat int, now time.Time) bool {
	q, ok := t.quietOf(seat)
	if !ok {
		return false
	}
	_, _, in := q.period(now)
	return in
}
