package redact

import (
	"net/url"
	"strings"
)

// DatabasePasswords is the password a database address holds, in every
// place PostgreSQL's drivers take it from: a URL's user part
// (postgres://user:password@host/db) or query (?password=...), or a
// key=value string (password=... or password='with spaces'). It is masked
// on its own, as well as the whole address, since a driver's error may
// quote it without the rest.
func DatabasePasswords(dsn string) []string {
	if dsn == "" {
		return nil
	}
	var out []string
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		u, err := url.Parse(dsn)
		if err != nil {
			return nil
		}
		if p, ok := u.User.Password(); ok && p != "" {
			out = append(out, p)
		}
		if p := u.Query().Get("password"); p != "" {
			out = append(out, p)
		}
		return out
	}
	for key, value := range keywordValues(dsn) {
		if key == "password" && value != "" {
			out = append(out, value)
		}
	}
	return out
}

// keywordValues reads a libpq key=value string: values may be quoted with
// single quotes, and a backslash escapes the next character.
func keywordValues(s string) func(yield func(key, value string) bool) {
	return func(yield func(key, value string) bool) {
		i := 0
		skip := func() {
			for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
				i++
			}
		}
		for {
			skip()
			if i >= len(s) {
				return
			}
			eq := strings.IndexByte(s[i:], '=')
			if eq < 0 {
				return
			}
			key := strings.TrimSpace(s[i : i+eq])
			i += eq + 1
			skip()
			var v strings.Builder
			quoted := i < len(s) && s[i] == '\''
			if quoted {
				i++
			}
			for ; i < len(s); i++ {
				c := s[i]
				if c == '\\' && i+1 < len(s) {
					i++
					v.WriteByte(s[i])
					continue
				}
				if quoted && c == '\'' {
					i++
					break
				}
				if !quoted && (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
					break
				}
				v.WriteByte(c)
			}
			if !yield(key, v.String()) {
				return
			}
		}
	}
}
