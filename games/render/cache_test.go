package render_test

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/render"
	"github.com/tablee/tablee/i18n"
)

// allScenes is the board and a hand of every game that draws pictures.
func allScenes(t testing.TB) []benchScene {
	var out []benchScene
	for name, g := range positions(t) {
		out = append(out, benchScene{name + "/board", name, g.(games.Pictured).Scene()})
		if pp, ok := g.(games.PrivatePictured); ok {
			for seat := 0; seat < 3; seat++ {
				out = append(out, benchScene{fmt.Sprintf("%s/hand%d", name, seat), name, pp.PrivateScene(seat)})
			}
		}
	}
	return out
}

// TestPictures_DrawnAtOnceMatchASerialDraw draws every game's board and
// hands on many goroutines at once, each picture several times, with and
// without a cache: every picture is byte for byte the one drawn alone,
// and through the cache each is drawn exactly once.
func TestPictures_DrawnAtOnceMatchASerialDraw(t *testing.T) {
	r := i18n.Renderer{Lang: i18n.FR, Name: names}
	scenes := allScenes(t)
	want := map[string][]byte{}
	keys := map[string]bool{}
	for _, s := range scenes {
		data, key, err := (*render.Cache)(nil).Picture(s.title, s.scene, r)
		if err != nil {
			t.Fatal(err)
		}
		want[s.name] = data
		keys[key] = true
	}
	if len(keys) != len(scenes) {
		t.Fatalf("%d keys for %d different scenes", len(keys), len(scenes))
	}
	for _, c := range []*render.Cache{nil, render.NewCache(0)} {
		render.AtOnce(t, 12, len(scenes)*3, func(i int) error {
			s := scenes[i%len(scenes)]
			data, _, err := c.Picture(s.title, s.scene, r)
			if err != nil {
				return err
			}
			if !bytes.Equal(data, want[s.name]) {
				return fmt.Errorf("%s drawn at once with others differs from its serial draw", s.name)
			}
			return nil
		})
		if c != nil {
			st := c.Stats()
			if st.Drawn != int64(len(scenes)) || st.Pictures != len(scenes) {
				t.Errorf("%d scenes asked 36 times each: drawn %d times, %d kept", len(scenes), st.Drawn, st.Pictures)
			}
			if st.Hits+st.Shared+st.Drawn != int64(12*3*len(scenes)) {
				t.Errorf("stats %+v do not add up to %d requests", st, 12*3*len(scenes))
			}
		}
	}
}

// TestCache_StaysWithinItsBudget asks for more pictures than the budget
// holds: the cache never holds more, keeps the ones used last and draws
// again the ones it let go.
func TestCache_StaysWithinItsBudget(t *testing.T) {
	r := i18n.Renderer{Lang: i18n.FR, Name: names}
	scene := func(i int) games.Scene {
		return games.Scene{Blocks: []games.Block{{Label: i18n.Raw(fmt.Sprintf("Rangée %d", i)),
			Rows: [][]games.Tile{{{Text: "A", Fill: games.Red}, {Text: fmt.Sprint(i % 10), Fill: games.Blue}}}}}}
	}
	one, _, err := (*render.Cache)(nil).Picture("", scene(0), r)
	if err != nil {
		t.Fatal(err)
	}
	budget := int64(len(one)) * 4 // about three pictures with their keys
	c := render.NewCache(budget)
	for i := 0; i < 40; i++ {
		if _, _, err := c.Picture("", scene(i), r); err != nil {
			t.Fatal(err)
		}
		// The first picture is used all the time: it stays.
		if _, _, err := c.Picture("", scene(0), r); err != nil {
			t.Fatal(err)
		}
		if st := c.Stats(); st.Bytes > budget || st.Pictures > 4 {
			t.Fatalf("after %d pictures: %d bytes, %d pictures kept, budget %d", i+1, st.Bytes, st.Pictures, budget)
		}
	}
	st := c.Stats()
	if st.Drawn != 40 || st.Pictures < 2 {
		t.Fatalf("40 different pictures and one asked again each time: %+v", st)
	}
	// The oldest were let go: asking again draws them.
	if _, _, err := c.Picture("", scene(1), r); err != nil {
		t.Fatal(err)
	}
	if c.Stats().Drawn != 41 {
		t.Fatalf("an evicted picture was not drawn again: %+v", c.Stats())
	}
	// A picture larger than the whole budget is drawn but not kept.
	tiny := render.NewCache(100)
	if data, _, err := tiny.Picture("", scene(0), r); err != nil || !bytes.Equal(data, one) {
		t.Fatal("a picture larger than the budget was not returned", err)
	}
	if st := tiny.Stats(); st.Pictures != 0 || st.Bytes != 0 {
		t.Fatalf("a picture larger than the budget was kept: %+v", st)
	}
}

