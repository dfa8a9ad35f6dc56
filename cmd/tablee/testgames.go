//go:build testgames

package main

import "github.com/tablee/tablee/internal/testgame"

// Binaries built with -tags testgames also offer the tic-tac-toe of the
// tests, so that the binary's own tests need no real game. Shipped
// binaries are built without the tag.
func init() { testgame.Register() }
