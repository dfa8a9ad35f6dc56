package telegram

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/tablee/tablee/bot"
)

var tgbotapiUserAlice = tgbotapi.User{ID: alice.ID, FirstName: alice.Name, LanguageCode: alice.Lang}

// A tic-tac-toe game whose grid is drawn: the board becomes a photo when
// the game starts (the lobby was text: posted afresh, the old one deleted),
// then the same photo is edited in place (editMessageMedia, multipart)
// across moves and across a restart; hands stay text, since the game draws
// none; nothing hidden reaches the group.
func TestBoardPictureEditedInPlace(t *testing.T) {
	h := newHarness(t)
	h.openTable(group, 0, "pictures")
	board := h.board(group, 0)
	if board.FileID == "" || board.Photo == 0 {
		t.Fatalf("the board is not a photo: %+v", board)
	}
	if !strings.Contains(board.Text, "<pre>") || !strings.Contains(board.Text, `<a href="tg://user?id=101">Alice</a>`) {
		t.Fatalf("caption (view=both: the text board too, and the mention): %s", board.Text)
	}
	if _, ok := button(board, "h"); !ok {
		t.Fatalf("no hand button on the photo: %+v", board.Markup)
	}
	for _, m := range h.f.botMessages(group) {
		if strings.Contains(m.Text, "— table #") && m.ID != board.ID {
			t.Fatalf("the text lobby was left beside the photo: %+v", m)
		}
	}
	if m, ok := h.hand(alice); !ok || m.FileID != "" {
		t.Fatalf("alice's hand (no picture of hands in tic-tac-toe: text): %+v", m)
	}
	h.playTurn(group, 0)
	h.playTurn(group, 0)
	h.restart()
	for i := 0; i < 9 && h.playTurn(group, 0); i++ {
	}
	b := h.board(group, 0)
	if b.ID != board.ID || b.FileID == "" || b.MediaEdits < 3 {
		dump(t, h.f, group)
		t.Fatalf("the photo was not edited in place: id %d (was %d), %d media edits", b.ID, board.ID, b.MediaEdits)
	}
	if !strings.Contains(b.Text, "wins") && !strings.Contains(b.Text, "Draw") {
		t.Fatalf("the game did not end: %s", b.Text)
	}
	for _, c := range h.f.callsOf("editMessageText") {
		if c.Chat == group && c.Params["message_id"] == strconv.Itoa(board.ID) {
			t.Fatalf("editMessageText on the photo board: %+v", c.Params)
		}
	}
	for _, c := range h.f.callsOf("editMessageMedia") {
		if !strings.Contains(c.Params["media"], `"type":"photo"`) || !strings.Contains(c.Params["media"], `"media":"attach://board"`) {
			t.Fatalf("editMessageMedia: %+v", c.Params)
		}
	}
	noPrivateInGroup(t, h.f, group, alice, bob)
}

// With view=picture the caption has no text board; with view=text no
// photo is ever sent.
func TestPictureViews(t *testing.T) {
	h := newHarness(t)
	h.openTable(group, 0, "pictures", "/settings view=picture")
	h.playTurn(group, 0)
	if b := h.board(group, 0); b.FileID == "" || strings.Contains(b.Text, "<pre>") || !strings.Contains(b.Text, "plays") {
		t.Fatalf("view=picture board: %+v", b)
	}
	h.say(alice, group, 0, "/quit")

	const other int64 = -1007
	n := len(h.f.callsOf("sendPhoto")) + len(h.f.callsOf("editMessageMedia"))
	h.openTable(other, 0, "pictures", "/settings view=text")
	for i := 0; i < 9 && h.playTurn(other, 0); i++ {
	}
	if b := h.board(other, 0); b.FileID != "" || !strings.Contains(b.Text, "<pre>") {
		t.Fatalf("view=text board: %+v", b)
	}
	if m := len(h.f.callsOf("sendPhoto")) + len(h.f.callsOf("editMessageMedia")); m != n {
		t.Fatalf("view=text sent %d pictures", m-n)
	}
}

