package bot

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// MaxNameRunes caps a user's or a chat's name as the bot stores and shows
// it: platforms allow longer names (Telegram 64 + 64 characters) and a
// name is repeated on every board, in every mention and reminder.
const MaxNameRunes = 32

// CleanName makes a platform's name safe to store and to show beside
// others: invalid UTF-8, control characters, direction overrides and
// other invisible format characters go (they make a name read other than
// it is, or break a board's layout), white space is folded to single
// spaces, and the name is cut to MaxNameRunes with an ellipsis. The zero
// width joiner stays, since emoji sequences are made with it. A name with
// nothing left is "?" — the caller may do better with what it knows.
func CleanName(s string) string {
	if len(s) > 4*1024 {
		s = s[:4*1024] // nobody's name; bounds the work below
	}
	s = strings.ToValidUTF8(s, "")
	var b strings.Builder
	space := false
	for _, r := range norm.NFC.String(s) {
		switch {
		case unicode.IsSpace(r) || unicode.In(r, unicode.Zl, unicode.Zp):
			space = b.Len() > 0
			continue
		case r == utf8.RuneError, unicode.IsControl(r), isBidiControl(r),
			unicode.Is(unicode.Cf, r) && r != '\u200d',
			unicode.Is(unicode.Co, r), unicode.Is(unicode.Cs, r):
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	out := b.String()
	if utf8.RuneCountInString(out) > MaxNameRunes {
		runes := []rune(out)
		out = strings.TrimSpace(string(runes[:MaxNameRunes-1])) + "…"
	}
	if out == "" {
		return "?"
	}
	return out
}

// cleanUserName is CleanName with a better fallback than "?" for a user:
// the end of his platform id, so that two nameless players differ.
func cleanUserName(name, id string) string {
	if n := CleanName(name); n != "?" {
		return n
	}
	if i := strings.LastIndexByte(id, ':'); i >= 0 && i+1 < len(id) {
		tail := id[i+1:]
		if len(tail) > 4 {
			tail = tail[len(tail)-4:]
		}
		return "#" + CleanName(tail)
	}
	return "?"
}
