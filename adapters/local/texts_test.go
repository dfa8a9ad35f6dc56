package local_test

import (
	"strings"
	"testing"
)

// checkWinnerOnce fails when one message names the same winner twice: the
// engine's end event and the board, or the board and the core's own line
// ("🏆 alice gagne avec 29 points !" above "🏆 alice gagne avec 29 points.");
// or says the win twice, once per winner of a shared win ("🏆 alice gagne
// avec 43 points." above "🏆 bob gagne avec 43 points.").
func checkWinnerOnce(t *testing.T, transcript string) {
	t.Helper()
	for _, block := range strings.Split(transcript, "  └─") {
		if n := strings.Count(block, " gagne avec ") + strings.Count(block, " wins with "); n > 1 {
			t.Errorf("one message says the win %d times:%s", n, block)
		}
		seen := map[string]bool{}
		for _, line := range strings.Split(block, "\n") {
			_, rest, ok := strings.Cut(line, "🏆 ")
			if !ok {
				continue
			}
			name := rest
			for _, sep := range []string{" gagne", " wins", " : ", ": "} {
				if i := strings.Index(rest, sep); i >= 0 {
					name = rest[:i]
					if sep == " : " || sep == ": " {
						name = rest[i+len(sep):]
					}
					break
				}
			}
			if seen[name] {
				t.Errorf("%s is named winner twice in one message:%s", name, block)
			}
			seen[name] = true
		}
	}
}

// A button that asks for a word, pressed without one, says how to give it
// in the terminal: the word after the button's number.
func TestPress_WordButtonSaysHowToGiveIt(t *testing.T) {
	out := string(play(t, []byte(strings.Join([]string{
		"/jouer crackword", "/robot", "/commencer", "/press 1", "/press 1",
	}, "\n"))))
	_, after, _ := strings.Cut(out, "#main alice> /press 1\n")
	_, after, _ = strings.Cut(after, "#main alice> /press 1\n")
	if !strings.Contains(after, "✖ Ce bouton attend un mot (Un mot qui contient ") || !strings.Contains(after, "par exemple /press 1 neige.") {
		t.Fatalf("pressed without its word:\n%s", after)
	}
	// With the word, the move goes to the game (a refusal, if any, is the
	// game's, not the chat's).
	out = string(play(t, []byte(strings.Join([]string{
		"/jouer crackword", "/robot", "/commencer", "/press 1", "/press 1 neige",
	}, "\n"))))
	if strings.Contains(out, "Ce bouton attend un mot") || strings.Contains(out, "Il faut un seul mot") {
		t.Fatalf("pressed with its word:\n%s", out)
	}
}
