package coquillaude

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/tablee/tablee/games/lexicon"
)

// Booklet is a server's own COQUILLAUDET (CQ-D2): entries for some numbers;
// the numbers it does not list keep the game's own entries.
type Booklet struct {
	Entries map[int]BookletEntry
}

// BookletEntry is one number of a booklet: a question of 1 to 3 stars with
// its accepted answers, or a free draw (Free = 6, 8 or 10 pions).
type BookletEntry struct {
	Number   int
	Stars    int      // 1-3 for a question, 0 for a free draw
	Free     int      // 6, 8 or 10 for a free draw
	Question string   // as written, shown to the players
	Answers  []string // folded (accents and case do not matter)
}

func (e BookletEntry) kind() int {
	switch {
	case e.Stars > 0:
		return e.Stars
	case e.Free == 6:
		return entryFree6
	case e.Free == 8:
		return entryFree8
	}
	return entryFree10
}

// ParseBooklet reads a booklet: one entry a line, fields separated by "|":
//
//	# comment
//	6432 | 2 | Capitale de la Chine ? | Pékin, Beijing
//	5516 | * | Le contraire de « jour » ? | nuit
//	4315 | coquillaudinette
//
// The number has four digits from 1 to 6; the second field is 1, 2 or 3
// (or *, **, ***) for a question, followed by the question and its accepted
// answers separated by commas; or coquillaudinette, coquillaudette or
// coquillaude for a free draw of 6, 8 or 10 pions. Blank lines and lines
// starting with # are skipped. A malformed file is refused with the number
// of the line at fault.
func ParseBooklet(r io.Reader) (Booklet, error) {
	b := Booklet{Entries: map[int]BookletEntry{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1024*1024)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' {
			continue
		}
		e, err := parseBookletLine(text)
		if err != nil {
			return Booklet{}, fmt.Errorf("booklet line %d: %w", line, err)
		}
		if _, dup := b.Entries[e.Number]; dup {
			return Booklet{}, fmt.Errorf("booklet line %d: number %d listed twice", line, e.Number)
		}
		b.Entries[e.Number] = e
	}
	if err := sc.Err(); err != nil {
		return Booklet{}, fmt.Errorf("booklet line %d: %w", line+1, err)
	}
	return b, nil
}

func parseBookletLine(text string) (BookletEntry, error) {
	var e BookletEntry
	f := strings.Split(text, "|")
	for i := range f {
		f[i] = strings.TrimSpace(f[i])
	}
	n, err := strconv.Atoi(f[0])
	if err != nil || !validNumber(n) {
		return e, fmt.Errorf("%q is not a number of four dice (1111 to 6666, digits 1 to 6)", f[0])
	}
	e.Number = n
	if len(f) < 2 {
		return e, fmt.Errorf("expected \"number | stars | question | answers\" or \"number | coquillaudinette\"")
	}
	kind := strings.ToLower(f[1])
	switch kind {
	case "coquillaudinette", "coquillaudette", "coquillaude":
		if len(f) > 2 {
			return e, fmt.Errorf("a free draw (%s) has no question nor answers", kind)
		}
		e.Free = map[string]int{"coquillaudinette": 6, "coquillaudette": 8, "coquillaude": 10}[kind]
		return e, nil
	case "1", "*", "★":
		e.Stars = 1
	case "2", "**", "★★":
		e.Stars = 2
	case "3", "***", "★★★":
		e.Stars = 3
	default:
		return e, fmt.Errorf("%q: stars are 1, 2 or 3, or a free draw (coquillaudinette, coquillaudette, coquillaude)", f[1])
	}
	if len(f) != 4 {
		return e, fmt.Errorf("a question has four fields: number | stars | question | answers")
	}
	if f[2] == "" {
		return e, fmt.Errorf("empty question")
	}
	e.Question = f[2]
	for _, a := range strings.Split(f[3], ",") {
		a = strings.TrimSpace(a)
		if a == "" {
			continue
		}
		fa, ok := lexicon.Fold(a)
		if !ok {
			return e, fmt.Errorf("answer %q is not one word of letters", a)
		}
		e.Answers = append(e.Answers, fa)
	}
	if len(e.Answers) == 0 {
		return e, fmt.Errorf("no accepted answer")
	}
	return e, nil
}

var (
	bookletMu sync.RWMutex
	booklet   *Booklet
)

// UseBooklet makes the games created from now on take their entries from b
// first (numbers b does not list keep the game's own). `tablee serve` calls
// it once at start-up with the file of the configuration, like lexicon.Use;
// UseBooklet(nil) goes back to the game's own booklet.
func UseBooklet(b *Booklet) {
	bookletMu.Lock()
	defer bookletMu.Unlock()
	booklet = b
}

func currentBooklet() *Booklet {
	bookletMu.RLock()
	defer bookletMu.RUnlock()
	return booklet
}
