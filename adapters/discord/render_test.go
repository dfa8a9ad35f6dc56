package discord

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tablee/tablee/bot"
)

// A board too tall for an embed loses what matters least: the oldest
// lines of its text first, then the board's last lines, never who is
// awaited nor the deadline (the text's last lines).
func TestOverlongBoardKeepsWhoIsAwaited(t *testing.T) {
	status := "On attend : alice et bob.\n⏳ alice doit jouer avant le samedi 21 novembre à 20:03 UTC."
	var events []string
	for i := range 80 {
		events = append(events, fmt.Sprintf("Coup %d : bob pose AGNEAU en H%d, 24 points.", i, i))
	}
	var grid []string
	for i := range 15 {
		grid = append(grid, fmt.Sprintf("%2d ", i)+strings.Repeat("· ", 15))
	}
	grid = append(grid, "* coquille (la lettre compte double)  + zone orange  · case vide")
	for name, o := range map[string]bot.Out{
		"long text":  {Board: true, Title: "La Coquillaude", Mono: grid, Text: strings.Join(events, "\n") + "\n" + status},
		"tall board": {Board: true, Title: "La Coquillaude", Mono: append(grid, events...), Text: status},
	} {
		t.Run(name, func(t *testing.T) {
			d := embed(o).Description
			if n := utf8.RuneCountInString(d); n > maxEmbedDesc {
				t.Fatalf("description of %d characters, Discord takes %d", n, maxEmbedDesc)
			}
			if !strings.HasSuffix(d, status) {
				t.Errorf("the status was cut:\n…%s", d[max(0, len(d)-300):])
			}
			if !strings.Contains(d, grid[0]) || strings.Count(d, "```") != 2 {
				t.Errorf("the board lost its first line or its code block")
			}
		})
	}
	// What fits is left whole.
	o := bot.Out{Board: true, Mono: grid[:3], Text: status}
	if d := embed(o).Description; !strings.Contains(d, grid[2]) || !strings.HasSuffix(d, status) || strings.Contains(d, "…") {
		t.Errorf("a short board was cut: %q", d)
	}
}