// An unchanged picture is never uploaded twice: a caption-only change is
// editMessageCaption, a picture seen before goes by its file_id, /board
// reposts the photo by file_id.
func TestUnchangedPictureReusesFileID(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	const chat int64 = -1008
	png := func(b byte) []byte { return bytes.Repeat([]byte{0x89, 'P', 'N', 'G', b}, 50) }
	deliver := func(key, text string) {
		t.Helper()
		o := bot.Out{Dest: bot.ToChat, Chat: chatKey(chat, 0), Table: 88, Board: true, Title: "board — table #88",
			Text: text, Picture: png(key[0]), PictureKey: key, Buttons: [][]bot.Button{{{Label: "Hand", Data: "h2s.0"}}}}
		if err := h.a.Deliver(ctx, o); err != nil {
			t.Fatal(err)
		}
		h.settle()
	}
	deliver("a", "one")
	deliver("a", "two")
	if h.f.uploaded() != 1 || len(h.f.callsOf("editMessageCaption")) != 1 {
		t.Fatalf("a new caption: %d uploads, %d caption edits", h.f.uploaded(), len(h.f.callsOf("editMessageCaption")))
	}
	deliver("a", "two") // not modified: ignored
	deliver("b", "three")
	deliver("a", "four") // seen before: by file_id
	ms := h.f.botMessages(chat)
	if len(ms) != 1 || ms[0].Text != "<b>board — table #88</b>\n\nfour" || ms[0].MediaEdits != 2 || ms[0].Markup == nil {
		t.Fatalf("board: %+v", ms)
	}
	if h.f.uploaded() != 2 {
		t.Fatalf("%d uploads for two pictures", h.f.uploaded())
	}
	media := h.f.callsOf("editMessageMedia")
	if len(media) != 2 || !strings.Contains(media[0].Params["media"], "attach://board") || !strings.Contains(media[1].Params["media"], `"media":"AgAC-file-1"`) {
		t.Fatalf("editMessageMedia calls: %+v", media)
	}

	// In a game: /board posts the same picture again, by its file_id.
	h.openTable(group, 0, "pictures")
	first := h.board(group, 0)
	up := h.f.uploaded()
	h.say(alice, group, 0, "/board")
	again := h.board(group, 0)
	if again.ID == first.ID || again.FileID != first.FileID || h.f.uploaded() != up {
		t.Fatalf("/board: %+v after %+v, %d uploads (was %d)", again, first, h.f.uploaded(), up)
	}
}

// A picture that cannot be sent gives way to the text at once: the board
// is posted as text, and becomes a photo again with the next move; a hand
// goes as text.
func TestPictureFailureFallsBackToText(t *testing.T) {
	h := newHarness(t)
	h.say(alice, group, 0, "/play tictactoe pictures")
	h.joinLink(bob, h.board(group, 0))
	h.f.inject(fakeFail{method: "sendPhoto", chat: group, code: 400, desc: "Bad Request: IMAGE_PROCESS_FAILED", times: 1})
	lobby := h.board(group, 0)
	start, _ := button(lobby, "s")
	h.press(alice, lobby, *start.CallbackData)
	b := h.board(group, 0)
	if b.FileID != "" || !strings.Contains(b.Text, "<pre>") {
		t.Fatalf("the board did not fall back to text: %+v", b)
	}
	if b.ID != lobby.ID {
		t.Fatalf("the text board was posted afresh (%d) instead of edited (%d)", b.ID, lobby.ID)
	}
	h.playTurn(group, 0)
	b = h.board(group, 0)
	if b.FileID == "" {
		t.Fatalf("the next move has no photo: %+v", b)
	}
	// An upload failing for good (5xx every time) while editing the photo:
	// the text board replaces it.
	h.f.inject(fakeFail{method: "editMessageMedia", chat: group, code: 500, times: 10})
	h.playTurn(group, 0)
	if nb := h.board(group, 0); nb.FileID != "" || nb.ID == b.ID || !strings.Contains(nb.Text, "<pre>") {
		t.Fatalf("after a failed editMessageMedia: %+v", nb)
	}
	for _, m := range h.f.messages(group) {
		if m.ID == b.ID {
			t.Fatal("the stale photo was not deleted")
		}
	}

	// A hand with a picture whose upload fails: its text, still in private.
	h.f.inject(fakeFail{method: "sendPhoto", chat: alice.ID, code: 400, desc: "Bad Request: PHOTO_INVALID_DIMENSIONS", times: 1})
	err := h.a.Deliver(context.Background(), bot.Out{Dest: bot.ToUser, User: userKey(alice.ID), Title: "Game — your hand",
		Mono: []string{"A B C"}, Text: "Your letters", Picture: []byte("png"), PictureKey: "k"})
	if err != nil {
		t.Fatal(err)
	}
	if m, ok := h.f.last(alice.ID, "Your letters"); !ok || m.FileID != "" || !strings.Contains(m.Text, "<pre>A B C</pre>") {
		t.Fatalf("the hand did not fall back to text: %+v", m)
	}
	noPrivateInGroup(t, h.f, group, alice, bob)
}

