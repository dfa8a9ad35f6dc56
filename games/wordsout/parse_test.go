package wordsout

import (
	"testing"
)

func TestParseFrenchAndEnglish(t *testing.T) {
	for _, c := range []struct {
		in   string
		kind int
		want string // the cards, then the row
		row  int
		call bool
	}{
		{"E 2", mvLay, "E", 1, false},
		{"poser E 2", mvLay, "E", 1, false},
		{"/poser e 2", mvLay, "E", 1, false},
		{"lay E 2", mvLay, "E", 1, false},
		{"POSE e+ s 4", mvLay, "E+ S", 3, false},
		{"E↻ S 1", mvLay, "E+ S", 0, false},
		{"E! 3", mvLay, "E!", 2, false},
		{"E🔒 3", mvLay, "E!", 2, false},
		{"e= 3", mvLay, "E", 2, false},
		{"joker=Z 1", mvLay, "joker=Z", 0, false},
		{"joker:z 1", mvLay, "joker=Z", 0, false},
		{"★z 1", mvLay, "joker=Z", 0, false},
		{"*Z 1", mvLay, "joker=Z", 0, false},
		{"joker z 1", mvLay, "joker=Z", 0, false},
		{"T 1 wordout", mvLay, "T", 0, true},
		{"T 1 word out", mvLay, "T", 0, true},
		{"S", mvLay, "S", -1, false},
		{"contrer S", mvCounter, "S", -1, false},
		{"counter E+ S", mvCounter, "E+ S", -1, false},
		{"Contre s", mvCounter, "S", -1, false},
	} {
		m, err := parseMove(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		got := ""
		for i, sp := range m.cards {
			if i > 0 {
				got += " "
			}
			got += sp.String()
		}
		if m.kind != c.kind || got != c.want || m.row != c.row || m.call != c.call {
			t.Errorf("%q: kind %d cards %q row %d call %v", c.in, m.kind, got, m.row, m.call)
		}
	}
	for in, kind := range map[string]int{
		"passe": mvPass, "pass": mvPass, "pioche": mvPass, "draw": mvPass, "PASSER": mvPass,
		"non": mvNo, "no": mvNo, "fin": mvNo, "done": mvNo, "stop": mvNo,
		"wordout": mvWordOut, "Word Out": mvWordOut, "WORD-OUT": mvWordOut, "/wordout": mvWordOut,
		"oui": mvYes, "yes": mvYes,
		"poubelle 3": mvPoubelle, "trash 3": mvPoubelle,
	} {
		m, err := parseMove(in)
		if err != nil || m.kind != kind {
			t.Errorf("%q: kind %d, %v", in, m.kind, err)
		}
	}
	for in, key := range map[string]string{
		"":            "wordsout.err.syntax",
		"bonjour":     "wordsout.err.syntax",
		"E 9":         "wordsout.err.no_row",
		"E 2 3":       "wordsout.err.syntax",
		"2 E":         "wordsout.err.syntax",
		"joker 1":     "wordsout.err.joker_letter",
		"joker=1 1":   "wordsout.err.joker_letter",
		"poubelle":    "wordsout.err.poubelle_row",
		"trash x":     "wordsout.err.syntax_row",
		"contrer":     "wordsout.err.counter_what",
		"wordout E":   "wordsout.err.syntax",
		"E wordout 1": "wordsout.err.syntax",
		"passe 2":     "wordsout.err.syntax",
		"E% 2":        "wordsout.err.syntax",
	} {
		_, err := parseMove(in)
		if err == nil {
			t.Errorf("%q accepted", in)
			continue
		}
		if r := err.(interface{ Error() string }); r == nil {
			continue
		}
		if got := refusalKey(err); got != key {
			t.Errorf("%q refused with %s, want %s", in, got, key)
		}
	}
}
