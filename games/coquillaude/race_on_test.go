//go:build race

package coquillaude

const raceOn = true
