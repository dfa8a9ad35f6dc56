package main

import (
	"log/slog"
	"time"

	"github.com/tablee/tablee/config"
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
