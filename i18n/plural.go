package i18n

import (
	"regexp"
	"strconv"
	"strings"
)

// A plural form in a text is "{singular|plural}" right after the verb of
// its count ("%v {pion|pions}"), or "{N:singular|plural}" for the N-th
// argument wherever the count is written. Forms hold no verb, no brace and
// no bar. Catalogues say "2 cartes" and "1 carte" with one text, never
// "carte(s)".
var pluralRe = regexp.MustCompile(`%%|%[-+# 0]*(?:\[(\d+)\])?[-+# 0]*\d*(?:\.\d*)?[a-zA-Z]|\{(?:(\d+):)?([^{}|%]*)\|([^{}|%]*)\}`)

// choosePlurals replaces each plural form of format by the form its count
// asks for. It follows fmt's numbering of arguments: a bare verb takes the
// argument after the one before it, "%[2]v" the second.
func choosePlurals(lang Lang, format string, args []any) string {
	if !strings.Contains(format, "{") {
		return format
	}
	var b strings.Builder
	last, next := 0, 0 // the argument of the last verb, and of a bare verb to come (1-based)
	prev := 0
	for _, m := range pluralRe.FindAllStringSubmatchIndex(format, -1) {
		whole := format[m[0]:m[1]]
		switch {
		case whole == "%%":
			continue
		case whole[0] == '%':
			if m[2] >= 0 {
				next, _ = strconv.Atoi(format[m[2]:m[3]])
			} else {
				next++
			}
			last = next
			continue
		}
		arg := last
		if m[4] >= 0 {
			arg, _ = strconv.Atoi(format[m[4]:m[5]])
		}
		form := format[m[8]:m[9]]
		if n, ok := countOf(args, arg); ok && singular(lang, n) {
			form = format[m[6]:m[7]]
		}
		b.WriteString(format[prev:m[0]])
		b.WriteString(form)
		prev = m[1]
	}
	if prev == 0 {
		return format
	}
	b.WriteString(format[prev:])
	return b.String()
}

// countOf reads the n-th argument (1-based) as a whole number.
func countOf(args []any, n int) (int64, bool) {
	if n < 1 || n > len(args) {
		return 0, false
	}
	switch v := args[n-1].(type) {
	case int:
		return int64(v), true
	case int8:
		return int64(v), true
	case int16:
		return int64(v), true
	case int32:
		return int64(v), true
	case int64:
		return v, true
	case uint:
		return int64(v), true
	case uint8:
		return int64(v), true
	case uint16:
		return int64(v), true
	case uint32:
		return int64(v), true
	case uint64:
		return int64(v), true
	case string:
		i, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
		return i, err == nil
	}
	return 0, false
}

// singular tells whether a count takes the singular in a language: French
// says "0 carte" and "1 carte", English "0 cards" and "1 card".
func singular(lang Lang, n int64) bool {
	if n < 0 {
		n = -n
	}
	if lang == FR {
		return n <= 1
	}
	return n == 1
}
