package motsdetete

import (
	"strings"
	"testing"
)

func TestParseMoves(t *testing.T) {
	g := standardGrid
	cell := func(n string) int { c, _ := g.parseCell(n); return c }
	for _, tc := range []struct {
		in   string
		cell string
		down bool
		word string
	}{
		{"H3 bas DEPENSER", "H3", true, "DEPENSER"},
		{"H3 down depenser", "H3", true, "DEPENSER"},
		{"h3 droite dépenser", "H3", false, "DEPENSER"},
		{"H3 right Dépenser", "H3", false, "DEPENSER"},
		{"3H ↓ maison", "H3", true, "MAISON"},
		{"O15 → cœur", "O15", false, "COEUR"},
		{"A1 across élève", "A1", false, "ELEVE"},
		{"A1 vertical élève", "A1", true, "ELEVE"},
		{"H3 DEPENSER bas", "H3", true, "DEPENSER"},
		{"bas H3 DEPENSER", "H3", true, "DEPENSER"},
		{"H3 bas bas", "H3", true, "BAS"},
		{"  H3   h   DROITE ", "H3", false, "DROITE"},
		{"/move H3 bas MOT", "H3", true, "MOT"},
		// A word written with an inner apostrophe is played without it.
		{"H3 bas aujourd'hui", "H3", true, "AUJOURDHUI"},
		{"H3 droite presqu’île", "H3", false, "PRESQUILE"},
		// The little words of a sentence are skipped around the cell and
		// the direction, and are the word when nothing else is left.
		{"j4 vers le bas test", "J4", true, "TEST"},
		{"écrit MAISON en H3↓", "H3", true, "MAISON"},
		{"writes MAISON at H3→", "H3", false, "MAISON"},
		{"écris maison à partir de la case h3 à droite", "H3", false, "MAISON"},
		{"h3 en bas", "H3", true, "EN"},
		{"h3 bas de", "H3", true, "DE"},
		{"h3 vers le bas de", "H3", true, "DE"},
		{"écris la en h3 vers la droite", "H3", false, "LA"},
		{"j'écris le mot de en h3 vers le bas", "H3", true, "DE"},
		{"h3 de haut en bas en", "H3", true, "EN"},
		{"write house starting at h3 going down", "H3", true, "HOUSE"},
	} {
		m, err := parseMove(g, tc.in)
		if err != nil || m.pass || m.cell != cell(tc.cell) || m.down != tc.down || m.word != tc.word {
			t.Errorf("%q: %+v %v", tc.in, m, err)
		}
	}
	for _, in := range []string{"passe", "pass", "PASSER", "je passe", "/pass"} {
		if m, err := parseMove(g, in); err != nil || !m.pass {
			t.Errorf("%q: %+v %v", in, m, err)
		}
	}
	for in, key := range map[string]string{
		"":                                   "motsdetete.err.syntax",
		"H3":                                 "motsdetete.err.syntax",
		"H3 bas":                             "motsdetete.err.syntax",
		"bonjour tout le monde":              "motsdetete.err.one_word",
		"H3 bas deux mots":                   "motsdetete.err.one_word",
		"Z3 bas MOT":                         "motsdetete.err.no_cell",
		"H16 bas MOT":                        "motsdetete.err.no_cell",
		"H0 bas MOT":                         "motsdetete.err.no_cell",
		"H3 gauche MOT":                      "motsdetete.err.direction",
		"H3 up MOT":                          "motsdetete.err.direction",
		"H3 bas MOT-CLE":                     "motsdetete.err.letters",
		"H3 bas aujourd'":                    "motsdetete.err.letters",
		"H3 bas 123":                         "motsdetete.err.letters",
		"maison bas rouge":                   "motsdetete.err.syntax",
		"H3 bas " + string(make([]byte, 90)): "motsdetete.err.syntax",
	} {
		_, err := parseMove(g, in)
		if err == nil {
			t.Errorf("%q accepted", in)
			continue
		}
		if got := refusalKey(err); got != key {
			t.Errorf("%q: %s, want %s", in, got, key)
		}
	}
}

// TestMT_D1_NoCellNamesColumnsAndRows: a cell off the grid is refused with
// the grid's columns and rows ("de A à O, les lignes de 1 à 15"), not a
// cell name glued to the column range.
func TestMT_D1_NoCellNamesColumnsAndRows(t *testing.T) {
	g := newGame(t, nil, nil, 2, nil)
	m := wantRefusal(t, g, 0, "H16 bas MOT", "motsdetete.err.no_cell")
	got := text(m)
	for _, want := range []string{
		"La case « H16 » n'existe pas : les colonnes vont de A à O, les lignes de 1 à 15.",
		"There is no cell \"H16\": columns go from A to O, rows from 1 to 15.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("%q lacks %q", got, want)
		}
	}
}
