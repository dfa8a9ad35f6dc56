//go:build !race

package wordsout

const raceOn = false
