package bot

import (
	"strings"
	"unicode/utf8"
)

// MaxAlt is the length, in characters, of a picture's text alternative
// (Out.Alt): Discord's limit on an attachment's description ("description
// (alt text) for the file (max 1024 characters)", Discord's developer
// documentation, Message resource, "Attachment Object"), the strictest of
// the platforms; Telegram's caption holds as much.
const MaxAlt = 1024

// altStatusRoom is what the end of the text keeps, at the least, before
// the text board loses lines (two fifths of a shorter limit): a board's
// text ends with the scores and whose turn it is.
const altStatusRoom = 400

// altText is the text alternative of a picture that shows what title,
// mono and text say: the three of them, in that order, as a reader of the
// text board sees them, in at most max characters. What does not fit goes,
// least useful first: the text's first lines (what happened, oldest
// first), then the text board's last lines (its legend), then more of the
// text; the dropped lines are marked "…". The title always stays (cut
// only when it alone is longer than max).
func altText(title string, mono []string, text string, max int) string {
	lines := strings.Split(text, "\n")
	if text == "" {
		lines = nil
	}
	cut := false
	build := func() string {
		kept := strings.Join(lines, "\n")
		if cut {
			kept = "…\n" + kept
		}
		var parts []string
		for _, p := range []string{title, strings.Join(mono, "\n"), kept} {
			if strings.TrimSpace(p) != "" {
				parts = append(parts, p)
			}
		}
		return strings.Join(parts, "\n")
	}
	status := min(altStatusRoom, max*2/5)
	alt := build()
	for utf8.RuneCountInString(alt) > max {
		kept := utf8.RuneCountInString(strings.Join(lines, "\n"))
		switch {
		case len(lines) > 1 && (kept > status || len(mono) == 0):
			lines, cut = lines[1:], true
		case len(mono) > 0:
			mono = mono[:len(mono)-1]
		case len(lines) > 0:
			lines, cut = nil, false
		default:
			return clipRunes(alt, max)
		}
		alt = build()
	}
	return alt
}

// clipRunes cuts s to n characters, the last one "…" when it was cut.
func clipRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	if n < 1 {
		return ""
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}
