package render

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// drawingVersion changes whenever the same scene would be drawn
// differently (a colour, a size, the layout), so that a key kept across a
// restart (an upload remembered by an adapter) never names an old picture.
const drawingVersion = 3

// Key identifies the picture of a scene under a title in a reader's
// language: a hash of everything the picture shows (the title, the texts
// as written for this reader, names included, and every field of every
// tile). Two scenes with the same key give the same bytes; a scene that
// changes in anything drawn changes its key. Hashing a scene takes
// microseconds, drawing it milliseconds: the key is how a Cache knows an
// unchanged board or hand without drawing it.
func Key(title string, s games.Scene, r i18n.Renderer) string {
	return resolve(title, s, r).key()
}

func (rs *resolved) key() string {
	b := make([]byte, 0, 1024)
	b = binary.AppendUvarint(b, drawingVersion)
	b = appendString(b, rs.title)
	b = binary.AppendUvarint(b, uint64(max(rs.columns, 0)))
	b = binary.AppendUvarint(b, uint64(len(rs.blocks)))
	for _, bl := range rs.blocks {
		b = appendString(b, bl.label)
		b = appendString(b, bl.note)
		b = append(b, flags(bl.grid, bl.wide, bl.flow))
		b = binary.AppendUvarint(b, uint64(max(bl.tileSize, 0)))
		b = binary.AppendUvarint(b, uint64(len(bl.rows)))
		for _, row := range bl.rows {
			b = binary.AppendUvarint(b, uint64(len(row)))
			for _, t := range row {
				b = appendTile(b, t)
			}
		}
		b = binary.AppendUvarint(b, uint64(len(bl.lines)))
		for _, l := range bl.lines {
			b = appendString(b, l.text)
			b = append(b, flags(l.bold, l.swatch != nil))
			if l.swatch != nil {
				b = appendTile(b, *l.swatch)
			}
		}
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:16])
}

func appendTile(b []byte, t games.Tile) []byte {
	b = appendString(b, t.Text)
	b = appendString(b, t.Corner)
	b = append(b, byte(t.Fill), byte(t.Mark), byte(t.Icon), flags(t.Empty, t.Highlight, t.Lying, t.Top != nil, t.Bottom != nil))
	for _, j := range []*games.Join{t.Top, t.Bottom} {
		if j != nil {
			b = append(b, byte(j.Shape), byte(j.Color))
		}
	}
	return b
}

// appendString writes s with its length first, so that no two sequences
// of strings write the same bytes.
func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func flags(bits ...bool) byte {
	var f byte
	for i, on := range bits {
		if on {
			f |= 1 << i
		}
	}
	return f
}
