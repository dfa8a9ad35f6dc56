package telegram

import (
	"encoding/json"
	"strings"
	"testing"

	_ "github.com/tablee/tablee/games/crackword"
)

// Telegram has no alt text for a photo: its caption is what a screen
// reader reads. Every photo of a Crack Word game, boards in the group and
// hands in private, with the text board beside the picture (view=both) and
// without it (view=picture), has a caption that says what it shows: its
// title, then the board in text or the text of the view (scores, whose
// turn, the hand's count), not the title and a mention alone.
func TestEveryPhotoCaptionDescribesItsPicture(t *testing.T) {
	h := newHarness(t)
	h.say(alice, group, 0, "/play crackword")
	h.joinLink(bob, h.board(group, 0))
	start, ok := button(h.board(group, 0), "s")
	if !ok {
		t.Fatal("no start button")
	}
	h.press(alice, h.board(group, 0), *start.CallbackData)
	key := chatKey(group, 0)
	play := func(n int) {
		for i := 0; i < n; i++ {
			for _, u := range []fakeUser{alice, bob} {
				if move, ok := h.core.Hint(key, userKey(u.ID)); ok {
					h.say(u, u.ID, 0, "/move "+move)
				}
			}
		}
	}
	play(3)
	h.say(alice, group, 0, "/settings view=picture")
	play(3)
	photos := map[bool]int{} // in the group, in private
	for _, c := range photoCalls(h.f) {
		photos[c.Chat == group]++
	}
	if photos[true] < 6 || photos[false] < 6 {
		t.Fatalf("photos: %d in the group, %d in private", photos[true], photos[false])
	}
	everyCaptionDescribes(t, h.f)
}

// photoCall is a request that sent a photo or its caption.
type photoCall struct {
	fakeCall
	Caption string
}

// photoCalls are the requests that sent a photo or its caption, with the
// caption they gave it.
func photoCalls(f *fakeAPI) []photoCall {
	var out []photoCall
	for _, c := range f.allCalls() {
		caption := c.Params["caption"]
		switch c.Method {
		case "sendPhoto", "editMessageCaption":
		case "editMessageMedia":
			var media struct {
				Caption string `json:"caption"`
			}
			_ = json.Unmarshal([]byte(c.Params["media"]), &media)
			caption = media.Caption
		default:
			continue
		}
		out = append(out, photoCall{c, caption})
	}
	return out
}

// everyCaptionDescribes checks that every photo the bot sent has a
// caption that says what it shows: its title in bold, then the text board
// or the view's text, not the title and a mention alone. Every test of
// the harness checks it when it ends.
func everyCaptionDescribes(t testing.TB, f *fakeAPI) {
	t.Helper()
	for _, c := range photoCalls(f) {
		parts := strings.Split(c.Caption, "\n\n")
		if !strings.HasPrefix(parts[0], "<b>") || len(parts) < 2 || strings.HasPrefix(parts[1], "👉") {
			t.Errorf("%s to %d: a caption that does not say what the picture shows: %q", c.Method, c.Chat, c.Caption)
		}
	}
}
