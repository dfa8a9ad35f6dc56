//go:build !race

package coquillaude

const raceOn = false
