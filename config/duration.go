package config

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
)

// Duration is a time.Duration written as Go writes them ("90s", "1h30m")
// or in days ("2d", "1d12h"), for the deadlines of slow games.
type Duration time.Duration

const day = 24 * time.Hour

// ParseDuration reads "90s", "12h", "2d", "1d12h" or "0".
func ParseDuration(s string) (Duration, error) {
	s = strings.TrimSpace(s)
	in := s
	var total time.Duration
	if i := strings.IndexByte(s, 'd'); i >= 0 {
		n, err := strconv.ParseUint(s[:i], 10, 16)
		if err != nil {
			return 0, fmt.Errorf("%q is not a duration (use 90s, 12h or 2d)", in)
		}
		total = time.Duration(n) * day
		s = s[i+1:]
		if s == "" {
			return Duration(total), nil
		}
		if s[0] == '-' || s[0] == '+' {
			return 0, fmt.Errorf("%q is not a duration (use 90s, 12h or 2d)", in)
		}
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf("%q is not a duration (use 90s, 12h or 2d)", in)
	}
	return Duration(total + d), nil
}

// D is the duration as a time.Duration.
func (d Duration) D() time.Duration { return time.Duration(d) }

// String writes whole days as "2d" and the rest as Go does, without its
// zero units: "0s", "90s" is "1m30s", "12h" (not Go's "12h0m0s"), "36h" is
// "1d12h". ParseDuration reads every form back.
func (d Duration) String() string {
	t := time.Duration(d)
	if t < day && t > -day {
		return trimZeroUnits(t.String())
	}
	days, rest := t/day, t%day
	if rest < 0 {
		return trimZeroUnits(t.String())
	}
	s := strconv.FormatInt(int64(days), 10) + "d"
	if rest != 0 {
		s += trimZeroUnits(rest.String())
	}
	return s
}

// trimZeroUnits drops the zero minutes and seconds Go writes after hours
// and minutes: "12h0m0s" is "12h", "5m0s" is "5m"; "0s" stays.
func trimZeroUnits(s string) string {
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// UnmarshalYAML reads a duration scalar; a bad one is reported with its
// line, like yaml's own type errors, so the error can name the setting.
func (d *Duration) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind != yaml.ScalarNode {
		return &yaml.TypeError{Errors: []string{fmt.Sprintf("line %d: must be a duration such as 90s, 12h or 2d", n.Line)}}
	}
	v, err := ParseDuration(n.Value)
	if err != nil {
		return &yaml.TypeError{Errors: []string{fmt.Sprintf("line %d: must be a duration such as 90s, 12h or 2d, not %q", n.Line, n.Value)}}
	}
	*d = v
	return nil
}

// MarshalYAML writes the duration as String does.
func (d Duration) MarshalYAML() (any, error) { return d.String(), nil }

// MarshalText writes the duration as String does.
func (d Duration) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText reads what ParseDuration reads.
func (d *Duration) UnmarshalText(b []byte) error {
	v, err := ParseDuration(string(b))
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// Period is a Duration that the word "off" turns off (0), for what runs on
// a schedule: backups.every. "0" is off as well.
type Period Duration

// Retention is a Duration that the word "keep" makes unlimited (0): how
// long finished games are kept. "0" keeps them as well.
type Retention Duration

// parseSwitched reads a duration or the word that stands for 0.
func parseSwitched(s, word string) (Duration, error) {
	if strings.EqualFold(strings.TrimSpace(s), word) {
		return 0, nil
	}
	d, err := ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf("%q is neither %s nor a duration (use 12h or 2d)", s, word)
	}
	return d, nil
}

// unmarshalSwitched reads a scalar for Period and Retention, with an error
// that yaml's type errors carry to the setting's name and line.
func unmarshalSwitched(n *yaml.Node, word, example string) (Duration, error) {
	if n.Kind != yaml.ScalarNode {
		return 0, &yaml.TypeError{Errors: []string{fmt.Sprintf("line %d: must be %s or a duration such as %s", n.Line, word, example)}}
	}
	d, err := parseSwitched(n.Value, word)
	if err != nil {
		return 0, &yaml.TypeError{Errors: []string{fmt.Sprintf("line %d: must be %s or a duration such as %s, not %q", n.Line, word, example, n.Value)}}
	}
	return d, nil
}

// D is the period as a time.Duration, 0 when off.
func (p Period) D() time.Duration { return time.Duration(p) }

// String writes "off" for 0, else as Duration does.
func (p Period) String() string {
	if p == 0 {
		return "off"
	}
	return Duration(p).String()
}

// UnmarshalYAML reads "off" or a duration.
func (p *Period) UnmarshalYAML(n *yaml.Node) error {
	d, err := unmarshalSwitched(n, "off", "6h or 1d")
	*p = Period(d)
	return err
}

// MarshalYAML writes the period as String does.
func (p Period) MarshalYAML() (any, error) { return p.String(), nil }

// D is the retention as a time.Duration, 0 when games are kept.
func (r Retention) D() time.Duration { return time.Duration(r) }

// String writes "keep" for 0, else as Duration does.
func (r Retention) String() string {
	if r == 0 {
		return "keep"
	}
	return Duration(r).String()
}

// Problem says what is wrong with the retention, "" when nothing is: the
// setting's rule, for the command line too (tablee compact --retention).
func (r Retention) Problem() string {
	if d := r.D(); d < 0 || (d > 0 && d < minRetention) {
		return fmt.Sprintf("must be keep or at least 1d (such as 90d), not %s", r)
	}
	return ""
}

// UnmarshalYAML reads "keep" or a duration.
func (r *Retention) UnmarshalYAML(n *yaml.Node) error {
	d, err := unmarshalSwitched(n, "keep", "90d")
	*r = Retention(d)
	return err
}

// MarshalYAML writes the retention as String does.
func (r Retention) MarshalYAML() (any, error) { return r.String(), nil }

// ParsePeriod reads what a Period setting holds: "off", "0" or a duration.
func ParsePeriod(s string) (Period, error) {
	d, err := parseSwitched(s, "off")
	return Period(d), err
}

// ParseRetention reads what a Retention setting holds: "keep", "0" or a
// duration.
func ParseRetention(s string) (Retention, error) {
	d, err := parseSwitched(s, "keep")
	return Retention(d), err
}