// keyScene is a scene with every field of a tile, a block and a scene set,
// so that changing any one of them changes what is drawn.
func keyScene() games.Scene {
	return games.Scene{Columns: 2, Blocks: []games.Block{
		{Label: i18n.Raw("Alice"), Note: i18n.Raw("12 points"), TileSize: 60, Rows: [][]games.Tile{
			{{Text: "E", Corner: "3", Fill: games.Red, Mark: games.Circle},
				{Text: "S", Fill: games.Cream, Top: &games.Join{Shape: games.Star, Color: games.Yellow},
					Bottom: &games.Join{Shape: games.Square, Color: games.Blue}}},
			{{Empty: true}, {Text: "X", Lying: true, Top: &games.Join{Shape: games.Circle, Color: games.Green}}},
		}},
		{Label: i18n.T("render.test.seat", i18n.Seat(1)), Rows: [][]games.Tile{{{Text: "K", Highlight: true}, {Icon: games.IconTrash}}},
			Lines: []games.Line{{Swatch: games.Tile{Fill: games.Blue, Mark: games.Square}, Text: i18n.Raw("Bob")}, {Text: i18n.Raw("fin")}, {Text: i18n.Raw("et plus")}}},
		{Label: i18n.Raw("Grille"), Grid: true, Rows: [][]games.Tile{{{Text: "A"}, {Empty: true}}, {{Empty: true}, {Text: "B"}}}},
	}}
}

