//go:build race

package gamestest

// Race is true when the tests run under the race detector, which slows the
// bots' searches several times: long self-play tests play fewer games.
const Race = true
