package discord

import (
	"context"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablee/tablee/i18n"
)

// A stop (SIGTERM) ends within seconds whatever is under way: docker kills
// a container 10 s after its stop signal. Discord gives an interaction
// three seconds for its first answer ("Interaction tokens are valid for 15
// minutes, but you must send an initial response within 3 seconds of
// receiving the event", Receiving and Responding) and never sends it
// again: one that arrives once the stop began is not played but answered
// at once, ephemerally, with the core's own "the bot is restarting, try
// again in a moment" (bot.closing), rather than
// left to Discord's "The application did not respond". The gateway stays
// open while the interactions under way finish (answerGrace at most, then
// their answers are cut: their moves are saved, and the board and hands
// come from the outbox at the next start).

// answerGrace is how long the interactions under way when the stop begins
// have to answer.
const answerGrace = 3 * time.Second

// beginStop turns new interactions away and waits, answerGrace at most,
// for the ones under way; then their calls to Discord are cut.
func (a *Adapter) beginStop() {
	a.mu.Lock()
	a.stopping = true
	a.mu.Unlock()
	done := make(chan struct{})
	go func() { a.inflight.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(answerGrace):
		a.log.Warn("stopping with interactions still answering: their answers are cut")
	}
	a.ctxMu.Lock()
	cut := a.cut
	a.ctxMu.Unlock()
	if cut != nil {
		cut()
	}
}

// restarting answers an interaction that comes once the stop began.
func (a *Adapter) restarting(i *discordgo.Interaction, lang i18n.Lang) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	resp := &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: text(lang, "bot.closing"), Flags: ephemeral},
	}
	if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
		resp = &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: []*discordgo.ApplicationCommandOptionChoice{}}}
	} else {
		// A command or a button not played: its author tries again.
		a.core.Observer().LeftAtStop("discord", 1)
	}
	if err := a.s.InteractionRespond(i, resp, discordgo.WithContext(ctx)); err != nil {
		a.log.Warn("answering an interaction while stopping", "err", err)
	}
}
