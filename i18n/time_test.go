package i18n

import (
	"testing"
	"time"
	_ "time/tzdata" // Europe/Paris on any machine
)

func TestDuration_AsPeopleWriteIt(t *testing.T) {
	fr, en := Renderer{Lang: FR}, Renderer{Lang: EN}
	for _, c := range []struct {
		d      time.Duration
		fr, en string
	}{
		{0, "moins d'une minute", "less than a minute"},
		{-time.Hour, "moins d'une minute", "less than a minute"},
		{59 * time.Second, "moins d'une minute", "less than a minute"},
		{time.Minute, "1 min", "1 min"},
		{90 * time.Second, "2 min", "2 min"},
		{30 * time.Minute, "30 min", "30 min"},
		{59*time.Minute + 40*time.Second, "1 h", "1 h"},
		{2 * time.Hour, "2 h", "2 h"},
		{2*time.Hour + 30*time.Minute, "2 h 30 min", "2 h 30 min"},
		{12 * time.Hour, "12 h", "12 h"},
		{23*time.Hour + 59*time.Minute + 50*time.Second, "1 jour", "1 day"},
		{24 * time.Hour, "1 jour", "1 day"},
		{28*time.Hour + 10*time.Minute, "1 jour 4 h", "1 day 4 h"},
		{48 * time.Hour, "2 jours", "2 days"},
		{50 * time.Hour, "2 jours 2 h", "2 days 2 h"},
		{365 * 24 * time.Hour, "365 jours", "365 days"},
	} {
		if got := fr.Text(Duration(c.d)); got != c.fr {
			t.Errorf("fr %v: %q, want %q", c.d, got, c.fr)
		}
		if got := en.Text(Duration(c.d)); got != c.en {
			t.Errorf("en %v: %q, want %q", c.d, got, c.en)
		}
	}
}

func TestDate_DayAndTimeInUTC(t *testing.T) {
	paris := time.FixedZone("CET", 3600)
	for _, c := range []struct {
		t      time.Time
		fr, en string
	}{
		{time.Date(2025, 1, 2, 16, 4, 0, 0, paris), "jeudi 2 janvier à 15:04 UTC", "Thursday 2 January at 15:04 UTC"},
		{time.Date(2025, 8, 1, 9, 0, 0, 0, time.UTC), "vendredi 1er août à 09:00 UTC", "Friday 1 August at 09:00 UTC"},
	} {
		if got := (Renderer{Lang: FR}).Text(Date(c.t)); got != c.fr {
			t.Errorf("fr: %q, want %q", got, c.fr)
		}
		if got := (Renderer{Lang: EN}).Text(Date(c.t)); got != c.en {
			t.Errorf("en: %q, want %q", got, c.en)
		}
	}
}

// In a reader's own zone the date says the zone, summer and winter time
// apart (Europe/Paris changes on the last Sundays of March and October).
func TestDateIn_SaysTheZone(t *testing.T) {
	paris, err := time.LoadLocation("Europe/Paris")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		t      time.Time
		fr, en string
	}{
		{time.Date(2027, 3, 28, 6, 0, 0, 0, time.UTC), "dimanche 28 mars à 08:00 CEST", "Sunday 28 March at 08:00 CEST"},
		{time.Date(2027, 10, 31, 7, 0, 0, 0, time.UTC), "dimanche 31 octobre à 08:00 CET", "Sunday 31 October at 08:00 CET"},
	} {
		if got := (Renderer{Lang: FR}).Text(DateIn(c.t, paris)); got != c.fr {
			t.Errorf("fr: %q, want %q", got, c.fr)
		}
		if got := (Renderer{Lang: EN}).Text(DateIn(c.t, paris)); got != c.en {
			t.Errorf("en: %q, want %q", got, c.en)
		}
	}
}

// A one-minute deadline read to the minute ("avant 11:23" at 11:22:57)
// seems to leave three seconds: a short deadline says how long is left and
// the time to the second; a far one stays a date.
func TestDeadline_ShortOnesSayTheSeconds(t *testing.T) {
	fr, en := Renderer{Lang: FR}, Renderer{Lang: EN}
	now := time.Date(2026, 11, 26, 11, 22, 57, 0, time.UTC)
	for _, c := range []struct {
		at     time.Time
		fr, en string
	}{
		{now.Add(time.Minute), "dans 1 min (avant 11:23:57 UTC)", "within 1 min (by 11:23:57 UTC)"},
		{now.Add(20 * time.Second), "dans moins d'une minute (avant 11:23:17 UTC)", "within less than a minute (by 11:23:17 UTC)"},
		{now.Add(3 * time.Minute), "dans 3 min (avant 11:25:57 UTC)", "within 3 min (by 11:25:57 UTC)"},
		{now.Add(2 * time.Hour), "avant le jeudi 26 novembre à 13:22 UTC", "by Thursday 26 November at 13:22 UTC"},
	} {
		if got := fr.Text(Deadline(c.at, now)); got != c.fr {
			t.Errorf("fr %v: %q, want %q", c.at, got, c.fr)
		}
		if got := en.Text(Deadline(c.at, now)); got != c.en {
			t.Errorf("en %v: %q, want %q", c.at, got, c.en)
		}
	}
}

func TestDay_AndMonth_AsPeopleWriteThem(t *testing.T) {
	cases := []struct {
		t              time.Time
		fr, en         string
		monthFR, month string
	}{
		{time.Date(2026, 11, 27, 0, 0, 0, 0, time.UTC), "vendredi 27 novembre", "Friday 27 November", "novembre 2026", "November 2026"},
		{time.Date(2026, 8, 1, 23, 30, 0, 0, time.UTC), "samedi 1er août", "Saturday 1 August", "août 2026", "August 2026"},
	}
	fr, en := Renderer{Lang: FR}, Renderer{Lang: EN}
	for _, c := range cases {
		if got := fr.Text(Day(c.t)); got != c.fr {
			t.Errorf("Day(%v) fr = %q, want %q", c.t, got, c.fr)
		}
		if got := en.Text(Day(c.t)); got != c.en {
			t.Errorf("Day(%v) en = %q, want %q", c.t, got, c.en)
		}
		if got := fr.Text(Month(c.t)); got != c.monthFR {
			t.Errorf("Month(%v) fr = %q, want %q", c.t, got, c.monthFR)
		}
		if got := en.Text(Month(c.t)); got != c.month {
			t.Errorf("Month(%v) en = %q, want %q", c.t, got, c.month)
		}
	}
}
