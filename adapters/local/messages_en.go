package local

import "github.com/tablee/tablee/i18n"

// The terminal chat's own notes, in English.
func init() {
	i18n.Register(i18n.EN, map[string]string{
		"local.line_too_long": "your line is ignored: it is %v characters long, and a command holds %v at most. You can go on",
	})
}
