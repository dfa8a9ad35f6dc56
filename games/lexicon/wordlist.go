package lexicon

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// LoadWordList builds a lexicon from a server's own dictionary (the
// `dictionary:` setting): a text file of one word a line, such as an ODS
// list. Lines are folded like the bundled list (accents and case don't
// matter); blank lines, lines starting with '#' and lines that aren't a
// single word of letters are skipped. The error names the file when it
// can't be read or holds no usable word. 400,000 words take about a
// second (see docs/lexicon.md).
func LoadWordList(path string) (*Lexicon, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("lexicon: dictionary %s: %w", path, err)
	}
	defer f.Close()
	lex, err := ReadWordList(f)
	if err != nil {
		return nil, fmt.Errorf("lexicon: dictionary %s: %w", path, err)
	}
	return lex, nil
}

// ErrNoWords is returned by ReadWordList (wrapped) for a list without a
// single usable word.
var ErrNoWords = errors.New("no usable word (expected one word of letters a line)")

// ReadWordList is LoadWordList for any reader.
func ReadWordList(r io.Reader) (*Lexicon, error) {
	var words, lines []string
	scanner := bufio.NewScanner(r)
	scanner.Buffer(make([]byte, 64*1024), 1024*1024)
	for scanner.Scan() {
		line := strings.TrimSpace(scanner.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		if folded, ok := Fold(line); ok {
			words = append(words, folded)
			lines = append(lines, line)
		}
	}
	if err := scanner.Err(); err != nil {
		return nil, err
	}
	if len(words) == 0 {
		return nil, ErrNoWords
	}
	lex, err := buildFolded(words)
	if err != nil {
		return nil, err
	}
	lex.spellings = spellingsFromLines(lines)
	return lex, nil
}
