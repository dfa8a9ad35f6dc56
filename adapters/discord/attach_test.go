package discord

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Every picture the bot sends carries its text alternative, the core's
// bot.Out.Alt, as the attachment's description (attach.go): the board in
// the channel, the hand by DM, the hand shown ephemerally, and the board
// edited after a move, whose new picture stays (API v10 keeps only the
// attachments an edit lists).
func TestPicturesCarryTheirAltText(t *testing.T) {
	t.Parallel()
	e := newEnv(t, Options{})
	chat := "discord:" + channel
	e.slash(alice, channel, "play", "game", "crackword")
	e.slash(bob, channel, "join")
	e.slash(alice, channel, "start")
	b := e.board(channel)
	e.press(bob, b, button(t, b, "My hand"))
	u, mv, _ := e.whoseTurn(chat)
	e.slash(u, channel, "move", "move", mv)
	b2 := e.board(channel)
	if b2.ID != b.ID || len(b2.Files) != 1 || b2.Alts[0] == b.Alts[0] {
		t.Fatalf("edited board: files %v, alt before %q, after %q", b2.Files, b.Alts, b2.Alts)
	}
	if status := lastLine(b2.Embeds[0].Description); !strings.Contains(b2.Alts[0], status) {
		t.Fatalf("the board's alt text does not say %q:\n%s", status, b2.Alts[0])
	}
	pictures := map[string]int{}
	for _, m := range e.f.all() {
		for i, name := range m.Files {
			pictures[name]++
			alt := m.Alts[i]
			if alt == "" || utf8.RuneCountInString(alt) > 1024 || len(m.Embeds) == 0 || !strings.HasPrefix(alt, m.Embeds[0].Title) {
				t.Errorf("%s of message %s: alt text %q", name, m.ID, alt)
			}
		}
	}
	if pictures["board.png"] == 0 || pictures["hand.png"] < 2 {
		t.Fatalf("pictures sent: %v", pictures)
	}
}

func lastLine(s string) string { return s[strings.LastIndexByte(s, '\n')+1:] }

// The fake keeps a message's attachments as Discord's API v10 does
// (fake.attach): an edit keeps only the attachments it lists, a new file
// listed by the n of files[n]; an unknown id or a description over 1,024
// characters is a 400.
func TestFakeKeepsOnlyListedAttachments(t *testing.T) {
	f := newFake(t)
	const ch = "500000000000000001"
	do := func(method, path string, body any, withFile bool) (int, map[string]any) {
		t.Helper()
		var files []*discordgo.File
		if withFile {
			files = []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: strings.NewReader("\x89PNG picture")}}
		}
		ct, b, err := discordgo.MultipartBodyWithJSON(body, files)
		if err != nil {
			t.Fatal(err)
		}
		req, _ := http.NewRequest(method, f.srv.URL+"/api/v9"+path, bytes.NewReader(b))
		req.Header.Set("Content-Type", ct)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		data, _ := io.ReadAll(resp.Body)
		var out map[string]any
		_ = json.Unmarshal(data, &out)
		return resp.StatusCode, out
	}
	att := func(id, alt string) []map[string]any {
		return []map[string]any{{"id": id, "filename": "board.png", "description": alt}}
	}
	code, msg := do("POST", "/channels/"+ch+"/messages", map[string]any{"content": "x", "attachments": att("0", "the board")}, true)
	if code != 200 {
		t.Fatalf("create: %d %v", code, msg)
	}
	id := msg["id"].(string)
	m := f.get(id)
	if len(m.Files) != 1 || m.Alts[0] != "the board" {
		t.Fatalf("created: %v %v", m.Files, m.Alts)
	}
	path := "/channels/" + ch + "/messages/" + id
	steps := []struct {
		what  string
		body  map[string]any
		file  bool
		code  int
		files int
		alt   string
	}{
		{"without attachments, nothing changes", map[string]any{"content": "y"}, false, 200, 1, "the board"},
		{"the kept one, described anew", map[string]any{"attachments": att(m.fileIDs[0], "the board, again")}, false, 200, 1, "the board, again"},
		{"a new file listed by its n", map[string]any{"attachments": att("0", "the new board")}, true, 200, 1, "the new board"},
		{"a new file not listed is dropped", map[string]any{"attachments": []any{}}, true, 200, 0, ""},
		{"an id that is neither", map[string]any{"attachments": att("7", "?")}, true, 400, 0, ""},
		{"a description too long", map[string]any{"attachments": att("0", strings.Repeat("é", 1025))}, true, 400, 0, ""},
		{"a description of 1,024 characters", map[string]any{"attachments": att("0", strings.Repeat("é", 1024))}, true, 200, 1, strings.Repeat("é", 1024)},
	}
	for _, s := range steps {
		code, out := do("PATCH", path, s.body, s.file)
		m := f.get(id)
		if code != s.code || len(m.Files) != s.files || (s.files > 0 && m.Alts[0] != s.alt) {
			t.Fatalf("%s: %d %v, files %v %q", s.what, code, out, m.Files, m.Alts)
		}
		if code == 400 && out["code"] != float64(50035) {
			t.Fatalf("%s: %v", s.what, out)
		}
	}
}
