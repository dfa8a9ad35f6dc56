package crackword

import (
	"errors"
	"testing"

	"github.com/tablee/tablee/games"
)

func TestParseFrenchAndEnglish(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want move
	}{
		{"E droite 2 maison", move{kind: mvLay, letter: 'E', side: sideRight, row: 1, example: "maison"}},
		{"E right 2 maison", move{kind: mvLay, letter: 'E', side: sideRight, row: 1, example: "maison"}},
		{"e à droite 2 Maison", move{kind: mvLay, letter: 'E', side: sideRight, row: 1, example: "Maison"}},
		{"E gauche 1 abri", move{kind: mvLay, letter: 'E', side: sideLeft, row: 0, example: "abri"}},
		{"E LEFT 1 ABRI", move{kind: mvLay, letter: 'E', side: sideLeft, row: 0, example: "ABRI"}},
		{"E sur 3 4 exemple", move{kind: mvLay, letter: 'E', side: sideOn, row: 2, pos: 3, example: "exemple"}},
		{"E on 3 4 example", move{kind: mvLay, letter: 'E', side: sideOn, row: 2, pos: 3, example: "example"}},
		{"joker=A left 1 abri", move{kind: mvLay, joker: true, letter: 'A', side: sideLeft, row: 0, example: "abri"}},
		{"joker=A gauche 1 abri", move{kind: mvLay, joker: true, letter: 'A', side: sideLeft, row: 0, example: "abri"}},
		{"Joker a gauche 1 abri", move{kind: mvLay, joker: true, letter: 'A', side: sideLeft, row: 0, example: "abri"}},
		{"*a g 1 abri", move{kind: mvLay, joker: true, letter: 'A', side: sideLeft, row: 0, example: "abri"}},
		{"E droite 2 maison crack", move{kind: mvLay, letter: 'E', side: sideRight, row: 1, example: "maison", crack: true}},
		{"E droite 2 élève", move{kind: mvLay, letter: 'E', side: sideRight, row: 1, example: "élève"}},
		{"E droite 2 ", move{kind: mvLay, letter: 'E', side: sideRight, row: 1}},
		// CW-D7: a last "crack" is the call, never the example.
		{"E droite 2 crack", move{kind: mvLay, letter: 'E', side: sideRight, row: 1, crack: true}},
		{"C droite 2 crack crack", move{kind: mvLay, letter: 'C', side: sideRight, row: 1, example: "crack", crack: true}},
		{"poubelle 3", move{kind: mvTrash, row: 2}},
		{"trash 3", move{kind: mvTrash, row: 2}},
		{"/poubelle 3", move{kind: mvTrash, row: 2}},
		{"crack", move{kind: mvCrack}},
		{"CRACK WORD", move{kind: mvCrack}},
		{"/crack", move{kind: mvCrack}},
		{"non", move{kind: mvPass}},
		{"no", move{kind: mvPass}},
		{"pass", move{kind: mvPass}},
		{"Passe", move{kind: mvPass}},
		{"E", move{kind: mvCard, letter: 'E'}},
		{"joker=Z", move{kind: mvCard, joker: true, letter: 'Z'}},
	} {
		got, err := parseMove(tc.in)
		got.typed = ""
		if err != nil || got != tc.want {
			t.Errorf("parseMove(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for in, key := range map[string]string{
		"":                     "crackword.err.syntax",
		"E":                    "",
		"E droite":             "crackword.err.syntax",
		"E droite x maison":    "crackword.err.syntax_row",
		"E droite 5 maison":    "crackword.err.no_row",
		"E droite 0 maison":    "crackword.err.no_row",
		"E sur 3 maison":       "crackword.err.no_position",
		"E sur 3":              "crackword.err.syntax",
		"E partout 3 maison":   "crackword.err.syntax",
		"joker=AB left 1 abri": "crackword.err.joker_letter",
		"joker=1":              "crackword.err.joker_letter",
		"poubelle":             "crackword.err.trash_row",
		"poubelle 9":           "crackword.err.no_row",
		"EE droite 1 maison":   "crackword.err.syntax",
		"E droite 1 deux mots": "crackword.err.one_word",
	} {
		_, err := parseMove(in)
		if key == "" {
			if err != nil {
				t.Errorf("%q: %v", in, err)
			}
			continue
		}
		var r *games.Refusal
		if !errors.As(err, &r) || r.Msg.Key != key {
			t.Errorf("parseMove(%q) = %v, want %s", in, err, key)
		}
	}
}
