package table

import (
	"embed"
	"encoding/json"
	"html/template"
	"io/fs"
	"net/http"

	"github.com/tablee/tablee/i18n"
)

//go:embed assets
var assets embed.FS

// assetServer serves the page's script and style, from the binary.
func assetServer() http.Handler {
	sub, err := fs.Sub(assets, "assets")
	if err != nil {
		panic(err)
	}
	files := http.FileServerFS(sub)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The files change with the binary only: an hour is safe, and a
		// new binary is a new page load away.
		w.Header().Set("Cache-Control", "public, max-age=3600")
		files.ServeHTTP(w, r)
	})
}

var pages = template.Must(template.ParseFS(assets, "assets/*.html"))

// pageTexts are the page's own words, in its reader's language: given to
// its script in a data attribute (no inline script).
var pageTexts = []string{"web.live", "web.offline", "web.your_hand", "web.scores", "web.events", "web.turn",
	"web.spectator", "web.empty", "web.cell", "web.right", "web.down", "web.down_right", "web.up_right", "web.word", "web.send", "web.cancel",
	"web.place", "web.pick_cell", "web.board", "web.board_text", "web.preview", "web.letter", "web.erase", "web.letters", "web.typed", "web.session_gone",
	"web.icon_joker", "web.icon_trash", "web.icon_replay", "web.icon_lock",
	"web.colour_white", "web.colour_red", "web.colour_blue", "web.colour_green", "web.colour_yellow", "web.colour_orange", "web.colour_sky", "web.colour_purple", "web.colour_gray", "web.colour_black", "web.colour_cream", "web.shape_circle", "web.shape_square", "web.shape_triangle", "web.shape_star", "web.shape_diamond", "web.join_top", "web.join_bottom"}

// pageTextArgs counts the arguments of the page's texts that take some.
var pageTextArgs = map[string]int{"web.cell": 2, "web.preview": 2, "web.letter": 1, "web.place": 1, "web.join_top": 2, "web.join_bottom": 2}

// tablePage writes the table's page, carrying its session ("" for the Mini
// App's page, whose script asks for one).
func (s *Server) tablePage(w http.ResponseWriter, lang i18n.Lang, session string) {
	texts := map[string]string{}
	for _, k := range pageTexts {
		// The script fills in the %v of the texts that take arguments.
		var args []any
		for range pageTextArgs[k] {
			args = append(args, "%v")
		}
		texts[k] = i18n.Renderer{Lang: lang}.Text(i18n.T(k, args...))
	}
	tj, _ := json.Marshal(texts)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_ = pages.ExecuteTemplate(w, "table.html", map[string]any{"Lang": string(lang), "Session": session, "Texts": string(tj),
		"MiniApp": session == ""})
}

// refusedPage says, in the reader's language, why a link opens nothing.
func (s *Server) refusedPage(w http.ResponseWriter, lang i18n.Lang, err error) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(refusalStatus(err))
	_ = pages.ExecuteTemplate(w, "refused.html", map[string]any{"Lang": string(lang),
		"Title": text(lang, "web.refused_title"), "Why": text(lang, refusalKey(err))})
}
