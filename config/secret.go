package config

import "log/slog"

// Secret is a token or password. It reads from YAML like any string, but
// every way of printing or encoding it writes "***" (or "" when unset):
// fmt's %v, %+v, %#v and %s, log/slog, encoding/json, YAML and text
// marshalling. Only Reveal gives the value, for the one place that sends it.
type Secret string

const redacted = "***"

// Reveal is the secret itself.
func (s Secret) Reveal() string { return string(s) }

// IsSet tells whether the secret is not empty.
func (s Secret) IsSet() bool { return s != "" }

func (s Secret) mask() string {
	if s == "" {
		return ""
	}
	return redacted
}

// String is "***" when set, "" when not.
func (s Secret) String() string { return s.mask() }

// GoString keeps %#v from printing the value.
func (s Secret) GoString() string { return `config.Secret("` + s.mask() + `")` }

// LogValue keeps log/slog from printing the value.
func (s Secret) LogValue() slog.Value { return slog.StringValue(s.mask()) }

// MarshalText keeps encoders (JSON, and any TextMarshaler user) from
// writing the value.
func (s Secret) MarshalText() ([]byte, error) { return []byte(s.mask()), nil }

// UnmarshalText reads the value as is.
func (s *Secret) UnmarshalText(b []byte) error { *s = Secret(b); return nil }

// MarshalYAML keeps a dumped configuration free of the value.
func (s Secret) MarshalYAML() (any, error) { return s.mask(), nil }