// Hands with pictures are photos in the private chat, with their caption
// and buttons; a text too long for a caption follows the photo as a
// message with the buttons, the photo's caption saying what it shows (the
// title and the text board, not said again below); a closed private chat
// is still reported.
func TestPrivatePictures(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	hand := bot.Out{Dest: bot.ToUser, User: userKey(alice.ID), Title: "Game — your hand (table #3)", Mono: []string{"A B C"},
		Text: "Your letters.", Picture: []byte("png-1"), PictureKey: "h1", Buttons: [][]bot.Button{{{Label: "A", Data: "m3.0.A"}}}}
	if err := h.a.Deliver(ctx, hand); err != nil {
		t.Fatal(err)
	}
	ms := h.f.botMessages(alice.ID)
	if len(ms) != 1 || ms[0].FileID == "" || !strings.Contains(ms[0].Text, "<pre>A B C</pre>") || ms[0].Markup == nil {
		t.Fatalf("hand: %+v", ms)
	}
	long := hand
	long.Text = strings.Repeat("A long line of the hand.\n", 60) + "The end."
	long.PictureKey = "h2"
	if err := h.a.Deliver(ctx, long); err != nil {
		t.Fatal(err)
	}
	ms = h.f.botMessages(alice.ID)
	if len(ms) != 3 || ms[1].FileID == "" || ms[1].Markup != nil || ms[1].Text != "<b>Game — your hand (table #3)</b>\n\n<pre>A B C</pre>" ||
		ms[2].FileID != "" || !strings.HasPrefix(ms[2].Text, "<b>Game — your hand (table #3)</b>\n\nA long line") ||
		!strings.HasSuffix(ms[2].Text, "The end.") || ms[2].Markup == nil {
		t.Fatalf("long hand: %+v", ms)
	}
	// view=picture: no text board, the caption has the text's first line.
	long.Mono, long.PictureKey = nil, "h3"
	long.Text = "Your letters: 8 cards.\n" + long.Text
	if err := h.a.Deliver(ctx, long); err != nil {
		t.Fatal(err)
	}
	ms = h.f.botMessages(alice.ID)
	if len(ms) != 5 || ms[3].FileID == "" || ms[3].Text != "<b>Game — your hand (table #3)</b>\n\nYour letters: 8 cards." ||
		!strings.HasSuffix(ms[4].Text, "The end.") || ms[4].Markup == nil {
		t.Fatalf("long hand without a text board: %+v", ms[3:])
	}
	h.f.block(carol.ID)
	closed := hand
	closed.User = userKey(carol.ID)
	if err := h.a.Deliver(ctx, closed); !errors.Is(err, bot.ErrNoPrivate) {
		t.Fatalf("closed private chat: %v", err)
	}
	if len(h.f.botMessages(carol.ID)) != 0 {
		t.Fatal("a message reached carol")
	}
}

