// Package lexcli holds the `tablee lexicon ...` subcommands; cmd/tablee
// wires them in.
package lexcli

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tablee/tablee/games/lexicon"
)

// RunHas implements `tablee lexicon has`: it reads words from in, one a
// line, and writes "<word> yes" or "<word> no" for each, the word as
// folded (a line that doesn't fold is echoed as typed, with "no"). A server
// admin settles a dispute with it; scripts check lists with it. Blank lines
// are skipped.
func RunHas(lex *lexicon.Lexicon, in io.Reader, out io.Writer) error {
	w := bufio.NewWriter(out)
	scanner := bufio.NewScanner(in)
	for scanner.Scan() {
		line := strings.TrimSpace(scanner.Text())
		if line == "" {
			continue
		}
		answer := "no"
		shown := line
		if folded, ok := lexicon.Fold(line); ok {
			shown = folded
			if lex.Has(folded) {
				answer = "yes"
			}
		}
		if _, err := fmt.Fprintf(w, "%s %s\n", shown, answer); err != nil {
			return err
		}
	}
	if err := scanner.Err(); err != nil {
		return fmt.Errorf("lexicon has: %w", err)
	}
	return w.Flush()
}

// RunBuild implements `tablee lexicon build`: it rebuilds graph.bin and
// names.bin from the word lists compiled into this binary and writes them
// into outDir (normally games/lexicon/data; then rebuild tablee to embed
// them). Use it after tools/lexicon has regenerated the word lists.
func RunBuild(outDir string, log io.Writer) error {
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return fmt.Errorf("lexicon build: %w", err)
	}
	if err := lexicon.WriteGraphFiles(outDir); err != nil {
		return fmt.Errorf("lexicon build: %w", err)
	}
	fmt.Fprintf(log, "wrote %s/graph.bin and %s/names.bin\n", outDir, outDir)
	return nil
}
