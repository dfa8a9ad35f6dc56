package i18n

import "testing"

func init() {
	Register(FR, map[string]string{
		"test.elide.counter":  "Le contre de %v prolonge le mot.",
		"test.elide.two":      "%[2]v n'est pas une anagramme de %[1]v, plus court que %[2]v.",
		"test.elide.range":    "De %v à %v joueurs.",
		"test.elide.noun":     "Dernier lancer de %v : %v.",
		"test.elide.percent":  "100 %% de %v",
		"test.elide.inword":   "Monde %v",
		"test.elide.apostrof": "aujourd'de %v",
	})
	Register(EN, map[string]string{
		"test.elide.counter": "The counter of %v extends the word.",
	})
}

// French elides "de" and "que" before a name or a word that begins with a
// vowel, accented or capital; not before a consonant, an "h", a "y", a
// digit or an emoji; not in English; not inside a word.
func TestElision_DeAndQueBeforeAVowel(t *testing.T) {
	names := []string{"alice", "bob", "Émile", "Hugo", "Yann", "🤖 Robot 1", "Ulysse"}
	fr := Renderer{Lang: FR, Name: func(s int) string { return names[s] }}
	for _, c := range []struct {
		m    Msg
		want string
	}{
		{T("test.elide.counter", Seat(0)), "Le contre d'alice prolonge le mot."},
		{T("test.elide.counter", Seat(1)), "Le contre de bob prolonge le mot."},
		{T("test.elide.counter", Seat(2)), "Le contre d'Émile prolonge le mot."},
		{T("test.elide.counter", Seat(3)), "Le contre de Hugo prolonge le mot."},
		{T("test.elide.counter", Seat(4)), "Le contre de Yann prolonge le mot."},
		{T("test.elide.counter", Seat(5)), "Le contre de 🤖 Robot 1 prolonge le mot."},
		{T("test.elide.two", "ORANGE", "ONAGRE"), "ONAGRE n'est pas une anagramme d'ORANGE, plus court qu'ONAGRE."},
		{T("test.elide.two", "MARIN", "ONAGRE"), "ONAGRE n'est pas une anagramme de MARIN, plus court qu'ONAGRE."},
		{T("test.elide.range", 2, 4), "De 2 à 4 joueurs."},
		{T("test.elide.noun", Seat(6), 3), "Dernier lancer d'Ulysse : 3."},
		{T("test.elide.percent", "arbres"), "100 % d'arbres"},
		{T("test.elide.inword", "entier"), "Monde entier"},
		{T("test.elide.apostrof", "eux"), "aujourd'de eux"},
	} {
		if got := fr.Text(c.m); got != c.want {
			t.Errorf("%s: %q, want %q", c.m.Key, got, c.want)
		}
	}
	if got := (Renderer{Lang: EN, Name: fr.Name}).Text(T("test.elide.counter", Seat(0))); got != "The counter of alice extends the word." {
		t.Errorf("en: %q", got)
	}
}
