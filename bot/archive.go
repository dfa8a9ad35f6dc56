package bot

import (
	"cmp"
	"strings"

	"github.com/tablee/tablee/archive"
)

// The archive (package archive) reads finished games: /history, /replay,
// /leaderboard, /stats. The core gives it each table as an archive.Game,
// and turns the pages it answers with into Outs.

// archive reads the games of the past and the ratings.
func (c *Core) archive() *archive.Archive {
	return archive.New(c.st, c.archived, c.log)
}

// archived reads a table as the archive reads it.
func (c *Core) archived(id uint64) (archive.Game, bool) {
	t := c.storedTable(id)
	if t == nil {
		return archive.Game{}, false
	}
	return t.archived(), true
}

// archived is the table as the archive reads it: its seats named as
// players read them, dated by its end (the store's time of its end for
// games saved before Ended was kept).
func (t *Table) archived() archive.Game {
	g := archive.Game{
		ID: t.ID, Chat: t.Chat, Engine: t.engine, Options: t.Options, Seed: t.Seed, State: t.State,
		Moves: t.Moves, Scores: t.Scores, Lang: t.Settings.Lang, Created: t.Created,
		Ended: cmp.Or(t.Ended, t.finishedAt), Rematch: t.Rematch != nil,
	}
	switch t.Phase {
	case Lobby, Rematching:
		g.Status = archive.Lobby
	case Playing:
		g.Status = archive.Playing
	case Finished:
		g.Status = archive.Finished
	case Abandoned:
		g.Status = archive.Stopped
	}
	for _, s := range t.Seats {
		g.Seats = append(g.Seats, archive.Seat{User: s.User, Name: s.shownName()})
	}
	return g
}

// page turns a page of the archive into the answer to a command: its text
// rendered for the reader (or in the page's own language), its buttons
// encoded, its links asked of the platforms, its scene to draw.
func (c *Core) page(p archive.Page, rep replier) []Out {
	r := p.Renderer(rep.lang)
	var lines []string
	for _, l := range p.Lines {
		lines = append(lines, r.Text(l.Text))
		if l.Link != (archive.Where{}) {
			if link := c.tableLink(l.Link.Table, l.Link.Chat); link != "" {
				lines = append(lines, "   "+link)
			}
		}
	}
	text := strings.Join(lines, "\n")
	if p.Refusal {
		return []Out{{Dest: ToReply, Refusal: true, Private: true, Text: text}}
	}
	out := Out{Dest: ToReply, Chat: p.Chat, Private: p.Private, Title: r.Text(p.Title), Mono: p.Mono, Text: text}
	for _, row := range p.Buttons {
		var bs []Button
		for _, b := range row {
			flag := ""
			if b.Mine {
				flag = "me"
			}
			bs = append(bs, Button{Label: r.Text(b.Label), Data: payload{Kind: 'v', Table: b.Table, Counter: b.Step, Move: flag}.encode()})
		}
		out.Buttons = append(out.Buttons, bs)
	}
	if p.Scene != nil {
		out.draw = &drawing{scene: *p.Scene, r: r}
	}
	return []Out{out}
}
