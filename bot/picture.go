package bot

import (
	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/render"
	"github.com/tablee/tablee/i18n"
)

// How a table shows its board (/settings view=...).
const (
	ViewBoth    = "both"    // a picture and the text board
	ViewPicture = "picture" // a picture, and the text board only if it fails
	ViewText    = "text"    // text only: the lightest on a slow connection
)

// pictures keeps the pictures drawn for every table of the process: its
// key covers everything a picture shows, so a board or hand that has not
// changed is not drawn again, whichever table or core asks.
var pictures = render.NewCache(render.DefaultCacheBytes)

// picture draws a scene for an Out. When drawing fails, or the table wants
// text only, the text board stays: a picture is never the only way to see
// the game.
func (c *Core) picture(t *Table, out *Out, scene func() (games.Scene, bool), r i18n.Renderer) {
	if t.Settings.View == ViewText {
		return
	}
	s, ok := scene()
	if !ok {
		return
	}
	data, key, err := pictures.Picture(out.Title, s, r)
	if err != nil {
		c.log.Warn("picture not drawn; text only", "table", t.ID, "game", t.Game, "err", err)
		return
	}
	out.Picture, out.PictureKey = data, key
	if t.Settings.View == ViewPicture {
		out.Mono = nil
	}
}

func publicScene(t *Table) func() (games.Scene, bool) {
	return func() (games.Scene, bool) {
		p, ok := t.game.(games.Pictured)
		if !ok {
			return games.Scene{}, false
		}
		return p.Scene(), true
	}
}

func privateScene(t *Table, seat int) func() (games.Scene, bool) {
	return func() (games.Scene, bool) {
		p, ok := t.game.(games.PrivatePictured)
		if !ok {
			return games.Scene{}, false
		}
		return p.PrivateScene(seat), true
	}
}
