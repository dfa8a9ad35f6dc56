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
	for _, c := range h.f.allCalls() {
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
		photos[c.Chat == group]++
		parts := strings.Split(caption, "\n\n")
		if !strings.HasPrefix(parts[0], "<b>Crack Word") || len(parts) < 2 || strings.HasPrefix(parts[1], "👉") {
			t.Errorf("%s to %d: a caption that does not say what the picture shows: %q", c.Method, c.Chat, caption)
		}
	}
	if photos[true] < 6 || photos[false] < 6 {
		t.Fatalf("photos: %d in the group, %d in private", photos[true], photos[false])
	}
}
