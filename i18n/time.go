package i18n

import (
	"fmt"
	"time"
)

// Duration is a length of time as people write it, in the reader's
// language: "30 min", "2 h", "2 h 30 min", "1 j 4 h" ("1 day 4 h"), and
// "moins d'une minute" under a minute, never Go's "2h0m0s" or "0s". Every
// duration shown to a player (turn time, reminders, a phase's limit) goes
// through it.
//
// It keeps the two largest units that matter: minutes are rounded to the
// nearest one, and from a day on, to the nearest hour.
func Duration(d time.Duration) Msg {
	if d < time.Minute {
		return T("i18n.duration.under_minute")
	}
	m := d.Round(time.Minute)
	if m < 24*time.Hour {
		h, min := int(m/time.Hour), int(m%time.Hour/time.Minute)
		switch {
		case h == 0:
			return T("i18n.duration.min", min)
		case min == 0:
			return T("i18n.duration.h", h)
		}
		return T("i18n.duration.h_min", h, min)
	}
	hours := int(d.Round(time.Hour) / time.Hour)
	if hours%24 == 0 {
		return T("i18n.duration.d", hours/24)
	}
	return T("i18n.duration.d_h", hours/24, hours%24)
}

// Date is a moment as people read it in a message that stays on screen
// for days: the day and the time, in UTC since a chat's readers live in
// many time zones ("jeudi 2 janvier à 15:04 UTC"). It never says "today",
// which a board read the next morning would get wrong.
func Date(t time.Time) Msg { return DateIn(t, time.UTC) }

// DateIn is Date in a reader's own time zone, for what only he reads (his
// list of games, his time off): the zone's abbreviation follows the time
// ("samedi 28 mars à 08:00 CEST"), so that a change of daylight saving
// time reads as it is.
func DateIn(t time.Time, loc *time.Location) Msg {
	if loc == nil {
		loc = time.UTC
	}
	t = t.In(loc)
	day := T("i18n.date.day", t.Day())
	if t.Day() == 1 {
		day = T("i18n.date.first")
	}
	return T("i18n.date", T(fmt.Sprintf("i18n.weekday.%d", int(t.Weekday()))), day,
		T(fmt.Sprintf("i18n.month.%d", int(t.Month()))), t.Format("15:04"), t.Format("MST"))
}

// Day is a calendar day as people write it in a sentence, without a time
// ("vendredi 27 novembre", "Friday 27 November"): a day that is the same
// everywhere, as the daily challenge's, which changes at midnight in Paris.
func Day(t time.Time) Msg {
	day := T("i18n.date.day", t.Day())
	if t.Day() == 1 {
		day = T("i18n.date.first")
	}
	return T("i18n.day", T(fmt.Sprintf("i18n.weekday.%d", int(t.Weekday()))), day, T(fmt.Sprintf("i18n.month.%d", int(t.Month()))))
}

// Month is a month and its year as people write them ("novembre 2026",
// "November 2026").
func Month(t time.Time) Msg {
	return T("i18n.month_year", T(fmt.Sprintf("i18n.month.%d", int(t.Month()))), t.Year())
}

// SoonWithin is how close a deadline is short: a phase of a live game (a
// minute to answer, three to compose) rather than a turn of days.
const SoonWithin = 10 * time.Minute

// Deadline is when a player must act, for a message read at now: a date
// ("avant le jeudi 26 novembre à 13:22 UTC"), or, for a short deadline,
// how long is left and the time to the second ("dans 1 min (avant
// 11:23:57 UTC)"), since a minute read as "11:23" at 11:22:57 would seem
// to leave three seconds.
func Deadline(at, now time.Time) Msg {
	left := at.Sub(now)
	if left >= SoonWithin {
		return T("i18n.deadline.by", Date(at))
	}
	return T("i18n.deadline.soon", Duration(left), at.UTC().Format("15:04:05"))
}