// TestKey_ChangesWithEveryDrawnField changes one drawn thing at a time:
// the picture changes, and so must its key; a scene built again with the
// same content keeps its key and its bytes.
func TestKey_ChangesWithEveryDrawnField(t *testing.T) {
	i18n.Register(i18n.FR, map[string]string{"render.test.seat": "Siège de %s"})
	i18n.Register(i18n.EN, map[string]string{"render.test.seat": "%s's seat"})
	r := i18n.Renderer{Lang: i18n.FR, Name: names}
	tile := func(s *games.Scene, b, row, col int) *games.Tile { return &s.Blocks[b].Rows[row][col] }
	cases := []struct {
		name   string
		change func(s *games.Scene, title *string, r *i18n.Renderer)
	}{
		{"title", func(s *games.Scene, title *string, r *i18n.Renderer) { *title = "Autre" }},
		{"language", func(s *games.Scene, title *string, r *i18n.Renderer) { r.Lang = i18n.EN }},
		{"a name", func(s *games.Scene, title *string, r *i18n.Renderer) {
			r.Name = func(int) string { return "Zoé" }
		}},
		{"columns", func(s *games.Scene, title *string, r *i18n.Renderer) { s.Columns = 1 }},
		{"block label", func(s *games.Scene, title *string, r *i18n.Renderer) { s.Blocks[0].Label = i18n.Raw("Bob") }},
		{"block note", func(s *games.Scene, title *string, r *i18n.Renderer) { s.Blocks[0].Note = i18n.Raw("13 points") }},
		{"block grid", func(s *games.Scene, title *string, r *i18n.Renderer) { s.Blocks[0].Grid = true }},
		{"block wide", func(s *games.Scene, title *string, r *i18n.Renderer) { s.Blocks[1].Wide = true }},
		{"block tile size", func(s *games.Scene, title *string, r *i18n.Renderer) { s.Blocks[0].TileSize = 50 }},
		{"rows split differently", func(s *games.Scene, title *string, r *i18n.Renderer) {
			b := &s.Blocks[0]
			b.Rows = [][]games.Tile{{b.Rows[0][0]}, {b.Rows[0][1], b.Rows[1][0], b.Rows[1][1]}}
		}},
		{"block order", func(s *games.Scene, title *string, r *i18n.Renderer) {
			s.Blocks[0], s.Blocks[1] = s.Blocks[1], s.Blocks[0]
		}},
		{"tile text", func(s *games.Scene, title *string, r *i18n.Renderer) { tile(s, 0, 0, 0).Text = "F" }},
		{"tile corner", func(s *games.Scene, title *string, r *i18n.Renderer) { tile(s, 0, 0, 0).Corner = "4" }},
		{"tile fill", func(s *games.Scene, title *string, r *i18n.Renderer) { tile(s, 0, 0, 0).Fill = games.Blue }},
		{"tile mark", func(s *games.Scene, title *string, r *i18n.Renderer) { tile(s, 0, 0, 0).Mark = games.Triangle }},
		{"tile empty", func(s *games.Scene, title *string, r *i18n.Renderer) { tile(s, 0, 0, 0).Empty = true }},
		{"tile highlight", func(s *games.Scene, title *string, r *i18n.Renderer) { tile(s, 0, 0, 0).Highlight = true }},
		{"tile lying", func(s *games.Scene, title *string, r *i18n.Renderer) { tile(s, 0, 0, 1).Lying = true }},
		{"top join added", func(s *games.Scene, title *string, r *i18n.Renderer) {
			tile(s, 0, 0, 0).Top = &games.Join{Shape: games.Diamond, Color: games.Orange}
		}},
		{"top join removed", func(s *games.Scene, title *string, r *i18n.Renderer) { tile(s, 0, 0, 1).Top = nil }},
		{"top join shape", func(s *games.Scene, title *string, r *i18n.Renderer) {
			tile(s, 0, 0, 1).Top = &games.Join{Shape: games.Triangle, Color: games.Yellow}
		}},
		{"top join colour", func(s *games.Scene, title *string, r *i18n.Renderer) {
			tile(s, 0, 0, 1).Top = &games.Join{Shape: games.Star, Color: games.Purple}
		}},
		{"top join moved to the bottom", func(s *games.Scene, title *string, r *i18n.Renderer) {
			tile(s, 0, 1, 1).Top, tile(s, 0, 1, 1).Bottom = nil, tile(s, 0, 1, 1).Top
		}},
		{"bottom join colour", func(s *games.Scene, title *string, r *i18n.Renderer) {
			tile(s, 0, 0, 1).Bottom = &games.Join{Shape: games.Square, Color: games.Sky}
		}},
		{"tile icon", func(s *games.Scene, title *string, r *i18n.Renderer) { tile(s, 1, 0, 1).Icon = games.IconJoker }},
		{"tile icon on a letter", func(s *games.Scene, title *string, r *i18n.Renderer) { tile(s, 1, 0, 0).Icon = games.IconLock }},
		{"line text", func(s *games.Scene, title *string, r *i18n.Renderer) { s.Blocks[1].Lines[1].Text = i18n.Raw("début") }},
		{"line bold", func(s *games.Scene, title *string, r *i18n.Renderer) { s.Blocks[1].Lines[1].Bold = true }},
		{"line swatch added", func(s *games.Scene, title *string, r *i18n.Renderer) {
			s.Blocks[1].Lines[1].Swatch = games.Tile{Fill: games.Red, Mark: games.Circle}
		}},
		{"line swatch removed", func(s *games.Scene, title *string, r *i18n.Renderer) { s.Blocks[1].Lines[0].Swatch = games.Tile{} }},
		{"line swatch mark", func(s *games.Scene, title *string, r *i18n.Renderer) { s.Blocks[1].Lines[0].Swatch.Mark = games.Star }},
		{"line swatch icon", func(s *games.Scene, title *string, r *i18n.Renderer) {
			s.Blocks[1].Lines[0].Swatch.Icon = games.IconReplay
		}},
		{"lines flow", func(s *games.Scene, title *string, r *i18n.Renderer) { s.Blocks[1].Flow = true }},
		{"grid cell", func(s *games.Scene, title *string, r *i18n.Renderer) { tile(s, 2, 1, 0).Text = "C" }},
	}
	base, baseKey, err := (*render.Cache)(nil).Picture("Crack Word", keyScene(), r)
	if err != nil {
		t.Fatal(err)
	}
	if again, key, _ := (*render.Cache)(nil).Picture("Crack Word", keyScene(), r); key != baseKey || !bytes.Equal(again, base) {
		t.Fatal("the same scene built twice changed its key or its picture")
	}
	seen := map[string]string{baseKey: "the scene as built"}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, title, rr := keyScene(), "Crack Word", r
			c.change(&s, &title, &rr)
			data, key, err := (*render.Cache)(nil).Picture(title, s, rr)
			if err != nil {
				t.Fatal(err)
			}
			if bytes.Equal(data, base) {
				t.Fatalf("changing the %s draws the same picture: the case tests nothing", c.name)
			}
			if other, ok := seen[key]; ok {
				t.Fatalf("changing the %s keeps the key of %s", c.name, other)
			}
			seen[key] = c.name
			if key != render.Key(title, s, rr) {
				t.Fatal("Key and Cache.Picture disagree")
			}
		})
	}
}

