package duplicate

import (
	"testing"
	"time"
)

func utc(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

// TestDayBoundaryInParis: the day changes at midnight Paris time: 23:00 UTC
// in winter (UTC+1), 22:00 UTC in summer (UTC+2), on the days the clocks
// change (2026-03-29 spring forward, 2026-10-25 fall back) and a normal day.
func TestDayBoundaryInParis(t *testing.T) {
	cases := []struct {
		at   string
		want string
	}{
		// A normal winter day: midnight Paris is 23:00 UTC the day before.
		{"2026-01-14T22:59:59Z", "2026-01-14"},
		{"2026-01-14T23:00:00Z", "2026-01-15"},
		// 2026-03-29: the clocks go from 02:00 to 03:00; the day starts in
		// winter time (23:00 UTC on the 28th) and the next in summer time.
		{"2026-03-28T22:59:59Z", "2026-03-28"},
		{"2026-03-28T23:00:00Z", "2026-03-29"},
		{"2026-03-29T00:59:59Z", "2026-03-29"}, // 01:59:59 Paris, winter
		{"2026-03-29T01:00:00Z", "2026-03-29"}, // 03:00 Paris, summer
		{"2026-03-29T21:59:59Z", "2026-03-29"},
		{"2026-03-29T22:00:00Z", "2026-03-30"},
		// 2026-10-25: the clocks go from 03:00 back to 02:00; the day
		// starts in summer time (22:00 UTC on the 24th), the next in winter.
		{"2026-10-24T21:59:59Z", "2026-10-24"},
		{"2026-10-24T22:00:00Z", "2026-10-25"},
		{"2026-10-25T00:30:00Z", "2026-10-25"}, // 02:30 Paris, the first time
		{"2026-10-25T01:30:00Z", "2026-10-25"}, // 02:30 Paris, the second time
		{"2026-10-25T22:59:59Z", "2026-10-25"},
		{"2026-10-25T23:00:00Z", "2026-10-26"},
	}
	for _, c := range cases {
		if got := DayOf(utc(c.at)).String(); got != c.want {
			t.Errorf("DayOf(%s) = %s, want %s", c.at, got, c.want)
		}
	}
}

// TestDayStartAndLength: a day starts at midnight Paris; the day the
// clocks spring forward lasts 23 hours, the day they fall back 25, and the
// next day of each is the calendar's next.
func TestDayStartAndLength(t *testing.T) {
	cases := []struct {
		day   Day
		start string
		hours float64
	}{
		{Day{2026, time.January, 14}, "2026-01-13T23:00:00Z", 24},
		{Day{2026, time.March, 29}, "2026-03-28T23:00:00Z", 23},
		{Day{2026, time.October, 25}, "2026-10-24T22:00:00Z", 25},
		{Day{2026, time.December, 31}, "2026-12-30T23:00:00Z", 24},
	}
	for _, c := range cases {
		if got := c.day.Start(); !got.Equal(utc(c.start)) {
			t.Errorf("%s starts %s, want %s", c.day, got.UTC().Format(time.RFC3339), c.start)
		}
		next := c.day.Next()
		if h := next.Start().Sub(c.day.Start()).Hours(); h != c.hours {
			t.Errorf("%s lasts %v hours, want %v", c.day, h, c.hours)
		}
		if DayOf(c.day.Start()) != c.day || DayOf(next.Start().Add(-time.Nanosecond)) != c.day || DayOf(next.Start()) != next {
			t.Errorf("%s: its start or its end belongs to another day", c.day)
		}
	}
	if got := (Day{2026, time.December, 31}).Next().String(); got != "2027-01-01" {
		t.Errorf("the day after 2026-12-31 is %s", got)
	}
}