// The next step of a choice replaces the pressed message: a photo keeps
// its picture (editMessageCaption) or takes the new one (editMessageMedia),
// its caption becomes the text when the step has no picture; a text
// message stays text.
func TestReplacePressedPhoto(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	hand := bot.Out{Dest: bot.ToUser, User: userKey(alice.ID), Title: "hand", Text: "Choose a letter.", Picture: []byte("png-1"),
		PictureKey: "p1", Buttons: [][]bot.Button{{{Label: "A", Data: "c3.0.A"}}}}
	if err := h.a.Deliver(ctx, hand); err != nil {
		t.Fatal(err)
	}
	photo := h.f.botMessages(alice.ID)[0]
	org := func(m fakeMsg) *origin {
		o := &origin{chat: alice.ID, msgID: m.ID, from: &tgbotapiUserAlice, private: true, callback: "cb"}
		if m.FileID != "" {
			o.photo = []string{m.FileID + "-thumb", m.FileID}
		}
		return o
	}
	step := hand
	step.Replace, step.Text = true, "A… where?"
	step.Buttons = [][]bot.Button{{{Label: "Left", Data: "m3.0.A left"}}}
	h.a.editPressed(ctx, org(photo), step)
	m := h.f.botMessages(alice.ID)[0]
	if len(h.f.botMessages(alice.ID)) != 1 || m.FileID != photo.FileID || !strings.Contains(m.Text, "A… where?") || m.Markup.InlineKeyboard[0][0].Text != "Left" {
		t.Fatalf("same picture: %+v", m)
	}
	if len(h.f.callsOf("editMessageCaption")) != 1 || h.f.uploaded() != 1 {
		t.Fatalf("same picture: %d caption edits, %d uploads", len(h.f.callsOf("editMessageCaption")), h.f.uploaded())
	}
	step.Picture, step.PictureKey = []byte("png-2"), "p2"
	h.a.editPressed(ctx, org(m), step)
	if m2 := h.f.botMessages(alice.ID)[0]; m2.FileID == m.FileID || m2.MediaEdits != 1 {
		t.Fatalf("new picture: %+v", m2)
	}
	step.Picture, step.PictureKey, step.Text = nil, "", "Done."
	h.a.editPressed(ctx, org(h.f.botMessages(alice.ID)[0]), step)
	if m3 := h.f.botMessages(alice.ID); len(m3) != 1 || !strings.Contains(m3[0].Text, "Done.") || m3[0].FileID == "" {
		t.Fatalf("no picture: %+v", m3)
	}
	// A text message pressed, a step with a picture: edited as text.
	if err := h.a.Deliver(ctx, bot.Out{Dest: bot.ToUser, User: userKey(alice.ID), Text: "plain"}); err != nil {
		t.Fatal(err)
	}
	plain, _ := h.f.last(alice.ID, "plain")
	step.Picture, step.PictureKey, step.Text = []byte("png-3"), "p3", "Next."
	h.a.editPressed(ctx, org(plain), step)
	if m4, _ := h.f.last(alice.ID, "Next."); m4.ID != plain.ID || m4.FileID != "" {
		t.Fatalf("text pressed: %+v", m4)
	}
	// The callback of a photo says so.
	u, err := decodeUpdate([]byte(`{"update_id":1,"callback_query":{"id":"c","from":{"id":101,"first_name":"A"},"data":"x",` +
		`"message":{"message_id":4,"chat":{"id":101,"type":"private"},"date":1,"caption":"c","photo":[{"file_id":"F1","file_unique_id":"u","width":1,"height":1}]}}}`))
	if err != nil || len(u.CallbackQuery.Message.Photo) != 1 || u.CallbackQuery.Message.Photo[0].FileID != "F1" {
		t.Fatalf("decoded callback: %+v %v", u.CallbackQuery, err)
	}
}

func TestFitCaption(t *testing.T) {
	ms := []bot.Mention{{User: userKey(101), Name: "Alice"}}
	short := bot.Out{Title: "T", Mono: []string{"a", "b"}, Text: "x", Mentions: ms}
	if c, full := fitCaption(short); !full || c != "<b>T</b>\n\n<pre>a\nb</pre>\n\nx\n\n👉 "+mention(userKey(101), "Alice") {
		t.Fatalf("short: %q %v", c, full)
	}
	var lines []string
	for i := 0; i < 200; i++ {
		lines = append(lines, "event <"+strconv.Itoa(i)+">")
	}
	long := bot.Out{Title: "Title", Mono: []string{strings.Repeat("█", 500)}, Text: strings.Join(lines, "\n"), Mentions: ms}
	c, full := fitCaption(long)
	if full || strings.Contains(c, "<pre>") || !strings.HasPrefix(c, "<b>Title</b>\n\n…\n") ||
		!strings.Contains(c, "event &lt;199&gt;\n\n👉 ") || strings.Contains(c, "event &lt;0&gt;") {
		t.Fatalf("long: %q", c)
	}
	one := bot.Out{Title: "Title", Text: strings.Repeat("é", 3000), Mentions: ms}
	c, _ = fitCaption(one)
	if !strings.Contains(c, "…é") || !strings.HasSuffix(c, "</a>") {
		t.Fatalf("one long line: %q", c)
	}
	for _, o := range []bot.Out{long, one} {
		c, _ := fitCaption(o)
		if n := visibleLen(c); n > maxCaption {
			t.Fatalf("caption of %d characters", n)
		}
	}
}

