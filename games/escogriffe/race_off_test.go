//go:build !race

package escogriffe

const raceOn = false
