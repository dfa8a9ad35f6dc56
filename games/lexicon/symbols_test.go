package lexicon

import "testing"

// Unit symbols and abbreviations are no words (the generator leaves them
// out), while the interjections French dictionaries accept stay.
func TestSymbolsAreNoWords(t *testing.T) {
	lex := Default()
	for _, w := range []string{"KM", "KG", "CM", "HTTP", "WWW", "ETC", "ATM", "KCAL", "AC", "AV", "OZ", "UA", "YD"} {
		if lex.Has(w) {
			t.Errorf("%s accepted as a word", w)
		}
	}
	for _, w := range []string{"HMM", "PFF", "BRRR", "CRWTH", "USA", "COL", "MAISON", "OU", "QI", "KO", "ID"} {
		if !lex.Has(w) {
			t.Errorf("%s refused", w)
		}
	}
}
