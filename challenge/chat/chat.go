// Package chat names the chats of the daily challenge's attempts. It
// stands apart from package challenge so that the core can tell those
// chats from its own without importing the challenge and, through it, the
// games' engines (some engines' tests import the core).
package chat

import "strings"

// prefix begins the chat of every attempt's table. No platform's chat
// begins so ("discord:", "telegram:", "local:").
const prefix = "challenge:"

// Of is the chat of the table holding a player's attempt of a game on a
// day (written 2026-03-29): a chat of its own, so that the store's one
// open table per chat refuses a second attempt started at the same time
// by another process.
func Of(game, day, player string) string { return prefix + game + ":" + day + ":" + player }

// Is tells whether a chat is an attempt's: the core never loads such a
// table as one of its own where it walks every open table.
func Is(chat string) bool { return strings.HasPrefix(chat, prefix) }
