package main

import (
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/tablee/tablee/config"
	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/coquillaude"
	"github.com/tablee/tablee/games/lexicon"
)

// useDictionary loads the word list the configuration names, if any, and
// makes every game use it instead of the bundled lexicon.
func useDictionary(cfg *config.Config, log *slog.Logger) error {
	if cfg.Dictionary == "" {
		return nil
	}
	start := time.Now()
	lex, err := lexicon.LoadWordList(cfg.Dictionary)
	if err != nil {
		return err
	}
	lexicon.Use(lex)
	log.Info("dictionary loaded", "file", cfg.Dictionary, "words", lex.Len(), "took", time.Since(start).Round(time.Millisecond))
	return nil
}

// useBooklet loads La Coquillaude's question booklet the configuration
// names, if any; a malformed one stops the start with the line at fault.
func useBooklet(cfg *config.Config, log *slog.Logger) error {
	if cfg.Booklet == "" {
		return nil
	}
	f, err := os.Open(cfg.Booklet)
	if err != nil {
		return fmt.Errorf("config: booklet: %w", err)
	}
	defer f.Close()
	b, err := coquillaude.ParseBooklet(f)
	if err != nil {
		return fmt.Errorf("config: booklet %s: %w", cfg.Booklet, err)
	}
	coquillaude.UseBooklet(&b)
	log.Info("booklet loaded", "file", cfg.Booklet, "entries", len(b.Entries))
	return nil
}

// prepareGames works out the games' tables for the dictionary in use
// (games.Prepare) while the rest starts, so that the first moves after a
// start do not wait for them: a move that comes meanwhile waits for the
// table it needs, which is made once.
func prepareGames(log *slog.Logger) {
	start := time.Now()
	games.Prepare()
	log.Info("games prepared", "took", time.Since(start).Round(time.Millisecond))
}
