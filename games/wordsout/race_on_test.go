//go:build race

package wordsout

const raceOn = true
