package table

import (
	"fmt"
	"image/color"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tablee/tablee/games/render"
)

// The page's colours, read from its embedded style sheet as a browser
// cascades them, meet WCAG 2.1's contrast ratios, as the pictures' do
// (games/render): 4.5:1 for text on its background (success criterion
// 1.4.3; no text of the page is large enough for 3:1), 3:1 for the parts
// of the controls and of the board that tell them apart (1.4.11: a
// button's or a field's border, a tile's or a cell's outline, a card's
// joins, the focus and the chosen cell).
func TestPageColoursContrast(t *testing.T) {
	css, err := assets.ReadFile("assets/table.css")
	if err != nil {
		t.Fatal(err)
	}
	s := parseSheet(t, string(css))
	const page = ":root body main "
	board, grid := page+"div#board-area div#board ", page+"div#board-area div#board div.grid "
	fills := []string{"white", "red", "blue", "green", "yellow", "orange", "sky", "purple", "gray", "black", "cream"}

	// Text: its colour (inherited as a browser does) on the nearest
	// background behind it.
	text := []string{
		page + "header h1", page + "header p#status", page + "div#side h2", page + "div#side ul#seats li span.name",
		page + "div#side ul#seats li.turn span.name", page + "div#side ul#seats li.turn span.badge",
		page + "div#side ul#events li", page + "div#side p#reply", page + "div#side p#compose-score.score-refused",
		page + "div#side button", page + `div#side button[aria-pressed="true"]`, page + "div#side input",
		board + "p.line", board + "pre.mono", grid + "span.coord",
		board + "span.tile span.letter", board + "span.tile.empty span.letter", grid + "span.tile.empty span.corner",
	}
	for _, f := range fills {
		text = append(text, board+"span.tile.fill-"+f+" span.letter", grid+"span.tile.fill-"+f+" span.corner",
			board+"span.tile.swatch.fill-"+f+" span.letter")
	}
	for _, e := range text {
		el := s.element(e)
		fg, bg := s.color(el), s.backdrop(el)
		if r := render.Contrast(fg, bg); r < 4.5 {
			t.Errorf("%s: text %s on %s, %.2f:1, under 4.5:1", e, hex(fg), hex(bg), r)
		}
	}

	// Controls and the board's outlines: against what is around them
	// (the page behind) and what is within (their own background).
	type edge struct{ path, prop string }
	ui := []edge{
		{page + "div#side button", "border"}, {page + "div#side input", "border"},
		{board + "span.tile", "border"}, {board + "span.tile.empty", "border"}, {grid + "span.tile.empty", "border"},
		{page + "div#side button:focus-visible", "outline"}, {page + "div#side input:focus-visible", "outline"},
		{board + "span.tile.target", "outline"},
	}
	for _, f := range fills {
		// A grid cell's chosen mark sits inside it (outline-offset
		// -3px), over a ring of its own: against the ring.
		ui = append(ui, edge{grid + `span.tile.fill-` + f + `.selected[role="gridcell"]`, "outline"},
			edge{grid + `span.tile.fill-` + f + `[role="gridcell"]:focus-visible`, "outline"})
	}
	// A card's joins (Escogriffe): the shape's edge on the card.
	for _, shape := range []string{"circle", "square", "triangle", "diamond", "star"} {
		for _, side := range []string{"top", "bottom"} {
			ui = append(ui, edge{board + "span.tile.fill-white span.join." + side + ".shape-" + shape, "background"})
		}
	}
	for _, c := range ui {
		el := s.element(c.path)
		line, ok := s.edge(el, c.prop)
		if !ok {
			t.Errorf("%s has no %s colour", c.path, c.prop)
			continue
		}
		outside := s.backdrop(el[:len(el)-1])
		inside := s.backdrop(el)
		if ring, ok := s.edge(el, "box-shadow"); ok {
			inside = ring
		}
		against := []color.RGBA{outside, inside}
		switch c.prop {
		case "background":
			// A shape drawn in its colour: against what is around it.
			against = []color.RGBA{outside}
		case "outline":
			// An outline is drawn outside the box unless it is set
			// inside: against one side only.
			if off := s.value(el, "outline-offset"); strings.HasPrefix(off, "-") {
				against = []color.RGBA{inside}
			} else {
				against = []color.RGBA{outside}
			}
		}
		for _, bg := range against {
			if r := render.Contrast(line, bg); r < 3 {
				t.Errorf("%s: its %s %s against %s, %.2f:1, under 3:1", c.path, c.prop, hex(line), hex(bg), r)
			}
		}
	}
}

