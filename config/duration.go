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

// String writes whole days as "2d" and the rest as Go does: "0s", "90s" is
// "1m30s", "36h" is "1d12h0m0s". ParseDuration reads every form back.
func (d Duration) String() string {
	t := time.Duration(d)
	if t < day && t > -day {
		return t.String()
	}
	days, rest := t/day, t%day
	if rest < 0 {
		return t.String()
	}
	s := strconv.FormatInt(int64(days), 10) + "d"
	if rest != 0 {
		s += rest.String()
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
