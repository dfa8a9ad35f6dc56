package lexicon

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

//go:generate go run ./internal/buildgraph data

// The committed data (see data/NOTICE.md for the source and licence):
// the word lists made by tools/lexicon/generate.mjs, and the graphs
// built from them by WriteGraphFiles. The graphs are stored uncompressed:
// gzip only saves a quarter of them and would cost most of the load time.
var (
	//go:embed data/graph.bin
	embeddedGraph []byte
	//go:embed data/names.bin
	embeddedNamesGraph []byte
	//go:embed data/words.txt.gz
	embeddedWordsGz []byte
	//go:embed data/names.txt.gz
	embeddedNamesGz []byte
	//go:embed data/spellings.txt.gz
	embeddedSpellingsGz []byte
	//go:embed data/acronyms.txt.gz
	embeddedAcronymsGz []byte
)

var (
	defaultOnce sync.Once
	defaultLex  *Lexicon
	namesOnce   sync.Once
	namesLex    *Lexicon

	acronymsOnce sync.Once
	acronyms     []string // sorted, folded
)

// Default returns the dictionary the games check words against: the one
// given to Use, else the French dictionary bundled with Tablée (Grammalecte,
// about 415,000 common words, conjugations included), loaded on first use
// from the embedded graph in a few milliseconds.
func Default() *Lexicon {
	if lex := override.Load(); lex != nil {
		return lex
	}
	defaultOnce.Do(func() {
		defaultLex = mustDecode(embeddedGraph, "data/graph.bin")
		defaultLex.spellings = newSpellingTable(func() ([]byte, error) { return gunzip(embeddedSpellingsGz) })
	})
	return defaultLex
}

// ProperNouns returns the bundled proper nouns (about 7,400 names of
// people, places and brands, folded), a separate small lexicon: games
// reject them as words but may use Has to explain why ("Paris" is a
// name), and La Coquillaude accepts them. Acronyms and initialisms (TV,
// BD, SNCF, BMW) and unit symbols (PN, the petanewton) are not names and
// are not in it (see IsAcronym). Only Has, Len and Words are meant for it.
func ProperNouns() *Lexicon {
	namesOnce.Do(func() { namesLex = mustDecode(embeddedNamesGraph, "data/names.bin") })
	return namesLex
}

// IsAcronym reports whether s (folded here) is one of the bundled
// dictionary's acronyms and initialisms (TV, BD, SNCF, BMW, ADN, ONU),
// entries it writes in capitals that are neither a common word nor a name
// (OS is the word os, EVA the name Éva). They are never words, nor proper
// nouns: games use IsAcronym to say why one is refused. The list is the
// bundled one even when a server uses its own dictionary.
func IsAcronym(s string) bool {
	folded, ok := Fold(s)
	if !ok {
		return false
	}
	acronymsOnce.Do(func() {
		// The tests read the embedded file: an error is a broken build.
		acronyms, _ = gunzipLines(embeddedAcronymsGz)
	})
	_, found := slices.BinarySearch(acronyms, folded)
	return found
}

func mustDecode(data []byte, name string) *Lexicon {
	lex, err := decodeGraph(data)
	if err != nil {
		// The tests load both graphs: this only happens to a broken build.
		panic(fmt.Sprintf("lexicon: embedded %s: %v", name, err))
	}
	return lex
}

// WriteGraphFiles rebuilds graph.bin and names.bin from the embedded word
// lists and writes them into dir. `go generate ./games/lexicon` and
// `tablee lexicon build` run it after tools/lexicon has regenerated the
// lists; the embedded graphs must then be rebuilt with the new files.
func WriteGraphFiles(dir string) error {
	for _, file := range []struct {
		name string
		list []byte
	}{
		{"graph.bin", embeddedWordsGz},
		{"names.bin", embeddedNamesGz},
	} {
		words, err := gunzipLines(file.list)
		if err != nil {
			return err
		}
		lex, err := buildFolded(words)
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		if err := lex.WriteGraph(&buf); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, file.name), buf.Bytes(), 0o644); err != nil {
			return fmt.Errorf("lexicon: %w", err)
		}
	}
	return nil
}

// EmbeddedWords returns the bundled common words, folded and sorted, as
// committed in data/words.txt.gz (the source Default's graph is built from).
func EmbeddedWords() ([]string, error) { return gunzipLines(embeddedWordsGz) }

func gunzip(data []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(zr)
}

func gunzipLines(data []byte) ([]string, error) {
	text, err := gunzip(data)
	if err != nil {
		return nil, err
	}
	return strings.Fields(string(text)), nil
}
