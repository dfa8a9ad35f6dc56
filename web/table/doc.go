// Package table serves the web table: a table's board, the viewer's own
// hand and buttons, the scores, whose turn and the last events, updated
// live, played by touch, mouse or keyboard.
//
// The page is opened from a signed link (web/access) or from a Telegram
// Mini App's init data; either gives the page a session token, random and
// kept here, bound to one user and one table, which every request but the
// page itself carries in a header (no cookie, so that no other site's page
// can make the browser play). The page decides nothing: it shows what the
// core sends it (bot.WebView) and sends back the buttons pressed or the
// move typed (bot.WebMove), which the core checks, rate limits, saves and
// shows as any command from a chat.
package table
