package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/render"
	"github.com/tablee/tablee/i18n"
)

// seatNames name the seats of a rendered position.
var seatNames = []string{"Alice", "Bob", "Chloé", "David", "Emma", "Farid", "Gaëlle", "Hugo"}

// renderTool writes the picture of a self-played position:
// `tablee render crackword --seed 1 --moves 30 -o board.png`.
func renderTool(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "" || args[0][0] == '-' {
		return fmt.Errorf("render: which game? (tablee render <game> [--seed N] [--moves K] [-o out.png])")
	}
	e, ok := games.Lookup(args[0])
	if !ok {
		return fmt.Errorf("render: unknown game %q", args[0])
	}
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seed := fs.Uint64("seed", 1, "seed of the game")
	moves := fs.Int("moves", 20, "bot moves to play before drawing")
	min, _ := e.Seats()
	players := fs.Int("players", max(min, 2), "number of players")
	out := fs.String("o", "board.png", "PNG file to write")
	lang := fs.String("lang", "fr", "language of the labels: fr or en")
	private := fs.Int("private", -1, "draw this seat's hand instead of the board")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	l, ok := i18n.ParseLang(*lang)
	if !ok {
		return fmt.Errorf("render: --lang must be fr or en")
	}
	g, err := e.New(games.Options{}, *players, *seed)
	if err != nil {
		return err
	}
	played, err := games.Autoplay(g, *moves)
	if err != nil {
		return err
	}
	var scene games.Scene
	if *private >= 0 {
		pp, ok := g.(games.PrivatePictured)
		if !ok {
			return fmt.Errorf("render: %s draws no hand", e.Name())
		}
		scene = pp.PrivateScene(*private)
	} else {
		p, ok := g.(games.Pictured)
		if !ok {
			return fmt.Errorf("render: %s has no picture yet", e.Name())
		}
		scene = p.Scene()
	}
	r := i18n.Renderer{Lang: l, Name: func(s int) string { return seatNames[s%len(seatNames)] }}
	data, m, err := render.PNG(r.Text(i18n.T(e.Name()+".title")), scene, r)
	if err != nil {
		return err
	}
	if err := os.WriteFile(*out, data, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %d moves played, %dx%d px, %d bytes\n", *out, played, m.Width, m.Height, len(data))
	return nil
}