// The cascade the test reads: enough of CSS for the page's own sheet
// (type, id, class and attribute selectors, pseudo-classes, descendants;
// var() of :root; hex colours), not a general parser.

type compound struct {
	tag, id string
	classes []string
	attrs   []string // `name="value"`, or `class*="part"`
	pseudos []string // ":focus-visible"…
}

type rule struct {
	chain []compound // descendant chain, outermost first
	spec  [3]int
	order int
	decls map[string]string
}

type sheet struct {
	t     *testing.T
	vars  map[string]string
	rules []rule
}

var (
	cssComment = regexp.MustCompile(`(?s)/\*.*?\*/`)
	cssRule    = regexp.MustCompile(`([^{}]+)\{([^{}]*)\}`)
	simpleSel  = regexp.MustCompile(`^([a-z0-9*]+)?((?:#[\w-]+|\.[\w-]+|\[[^\]]+\]|::?[\w-]+(?:\([^)]*\))?)*)$`)
	selPart    = regexp.MustCompile(`#[\w-]+|\.[\w-]+|\[[^\]]+\]|::?[\w-]+(?:\([^)]*\))?`)
	hexColour  = regexp.MustCompile(`#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b`)
)

func parseSheet(t *testing.T, css string) *sheet {
	t.Helper()
	s := &sheet{t: t, vars: map[string]string{}}
	css = cssComment.ReplaceAllString(css, "")
	for i, m := range cssRule.FindAllStringSubmatch(css, -1) {
		decls := map[string]string{}
		for _, d := range strings.Split(m[2], ";") {
			if k, v, ok := strings.Cut(d, ":"); ok {
				decls[strings.TrimSpace(k)] = strings.TrimSpace(v)
			}
		}
		for _, sel := range strings.Split(m[1], ",") {
			sel = strings.TrimSpace(sel)
			if sel == ":root" {
				for k, v := range decls {
					if strings.HasPrefix(k, "--") {
						s.vars[k] = v
					}
				}
			}
			chain, ok := parseChain(sel)
			if !ok {
				continue // @-rules' headers, keyframes: no colours of elements
			}
			r := rule{chain: chain, order: i, decls: decls}
			for _, c := range chain {
				if c.id != "" {
					r.spec[0]++
				}
				r.spec[1] += len(c.classes) + len(c.attrs)
				for _, p := range c.pseudos {
					if strings.HasPrefix(p, "::") {
						r.spec[2]++
					} else {
						r.spec[1]++
					}
				}
				if c.tag != "" && c.tag != "*" {
					r.spec[2]++
				}
			}
			s.rules = append(s.rules, r)
		}
	}
	if len(s.vars) == 0 || len(s.rules) < 20 {
		t.Fatalf("the sheet read as %d variables, %d rules", len(s.vars), len(s.rules))
	}
	return s
}

func parseChain(sel string) ([]compound, bool) {
	var out []compound
	for _, f := range strings.Fields(sel) {
		m := simpleSel.FindStringSubmatch(f)
		if m == nil {
			return nil, false
		}
		c := compound{tag: m[1]}
		for _, p := range selPart.FindAllString(m[2], -1) {
			switch {
			case p[0] == '#':
				c.id = p[1:]
			case p[0] == '.':
				c.classes = append(c.classes, p[1:])
			case p[0] == '[':
				c.attrs = append(c.attrs, strings.Trim(p, "[]"))
			default:
				if p == ":root" {
					c.tag = ":root"
					continue
				}
				c.pseudos = append(c.pseudos, p)
			}
		}
		out = append(out, c)
	}
	return out, len(out) > 0
}

