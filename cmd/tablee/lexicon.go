package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/tablee/tablee/games/lexicon"
	"github.com/tablee/tablee/games/lexicon/lexcli"
)

// lexiconTool runs `tablee lexicon has|build`.
func lexiconTool(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return fmt.Errorf("lexicon: has or build?")
	}
	fs := flag.NewFlagSet("lexicon "+args[0], flag.ContinueOnError)
	fs.SetOutput(stderr)
	switch args[0] {
	case "has":
		dict := fs.String("dictionary", "", "a word list to check against instead of the built-in lexicon")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		lex := lexicon.Default()
		if *dict != "" {
			var err error
			if lex, err = lexicon.LoadWordList(*dict); err != nil {
				return err
			}
		}
		return lexcli.RunHas(lex, stdin, stdout)
	case "build":
		out := fs.String("out", "games/lexicon/data", "directory to write the graph files to")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		return lexcli.RunBuild(*out, stderr)
	}
	return fmt.Errorf("lexicon: unknown tool %q (has or build)", args[0])
}
