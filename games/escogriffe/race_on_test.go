//go:build race

package escogriffe

const raceOn = true