// visibleLen is the length Telegram counts of an HTML caption.
func visibleLen(html string) int {
	var b strings.Builder
	in := false
	for _, r := range html {
		switch {
		case r == '<':
			in = true
		case r == '>':
			in = false
		case !in:
			b.WriteRune(r)
		}
	}
	s := strings.NewReplacer("&lt;", "<", "&gt;", ">", "&amp;", "&", "&#34;", `"`, "&#39;", "'").Replace(b.String())
	return utf16Len(s)
}

// A picture upload that fails with 5xx is not retried (a retry took 7 s
// and spent the chat's budget): the text goes at once, one sendPhoto per
// picture; the next picture is tried anew. A server that refuses the method
// (404) is not asked again.
func TestPictureFailuresDoNotStall(t *testing.T) {
	h := newHarness(t)
	h.settle()
	hand := func(key string) bot.Out {
		return bot.Out{Dest: bot.ToUser, User: userKey(alice.ID), Title: "Game — your hand",
			Mono: []string{"A B C"}, Text: "Your letters " + key, Picture: []byte("png " + key), PictureKey: key}
	}
	sends := func() int { return len(h.f.callsOf("sendPhoto")) }
	h.f.inject(fakeFail{method: "sendPhoto", chat: alice.ID, code: 502, times: 100})
	before := sends()
	if err := h.a.Deliver(context.Background(), hand("k1")); err != nil {
		t.Fatal(err)
	}
	if m, ok := h.f.last(alice.ID, "Your letters k1"); !ok || m.FileID != "" {
		t.Fatalf("the hand did not go as text at once: %+v", m)
	}
	if n := sends() - before; n != 1 {
		t.Errorf("%d sendPhoto for one picture, want 1 (no retry)", n)
	}
	if err := h.a.Deliver(context.Background(), hand("k2")); err != nil {
		t.Fatal(err)
	}
	if n := sends() - before; n != 2 {
		t.Errorf("the next picture was not tried anew: %d sendPhoto in all", n)
	}

	h.f.mu.Lock()
	h.f.fails = nil
	h.f.mu.Unlock()
	h.f.inject(fakeFail{method: "sendPhoto", code: 404, desc: "Not Found: method not found", times: 100})
	before = sends()
	for _, k := range []string{"k3", "k4", "k5"} {
		if err := h.a.Deliver(context.Background(), hand(k)); err != nil {
			t.Fatal(err)
		}
		if m, ok := h.f.last(alice.ID, "Your letters "+k); !ok || m.FileID != "" {
			t.Fatalf("%s: not sent as text: %+v", k, m)
		}
	}
	if n := sends() - before; n != 1 {
		t.Errorf("%d sendPhoto after the server refused the method, want 1", n)
	}
}

// The file_ids of uploaded pictures survive a restart: a picture sent
// before it is sent by its file_id after it, not uploaded again.
func TestFileIDsSurviveARestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "telegram-file-ids.json")
	h := newHarness(t, func(o *Options) { o.FileIDs = path })
	h.settle()
	hand := bot.Out{Dest: bot.ToUser, User: userKey(alice.ID), Title: "Game — your hand",
		Mono: []string{"A B C"}, Text: "Your letters", Picture: []byte("png"), PictureKey: "k1"}
	if err := h.a.Deliver(context.Background(), hand); err != nil {
		t.Fatal(err)
	}
	h.f.mu.Lock()
	uploads := h.f.uploads
	h.f.mu.Unlock()
	if uploads != 1 {
		t.Fatalf("%d uploads for the first picture", uploads)
	}
	h.restart()
	if err := h.a.Deliver(context.Background(), hand); err != nil {
		t.Fatal(err)
	}
	h.f.mu.Lock()
	defer h.f.mu.Unlock()
	if h.f.uploads != uploads {
		t.Errorf("the picture was uploaded again after the restart (%d uploads)", h.f.uploads)
	}
}
