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

// PictureStats counts the pictures the process's cores asked for: drawn,
// found kept, or shared with a drawing under way (benchmarks).
func PictureStats() render.CacheStats { return pictures.Stats() }

// picture prepares an Out's picture: the scene is taken now, under the
// table's lock, and drawn later by drawPictures with no lock held, since
// drawing and encoding are most of a move's work. When drawing fails, or
// the table wants text only, the text board stays: a picture is never the
// only way to see the game.
func (c *Core) picture(t *Table, out *Out, scene func() (games.Scene, bool), r i18n.Renderer) {
	if t.Settings.View == ViewText {
		return
	}
	s, ok := scene()
	if !ok {
		return
	}
	out.draw = &drawing{scene: s, r: frozenNames(t, r), pictureOnly: t.Settings.View == ViewPicture, game: t.Game}
}

// frozenNames gives the renderer the seats' names as they are now: the
// picture is drawn after the table's lock is released, when a player may
// be joining or leaving.
func frozenNames(t *Table, r i18n.Renderer) i18n.Renderer {
	if r.Name == nil {
		return r
	}
	names := make([]string, len(t.Seats))
	for i := range names {
		names[i] = r.Name(i)
	}
	r.Name = func(seat int) string {
		if seat < 0 || seat >= len(names) {
			return "?"
		}
		return names[seat]
	}
	return r
}

// drawing is a picture still to draw for an Out.
type drawing struct {
	scene       games.Scene
	r           i18n.Renderer
	pictureOnly bool // the table wants no text board beside a picture
	game        string
}

// drawPictures draws the pictures the Outs wait for. It must be called
// with no table lock held.
func (c *Core) drawPictures(outs []Out) {
	for i := range outs {
		o := &outs[i]
		d := o.draw
		if d == nil {
			continue
		}
		o.draw = nil
		data, key, err := pictures.Picture(o.Title, d.scene, d.r)
		if err != nil {
			c.log.Warn("picture not drawn; text only", "table", o.Table, "game", d.game, "err", err)
			continue
		}
		o.Picture, o.PictureKey = data, key
		// Before the text board goes: the picture's alternative says it.
		o.Alt = altText(o.Title, o.Mono, o.Text, MaxAlt)
		if d.pictureOnly {
			o.Mono = nil
		}
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
