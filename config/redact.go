package config

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"go.yaml.in/yaml/v3"

	"github.com/tablee/tablee/internal/redact"
)

// errorRedactor masks, in the errors about a configuration, every secret
// it may hold, whether or not the file could be read as settings: the
// environment's tokens, and whatever the file writes as a token. Where the
// file is valid YAML, that is every value under a token setting (and the
// anchors naming them); where it is not, the text of the lines that name a
// token, and its pieces (YAML quotes part of a broken value in its errors:
// an anchor's name, a key split at a colon).
func errorRedactor(data []byte, getenv func(string) string) *redact.Redactor {
	secrets := envSecrets(getenv)
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err == nil {
		secrets = append(secrets, yamlSecrets(&root)...)
	} else {
		secrets = append(secrets, lineSecrets(data)...)
	}
	return redact.New(secrets...)
}

// redactErrors masks the secrets of err in place: a SettingError, alone or
// joined, stays a SettingError (callers read its fields), its fields
// redacted; any other error is wrapped.
func redactErrors(r *redact.Redactor, err error) error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var errs []error
		for _, e := range j.Unwrap() {
			errs = append(errs, redactErrors(r, e))
		}
		return errors.Join(errs...)
	}
	if se, ok := err.(*SettingError); ok {
		return &SettingError{Source: r.String(se.Source), Line: se.Line, Setting: r.String(se.Setting), Problem: r.String(se.Problem)}
	}
	return r.Error(err)
}

// isTokenKey tells a key that holds a secret, wherever it is written: under
// its section or, by mistake, elsewhere.
func isTokenKey(key string) bool {
	k := strings.ToLower(strings.TrimSpace(key))
	return k == "token" || k == "secret_token" || k == "link_secret" || k == "secret"
}

// yamlSecrets are the texts found under token keys: scalar values, keys,
// anchors and aliases.
func yamlSecrets(root *yaml.Node) []string {
	var out []string
	walk(root, func(n *yaml.Node) {
		if n.Kind != yaml.MappingNode {
			return
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			if !isTokenKey(n.Content[i].Value) {
				continue
			}
			walk(n.Content[i+1], func(v *yaml.Node) {
				out = append(out, v.Value, v.Anchor)
				if v.Kind == yaml.AliasNode && v.Alias != nil {
					out = append(out, v.Alias.Value)
				}
			})
		}
	})
	return out
}

// tokenLine is a line that names a token: as a key of its own, or inside a
// flow mapping ({enabled: true, token: ...}).
var tokenLine = regexp.MustCompile(`^(\s*)(?:.*[{,]\s*|-\s+)?["']?(?:token|secret_token|link_secret|secret)["']?\s*:(.*)$`)

var unknownAnchor = regexp.MustCompile(`^unknown anchor '(.*)' referenced$`)

// syntaxProblem is YAML's message about a file it cannot parse. YAML's
// syntax messages are its own words, but for one: an alias naming no
// anchor quotes the name, which is what follows the "*" (a token that
// starts with "*", unquoted, is read as an alias). That one names the line
// instead.
func syntaxProblem(err error, data []byte) string {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	if m := unknownAnchor.FindStringSubmatch(msg); m != nil {
		where := ""
		for i, line := range strings.Split(string(data), "\n") {
			if strings.Contains(line, "*"+m[1]) {
				where = "line " + strconv.Itoa(i+1) + ": "
				break
			}
		}
		return where + "an alias (a value starting with *) names no anchor: write the value in quotes"
	}
	return msg
}

// lineSecrets reads, in a file YAML cannot parse, the values of the lines
// that name a token and of the more indented lines that follow them.
func lineSecrets(data []byte) []string {
	var out []string
	indent := -1 // the indentation of the token key whose value goes on, -1 for none
	for _, line := range strings.Split(string(data), "\n") {
		value := line
		if m := tokenLine.FindStringSubmatch(line); m != nil {
			indent, value = len(m[1]), m[2]
		} else if trimmed := strings.TrimSpace(line); indent >= 0 && (trimmed == "" || len(line)-len(strings.TrimLeft(line, " \t")) > indent) {
			value = trimmed
		} else {
			indent = -1
			continue
		}
		out = append(out, pieces(value)...)
	}
	return out
}

// pieces are a value as written, unquoted, and cut where YAML cuts.
func pieces(value string) []string {
	value = redact.Trim(value)
	out := []string{value}
	if u, err := strconv.Unquote(value); err == nil {
		out = append(out, u)
	}
	out = append(out, strings.Trim(value, `"'`))
	for _, f := range strings.FieldsFunc(value, func(r rune) bool { return unicode.IsSpace(r) || strings.ContainsRune("{}[],", r) }) {
		f = strings.Trim(strings.TrimLeft(f, "&*!|>-"), `"':`)
		out = append(out, f)
	}
	return out
}
