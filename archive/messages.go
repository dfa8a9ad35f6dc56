package archive

import "github.com/tablee/tablee/i18n"

// The archive's own texts join the pieces of a line; the sentences
// themselves are the core's ("bot." keys), which the chats have always
// read.
func init() {
	joins := map[string]string{
		"archive.player":  "%v%v%v",  // a name, its score, its crown
		"archive.gain":    "%v %v%v", // a name, a sign, points
		"archive.one":     "%v",
		"archive.comma":   "%v, %v",
		"archive.rematch": "🔁 %v",
	}
	for _, lang := range i18n.Langs {
		i18n.Register(lang, joins)
	}
}
