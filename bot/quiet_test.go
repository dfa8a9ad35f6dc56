package bot

import (
	"testing"
	"time"
)

func TestQuiet_HoursAsPeopleTypeThem(t *testing.T) {
	for _, c := range []struct {
		in       string
		from, to int
		ok       bool
	}{
		{"23:00-08:00", 23 * 60, 8 * 60, true},
		{"23h-8h", 23 * 60, 8 * 60, true},
		{"23h30-7h", 23*60 + 30, 7 * 60, true},
		{"23-8", 23 * 60, 8 * 60, true},
		{"23:00 08:00", 23 * 60, 8 * 60, true},
		{"22h à 7h", 22 * 60, 7 * 60, true},
		{"13:00–14:30", 13 * 60, 14*60 + 30, true},
		{"24:00-06:00", 0, 6 * 60, true},
		{"23:00-23:00", 0, 0, false}, // a whole day is not a night
		{"25:00-08:00", 0, 0, false},
		{"23:7-08:00", 0, 0, false},
		{"soon", 0, 0, false},
		{"23:00", 0, 0, false},
	} {
		from, to, ok := parseHours(c.in)
		if ok != c.ok || ok && (from != c.from || to != c.to) {
			t.Errorf("parseHours(%q) = %d, %d, %v; want %d, %d, %v", c.in, from, to, ok, c.from, c.to, c.ok)
		}
	}
}

// Quiet hours are wall-clock hours in the person's zone: the night of the
// change to summer time is an hour shorter, that of the change to winter
// time an hour longer (Europe/Paris: the last Sundays of March and
// October).
func TestQuiet_PeriodFollowsDaylightSavingTime(t *testing.T) {
	q, ok := parseQuiet("23:00-08:00 Europe/Paris")
	if !ok {
		t.Fatal("not parsed")
	}
	utc := func(mo time.Month, d, h, m int) time.Time { return time.Date(2027, mo, d, h, m, 0, 0, time.UTC) }
	for _, c := range []struct {
		name       string
		at         time.Time
		start, end time.Time
		in         bool
	}{
		{"winter night", utc(time.January, 10, 2, 0), utc(time.January, 9, 22, 0), utc(time.January, 10, 7, 0), true},
		{"winter evening", utc(time.January, 10, 22, 30), utc(time.January, 10, 22, 0), utc(time.January, 11, 7, 0), true},
		{"winter day", utc(time.January, 10, 7, 0), time.Time{}, time.Time{}, false},
		// 28 March 2027: 02:00 CET becomes 03:00 CEST.
		{"spring forward", utc(time.March, 28, 1, 30), utc(time.March, 27, 22, 0), utc(time.March, 28, 6, 0), true},
		{"spring morning", utc(time.March, 28, 6, 0), time.Time{}, time.Time{}, false},
		// 31 October 2027: 03:00 CEST becomes 02:00 CET.
		{"fall back", utc(time.October, 31, 2, 30), utc(time.October, 30, 21, 0), utc(time.October, 31, 7, 0), true},
		{"fall morning, still quiet", utc(time.October, 31, 6, 30), utc(time.October, 30, 21, 0), utc(time.October, 31, 7, 0), true},
	} {
		start, end, in := q.period(c.at)
		if in != c.in || !start.Equal(c.start) || !end.Equal(c.end) {
			t.Errorf("%s: period(%v) = %v, %v, %v; want %v, %v, %v", c.name, c.at, start.UTC(), end.UTC(), in, c.start, c.end, c.in)
		}
	}
}

// A day window (a nap, a working day) does not run past midnight.
func TestQuiet_DayWindow(t *testing.T) {
	q, _ := parseQuiet("13:00-14:30 UTC")
	at := time.Date(2027, 1, 10, 13, 15, 0, 0, time.UTC)
	_, end, in := q.period(at)
	if !in || !end.Equal(time.Date(2027, 1, 10, 14, 30, 0, 0, time.UTC)) {
		t.Fatalf("period: %v %v", end, in)
	}
	if _, _, in := q.period(at.Add(2 * time.Hour)); in {
		t.Fatal("15:15 is not quiet")
	}
}

func TestZone_AsPeopleTypeIt(t *testing.T) {
	for typed, want := range map[string]string{
		"Europe/Paris": "Europe/Paris", "europe/paris": "Europe/Paris", "america/new_york": "America/New_York",
		"utc": "UTC", "UTC": "UTC",
	} {
		name, _, ok := findZone(typed)
		if !ok || name != want {
			t.Errorf("findZone(%q) = %q, %v; want %q", typed, name, ok, want)
		}
	}
	for _, bad := range []string{"Local", "", "Mars/Olympus", "../../etc/passwd", "Paris"} {
		if name, _, ok := findZone(bad); ok {
			t.Errorf("findZone(%q) accepted as %q", bad, name)
		}
	}
}

func TestAway_SpanAsPeopleTypeIt(t *testing.T) {
	day := 24 * time.Hour
	for _, c := range []struct {
		in   []string
		want time.Duration
		ok   bool
	}{
		{[]string{"3d"}, 3 * day, true},
		{[]string{"3j"}, 3 * day, true},
		{[]string{"3", "jours"}, 3 * day, true},
		{[]string{"2", "weeks"}, 14 * day, true},
		{[]string{"une", "semaine"}, 7 * day, true},
		{[]string{"a", "week"}, 7 * day, true},
		{[]string{"1w2d"}, 9 * day, true},
		{[]string{"1", "semaine", "et", "2", "jours"}, 9 * day, true},
		{[]string{"12h"}, 12 * time.Hour, true},
		{[]string{"2h30"}, 2*time.Hour + 30*time.Minute, true},
		{[]string{"90min"}, 90 * time.Minute, true},
		{[]string{"3"}, 0, false},
		{[]string{"tomorrow"}, 0, false},
		{[]string{"0d"}, 0, false},
		{[]string{"3x"}, 0, false},
	} {
		got, ok := parseSpan(c.in)
		if ok != c.ok || ok && got != c.want {
			t.Errorf("parseSpan(%q) = %v, %v; want %v, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}
