package bot

import (
	"bytes"
	"image/png"
	"testing"
)

func TestPictures_FollowTheViewSetting(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/play tictactoe pictures"))
	mustOK(t, h.do("bob", "/join"))
	mustOK(t, h.do("alice", "/start"))
	h.rec.take()
	cases := []struct {
		view         string
		picture, txt bool
	}{
		{"both", true, true},
		{"picture", true, false},
		{"text", false, true},
	}
	for _, c := range cases {
		mustOK(t, h.do("alice", "/settings view="+c.view))
		outs := h.do("alice", "/board")
		b := outs[0]
		if (len(b.Picture) > 0) != c.picture || (len(b.Mono) > 0) != c.txt {
			t.Fatalf("view=%s: picture %d bytes, text board %v", c.view, len(b.Picture), b.Mono)
		}
		if c.picture {
			img, err := png.Decode(bytes.NewReader(b.Picture))
			if err != nil || img.Bounds().Dx() < 800 || b.PictureKey == "" {
				t.Fatalf("view=%s: %v %v %q", c.view, err, img.Bounds(), b.PictureKey)
			}
		}
	}
	mustRefuse(t, h.do("alice", "/settings view=hologram"), "Invalid setting")
}
