package bot

import (
	"context"
	"strings"
	"testing"

	_ "github.com/tablee/tablee/games/all"
)

// A choice that asks for several words (games.Choice.AskWords, payload kind
// w) takes the rest of a move in one text: La Coquillaude's "Propose a word"
// asks for "NAPOLEON H11 right famous", and the answer must be played, not
// refused as "one word without spaces". The button carries its table, so it
// works from a private chat even when the player sits at two tables, where
// a typed command cannot tell which table it is for.
func TestAskWords_ProposalThroughTheButtonFromAPrivateChatWithTwoTables(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.doIn("local:b", "alice", "/play tictactoe"))
	mustOK(t, h.doIn("local:b", "bob", "/join"))
	mustOK(t, h.doIn("local:b", "alice", "/start"))
	mustOK(t, h.doIn("local:a", "alice", "/play coquillaude bots=1"))
	mustOK(t, h.doIn("local:a", "alice", "/start"))

	// Play alice's moves with the bot's choices until she composes.
	ctx := context.Background()
	alice := User{ID: "local:alice", Name: "alice"}
	var propose Button
	for i := 0; i < 60 && propose.Data == ""; i++ {
		outs := h.doIn("local:a", "alice", "/hand")
		mustOK(t, outs)
		for _, row := range outs[0].Buttons {
			for _, b := range row {
				if strings.HasPrefix(b.Data, "w") && strings.HasSuffix(b.Data, ".mot") {
					propose = b
				}
			}
		}
		if propose.Data != "" {
			break
		}
		move, ok := h.core.Hint("local:a", alice.ID)
		if !ok {
			t.Fatal("the game waits for nobody")
		}
		mustOK(t, h.core.Handle(ctx, Command{Chat: "local:a", User: alice, Name: "move", Args: strings.Fields(move)}))
	}
	if propose.Data == "" || propose.Ask == "" || !AsksText(propose.Data) {
		t.Fatalf("no proposal button that asks a text: %+v", propose)
	}
	move, _ := h.core.Hint("local:a", alice.ID)
	rest, ok := strings.CutPrefix(move, "mot ")
	if !ok || !strings.Contains(rest, " ") {
		t.Fatalf("the bot proposes %q", move)
	}
	dm := Command{Chat: "local:dm-alice", Private: true, User: alice}

	// Typed in the private chat, the command cannot pick a table.
	dm.Name, dm.Args = "move", strings.Fields(move)
	mustRefuse(t, h.core.Handle(ctx, dm), "")
	dm.Name, dm.Args = "", nil

	// Pressed, with an empty answer: a refusal that changes nothing.
	before := h.core.Counter("local:a")
	dm.Payload = propose.Data
	mustRefuse(t, h.core.Handle(ctx, dm), "")
	if h.core.Counter("local:a") != before {
		t.Fatal("an empty answer played a move")
	}
	// Pressed, with the proposal and a famous claim, spaced as a person
	// may type it.
	dm.Text = "  " + strings.Replace(rest, " ", "  ", 1) + " celebre "
	outs := h.core.Handle(ctx, dm)
	mustOK(t, outs)
	if h.core.Counter("local:a") <= before {
		t.Fatalf("the proposal was not played: %+v", outs)
	}
	var said []string
	for _, o := range append(outs, h.rec.take()...) {
		said = append(said, o.Text)
	}
	// alice proposed last: the round is resolved in the same move, and
	// the board tells her word (a note "checked once everyone has
	// proposed" would be false by then).
	word := strings.ToUpper(strings.Fields(rest)[0])
	if all := strings.Join(said, "\n"); !strings.Contains(all, "alice: "+word) || strings.Contains(all, "Proposal recorded") {
		t.Errorf("the proposal %s is not told as resolved:\n%s", word, all)
	}
}
