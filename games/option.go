package games

import (
	"slices"
	"strings"

	"github.com/tablee/tablee/i18n"
)

// An option is read and typed in the reader's language: a French table
// shows "assisté=non" where an English one shows "assisted=off", and
// either accepts both. The names live in the game's catalogues beside the
// option's help (key K of Option.Help):
//
//	K.name          the option's name ("assisté")
//	K.value.<v>     the name of its value v ("quarté" for "quarte")
//
// A value without a text is written as it is (a number, a duration); "on"
// and "off" are the reader's yes and no (games.on, games.off). The engine
// and the store keep the option's own name and values: only what players
// read and type changes.

// Label is the option's name in a language.
func (o Option) Label(lang i18n.Lang) string {
	if k := o.Help.Key + ".name"; o.Help.Key != "" && i18n.Has(lang, k) {
		return i18n.Renderer{Lang: lang}.Text(i18n.T(k))
	}
	return o.Name
}

// ValueLabel is the name of one of the option's values in a language.
func (o Option) ValueLabel(lang i18n.Lang, v string) string {
	key := o.Help.Key + ".value." + v
	switch {
	case o.Help.Key != "" && i18n.Has(lang, key):
	case v == "on" || v == "off":
		key = "games." + v
	default:
		return v
	}
	return i18n.Renderer{Lang: lang}.Text(i18n.T(key))
}

// ValuesLabel lists the option's values in a language, "non|oui".
func (o Option) ValuesLabel(lang i18n.Lang) string {
	names := make([]string, len(o.Values))
	for i, v := range o.Values {
		names[i] = o.ValueLabel(lang, v)
	}
	return strings.Join(names, "|")
}

// Named tells whether a typed word names the option, by its own name or
// its name in any language; case, accents and separators do not matter
// ("assisté", "ASSISTE", "bot_success", "réussite-robots").
func (o Option) Named(typed string) bool {
	key := foldName(typed)
	if key == "" {
		return false
	}
	if key == foldName(o.Name) {
		return true
	}
	return slices.ContainsFunc(i18n.Langs, func(l i18n.Lang) bool { return key == foldName(o.Label(l)) })
}

// ParseValue finds the value a typed word names, by its own spelling or
// its name in any language ("quarté" and "quarte"; "meilleur" and "best").
func (o Option) ParseValue(typed string) (string, bool) {
	key := foldName(typed)
	if key == "" {
		return "", false
	}
	for _, v := range o.Values {
		if key == foldName(v) {
			return v, true
		}
	}
	for _, v := range o.Values {
		for _, l := range i18n.Langs {
			if key == foldName(o.ValueLabel(l, v)) {
				return v, true
			}
		}
	}
	return "", false
}
