// Package access decides who may open which web table: the signed,
// expiring links a Discord hand message or `tablee local` carries (Sign,
// Verify), and the init data Telegram gives a Mini App (ValidateInitData).
//
// Everything here is a pure function of its arguments: the secret, the bot
// token and the clock are passed in, nothing is global, so the server that
// calls it, and its tests, choose them.
package access
