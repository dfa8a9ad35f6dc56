package config

import (
	"fmt"
	"log/slog"

	"go.yaml.in/yaml/v3"

	"github.com/tablee/tablee/internal/redact"
)

// Secret is a token or password. It reads from YAML like any string, but
// every way of printing or encoding it writes "***" (or "" when unset):
// fmt's %v, %+v, %#v and %s, log/slog, encoding/json, YAML and text
// marshalling. Only Reveal gives the value, for the one place that sends it.
//
// A secret is trimmed of the white space around it when it is read (from
// the file, the environment or text): the trailing newline of a .env line or
// a Docker secret file is not part of a token.
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

// UnmarshalText reads the value, trimmed.
func (s *Secret) UnmarshalText(b []byte) error { *s = Secret(redact.Trim(string(b))); return nil }

// notSingle is the problem of a secret written as a list or a mapping. The
// message never quotes what was written: it may be the token itself, split
// by YAML at a colon or a brace (token: {123:ABC: 1}).
const notSingle = "must be a single value (the token itself, in quotes if it holds YAML's special characters such as : { [ # & *), not a list or a mapping"

// UnmarshalYAML reads any scalar as the secret's text (a token of digits is
// not a number), trimmed.
func (s *Secret) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	if n.Kind != yaml.ScalarNode {
		return &yaml.TypeError{Errors: []string{fmt.Sprintf("line %d: %s", n.Line, notSingle)}}
	}
	if n.ShortTag() == "!!null" {
		*s = ""
		return nil
	}
	*s = Secret(redact.Trim(n.Value))
	return nil
}

// MarshalYAML keeps a dumped configuration free of the value.
func (s Secret) MarshalYAML() (any, error) { return s.mask(), nil }