// element is a page's element and its ancestors, outermost first, as
// selectors: ":root body main div#board span.tile.fill-red".
func (s *sheet) element(path string) []compound {
	chain, ok := parseChain(path)
	if !ok {
		s.t.Fatalf("not an element: %q", path)
	}
	return chain
}

func (c compound) matches(e compound) bool {
	if c.tag != "" && c.tag != "*" && c.tag != e.tag || c.id != "" && c.id != e.id {
		return false
	}
	for _, k := range c.classes {
		if !slices.Contains(e.classes, k) {
			return false
		}
	}
	for _, a := range c.attrs {
		if part, ok := strings.CutPrefix(a, `class*=`); ok {
			part = strings.Trim(part, `"`)
			if !strings.Contains(" "+strings.Join(e.classes, " "), part) {
				return false
			}
		} else if !slices.Contains(e.attrs, a) {
			return false
		}
	}
	for _, p := range c.pseudos {
		if !slices.Contains(e.pseudos, p) {
			return false
		}
	}
	return true
}

// applies tells whether r selects the last element of el.
func (r rule) applies(el []compound) bool {
	i := len(el) - 1
	if !r.chain[len(r.chain)-1].matches(el[i]) {
		return false
	}
	j := len(r.chain) - 2
	for i--; j >= 0 && i >= 0; i-- {
		if r.chain[j].matches(el[i]) {
			j--
		}
	}
	return j < 0
}

// declared is the winning declaration of prop (or of its shorthand) on
// the last element of el, "" if none.
func (s *sheet) declared(el []compound, props ...string) string {
	best, val := rule{order: -1}, ""
	for _, r := range s.rules {
		if !r.applies(el) {
			continue
		}
		for _, p := range props {
			v, ok := r.decls[p]
			if !ok {
				continue
			}
			if r.spec != best.spec && !less(best.spec, r.spec) && best.order >= 0 {
				continue
			}
			best, val = r, v
		}
	}
	return val
}

func less(a, b [3]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

func (s *sheet) value(el []compound, prop string) string { return s.declared(el, prop) }

// colourIn is the first colour in a declaration's value, var() resolved.
func (s *sheet) colourIn(v string) (color.RGBA, bool) {
	for i := 0; i < 4 && strings.Contains(v, "var("); i++ {
		v = regexp.MustCompile(`var\((--[\w-]+)\)`).ReplaceAllStringFunc(v, func(m string) string {
			return s.vars[m[4:len(m)-1]]
		})
	}
	h := hexColour.FindString(v)
	if h == "" {
		return color.RGBA{}, false
	}
	h = h[1:]
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	n, _ := strconv.ParseUint(h, 16, 32)
	return color.RGBA{R: uint8(n >> 16), G: uint8(n >> 8), B: uint8(n), A: 255}, true
}

// color is the element's text colour: declared, or inherited.
func (s *sheet) color(el []compound) color.RGBA {
	for i := len(el); i > 0; i-- {
		if c, ok := s.colourIn(s.declared(el[:i], "color")); ok {
			return c
		}
	}
	s.t.Fatalf("no text colour for %v", el)
	return color.RGBA{}
}

// backdrop is what is behind the element's content: its own background,
// or the nearest ancestor's.
func (s *sheet) backdrop(el []compound) color.RGBA {
	for i := len(el); i > 0; i-- {
		if c, ok := s.colourIn(s.declared(el[:i], "background", "background-color")); ok {
			return c
		}
	}
	s.t.Fatalf("no background behind %v", el)
	return color.RGBA{}
}

// edge is the colour of a border, an outline, a box-shadow ring or a
// shape's background.
func (s *sheet) edge(el []compound, prop string) (color.RGBA, bool) {
	if prop == "background" {
		return s.colourIn(s.declared(el, "background", "background-color"))
	}
	return s.colourIn(s.declared(el, prop))
}

func hex(c color.RGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }
