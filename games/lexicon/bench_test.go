package lexicon

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// benchQueries returns 4096 strings: half source words, half mutations.
func benchQueries(b *testing.B) []string {
	words, _ := source(b)
	rng := rand.New(rand.NewPCG(20, 21))
	out := make([]string, 4096)
	for i := range out {
		w := words[rng.IntN(len(words))]
		if i%2 == 1 {
			if w = mutate(rng, w); w == "" {
				w = "Q"
			}
		}
		out[i] = w
	}
	return out
}

// heapAfter returns how much the live heap grows while build runs, after
// a full GC on both sides; keep must keep the built value reachable.
func heapAfter(build func() any) float64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	v := build()
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(v)
	return float64(after.HeapAlloc) - float64(before.HeapAlloc)
}

func BenchmarkHas(b *testing.B) {
	lex, queries := Default(), benchQueries(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		lex.Has(queries[i&4095])
	}
}

func BenchmarkMapHas(b *testing.B) {
	words, _ := source(b)
	queries := benchQueries(b)
	var set map[string]struct{}
	heap := heapAfter(func() any {
		// Cloned as a loader reading a file would: the source slice shares
		// one big string.
		set = make(map[string]struct{})
		for _, w := range words {
			set[strings.Clone(w)] = struct{}{}
		}
		return set
	})
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		_ = set[queries[i&4095]]
	}
	// After the loop: b.Loop's first call resets reported metrics.
	b.ReportMetric(heap, "heap-bytes")
}

func BenchmarkHasPrefix(b *testing.B) {
	lex, queries := Default(), benchQueries(b)
	for i, q := range queries {
		queries[i] = q[:1+i%len(q)]
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		lex.HasPrefix(queries[i&4095])
	}
}

func infixQueries(b *testing.B) []string {
	words, _ := source(b)
	rng := rand.New(rand.NewPCG(22, 23))
	out := make([]string, 4096)
	for i := range out {
		out[i] = randomFragment(rng, words, 4)
	}
	return out
}

func BenchmarkHasInfix(b *testing.B) {
	lex, queries := Default(), infixQueries(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		lex.HasInfix(queries[i&4095])
	}
}

func BenchmarkExampleWithInfix(b *testing.B) {
	lex, queries := Default(), infixQueries(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		lex.ExampleWithInfix(queries[i&4095])
	}
}

func BenchmarkExtendInfixRight(b *testing.B) {
	lex, queries := Default(), infixQueries(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		lex.ExtendInfixRight(queries[i&4095])
	}
}

func BenchmarkCrossCheck(b *testing.B) {
	lex, queries := Default(), benchQueries(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		q := queries[i&4095]
		at := i % len(q)
		lex.CrossCheck(q[:at], q[at+1:])
	}
}

func BenchmarkAnagrams7(b *testing.B) {
	lex := Default()
	b.ReportAllocs()
	for b.Loop() {
		lex.SubAnagrams("AEINRST", 2)
	}
}

func BenchmarkRandomWord(b *testing.B) {
	lex := Default()
	b.ReportAllocs()
	for i := uint64(0); b.Loop(); i++ {
		lex.RandomWord(7, i)
	}
}

// BenchmarkLoad measures the embedded graph to a ready Lexicon, and the
// heap the loaded Lexicon holds (compare with BenchmarkMapHas).
func BenchmarkLoad(b *testing.B) {
	heap := heapAfter(func() any {
		lex, err := decodeGraph(embeddedGraph)
		if err != nil {
			b.Fatal(err)
		}
		return lex
	})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := decodeGraph(embeddedGraph); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(heap, "heap-bytes")
}

// BenchmarkLoadWordList times a server's own 414,000-word list, read from
// a file, to a ready Lexicon.
func BenchmarkLoadWordList(b *testing.B) {
	words, _ := source(b)
	var text bytes.Buffer
	for _, w := range words {
		text.WriteString(strings.ToLower(w))
		text.WriteByte('\n')
	}
	path := filepath.Join(b.TempDir(), "words.txt")
	if err := os.WriteFile(path, text.Bytes(), 0o644); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := LoadWordList(path); err != nil {
			b.Fatal(err)
		}
	}
}
