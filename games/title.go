package games

import "github.com/tablee/tablee/i18n"

// A game's title is a name, and some names carry their article: "Le Grand
// Escogriffe", "La Coquillaude". French contracts "de" and "à" with "le"
// ("la table du Grand Escogriffe", "jouer au Grand Escogriffe"), which no
// text can do by pasting the title after "de"; English drops a title's
// article before the noun it qualifies ("the Great Escogriffe table").
// Each game therefore writes these forms of its title in its catalogues,
// beside <name>.title, and texts take the form their sentence needs.

// TitleOf is a game's title as the complement of a noun: French "du Grand
// Escogriffe", "de La Coquillaude", "de Crack Word" (key <name>.title_of),
// in texts that say "la table %v"; English "Great Escogriffe", in "the %v
// table".
func TitleOf(name string) i18n.Msg { return i18n.T(name + ".title_of") }

// TitleAt is a game's title after the verb "play": French "au Grand
// Escogriffe", "à La Coquillaude", "à Crack Word" (key <name>.title_at),
// in texts that say "jouer %v"; English "The Great Escogriffe".
func TitleAt(name string) i18n.Msg { return i18n.T(name + ".title_at") }