// FuzzKey builds two scenes from bytes: when their keys are equal their
// pictures must be too (a cache would otherwise show a stale picture).
func FuzzKey(f *testing.F) {
	f.Add([]byte("AB\x01\x02"), []byte("AB\x01\x02"))
	f.Add([]byte("AB\x01\x02"), []byte("AB\x01\x03"))
	f.Add([]byte("\x00\x00"), []byte("\x00"))
	f.Add([]byte("XY\x05\x11\x22\x33"), []byte("XY\x05\x11\x22\x34"))
	r := i18n.Renderer{Lang: i18n.FR, Name: names}
	f.Fuzz(func(t *testing.T, a, b []byte) {
		sa, sb := fuzzScene(a), fuzzScene(b)
		da, ka, err := (*render.Cache)(nil).Picture("t", sa, r)
		if err != nil {
			t.Fatal(err)
		}
		db, kb, err := (*render.Cache)(nil).Picture("t", sb, r)
		if err != nil {
			t.Fatal(err)
		}
		if ka == kb && !bytes.Equal(da, db) {
			t.Fatalf("same key %s for two different pictures", ka)
		}
	})
}

// FuzzBands draws scenes one after the other through the process's cache
// of bands, which keeps the bands of every scene drawn before: each PNG
// must be the picture drawn whole (a band reused under a key that misses
// something drawn would show a stale part).
func FuzzBands(f *testing.F) {
	f.Add([]byte("AB\x01\x02CD\x0b\x1b"), []byte("AB\x01\x02CE\x0b\x1b"))
	f.Add([]byte("AB\x01\x00CD\x0b\x1c"), []byte("AB\x01\x00CD\x0c\x1c\x00XY\x05"))
	f.Add([]byte("\x00\x00\x00\x00\x00\x00"), []byte("XY\x05\x11\x22\x33\x00\x00\x00KL\x08"))
	r := i18n.Renderer{Lang: i18n.FR, Name: names}
	f.Fuzz(func(t *testing.T, a, b []byte) {
		for _, s := range []games.Scene{fuzzScene(a), fuzzScene(b), fuzzScene(append(b, a...))} {
			data, _, err := render.PNG("t", s, r)
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			drawn, _ := render.Draw("t", s, r)
			if got, ok := img.(*image.Paletted); !ok || got.Rect != drawn.Rect || !bytes.Equal(got.Pix, drawn.Pix) {
				t.Fatal("the PNG is not the picture drawn")
			}
		}
	})
}

// fuzzScene turns bytes into a small scene: each group of three bytes is a
// tile (text, fill and mark, flags and joins); a zero byte starts a row.
func fuzzScene(data []byte) games.Scene {
	b := games.Block{Label: i18n.Raw(fmt.Sprintf("%d", len(data)%3)), Rows: [][]games.Tile{{}}}
	for i := 0; i+2 < len(data) && i < 30; i += 3 {
		if data[i] == 0 {
			b.Rows = append(b.Rows, nil)
			continue
		}
		t := games.Tile{Text: string(rune('A' + data[i]%26)), Fill: games.Color(data[i+1] % 11), Mark: games.Shape(data[i+1] / 11 % 6)}
		fl := data[i+2]
		t.Empty, t.Highlight, t.Lying = fl&1 != 0, fl&2 != 0, fl&4 != 0
		if fl&8 != 0 {
			t.Top = &games.Join{Shape: games.Shape(fl>>4%5 + 1), Color: games.Color(fl % 11)}
		}
		if fl&16 != 0 {
			t.Corner = fmt.Sprint(fl >> 5)
		}
		last := len(b.Rows) - 1
		b.Rows[last] = append(b.Rows[last], t)
	}
	return games.Scene{Blocks: []games.Block{b}}
}

// TestPNG_IsTheDrawnPicture reads each game's board back from its PNG: the
// same palette indexes as the picture drawn.
func TestPNG_IsTheDrawnPicture(t *testing.T) {
	r := i18n.Renderer{Lang: i18n.EN, Name: names}
	for _, s := range allScenes(t) {
		data, _, err := render.PNG(s.title, s.scene, r)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		drawn, _ := render.Draw(s.title, s.scene, r)
		got, ok := img.(*image.Paletted)
		if !ok || got.Rect != drawn.Rect || !bytes.Equal(got.Pix, drawn.Pix) {
			t.Fatalf("%s: the PNG is not the picture drawn", s.name)
		}
	}
}
