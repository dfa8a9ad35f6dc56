package discord

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// fake is an in-process Discord that the real discordgo talks to: the REST
// API behind the Session's HTTP client and a websocket gateway. It keeps
// every message, edit and interaction response, per channel.
type fake struct {
	t     testing.TB
	srv   *httptest.Server
	appID string
	botID string
	guild string

	mu        sync.Mutex
	next      int64
	msgs      map[string]*fmsg
	order     []*fmsg
	dms       map[string]string // user -> DM channel
	closedDM  map[string]bool
	refusedDM map[string]int             // per user: messages refused with 50007
	denied    map[string]map[string]bool // channel -> permissions the bot lacks there
	threads   map[string]string          // thread -> parent channel
	commands  []registration
	inters    map[string]*finter
	byToken   map[string]*finter
	fail429   map[string]float64 // "METHOD /path/prefix" -> retry_after (s), once
	hits429   []time.Time
	reqTimes  []time.Time
	delays    map[string]time.Duration // "METHOD /path/prefix" -> latency
	requests  []string
	wrongHost []string
	netFail   []string // path fragments whose requests fail as a network would
	doneCh    map[string]chan struct{}
	// limits, when set, are the rate limits the fake enforces
	// (fakelimits_test.go); refused lists the requests it refused.
	limits  *fakeLimits
	refused []string
	// written, when set, is told of every message created or edited,
	// under mu (the end-to-end benchmark times the boards with it).
	written func(m *fmsg)

	gw         sync.Mutex // guards the gateway's connections and writes
	shards     map[int]*gwShard
	shardCount int // num_shards of the identifies (1 without sharding)
	identifies []identifyData
	resumes    []resumeData
	handshakes int
	heartbeats int
}

type registration struct {
	Path     string
	Commands []*discordgo.ApplicationCommand
	Raw      json.RawMessage
}

type identifyData struct {
	Token   string  `json:"token"`
	Intents int     `json:"intents"`
	Shard   *[2]int `json:"shard"`
}

type resumeData struct {
	Token     string `json:"token"`
	SessionID string `json:"session_id"`
	Seq       int64  `json:"seq"`
}

// gwShard is the session of one shard's connection: Discord sends each
// connection the events of its shard, numbered, and a RESUME replays the
// shard's own.
type gwShard struct {
	conn      *websocket.Conn
	seq       int64
	events    []gwEvent
	sessionID string
	// dispatched counts the events sent to the shard by type.
	dispatched map[string]int
}

type gwEvent struct {
	Seq  int64
	Type string
	Data json.RawMessage
}

// fmsg is a message as the fake keeps it.
type fmsg struct {
	ID, Channel string
	Content     string
	Embeds      []*discordgo.MessageEmbed
	Components  json.RawMessage
	Flags       int
	For         string // the only user who sees an ephemeral message
	Interaction string // the interaction it answers
	Mentions    *discordgo.MessageAllowedMentions
	Edits       int
	Deleted     bool
	DM          bool
	Files       []string // attachment names
	Alts        []string // each attachment's description (alt text), "" for none
	fileIDs     []string // each attachment's id
	Sent        string   // its text when it was posted, before any edit
}

func (m *fmsg) ephemeral() bool { return m.Flags&64 != 0 }

// silent: posted with SUPPRESS_NOTIFICATIONS, it notified no one.
func (m *fmsg) silent() bool { return m.Flags&(1<<12) != 0 }

// public is seen by everyone in a server channel.
func (m *fmsg) public() bool { return !m.DM && !m.ephemeral() && !m.Deleted }

// text is everything the message shows.
func (m *fmsg) text() string {
	var b strings.Builder
	b.WriteString(m.Content)
	for _, e := range m.Embeds {
		b.WriteString("\n" + e.Title + "\n" + e.Description)
	}
	for _, c := range m.components() {
		b.WriteString("\n[" + c.Label + "]")
	}
	return b.String()
}

// fcomp is one button, or one option of a select menu.
type fcomp struct {
	Label    string
	CustomID string // the button's, or the select menu's
	Value    string // the option's value (select menus)
	Select   bool
	Style    int    // the button's
	URL      string // a link button's
}

func (c fcomp) payload() string {
	if c.Select {
		return c.Value
	}
	return c.CustomID
}

func (m *fmsg) components() []fcomp {
	var rows []struct {
		Components []struct {
			Type     int    `json:"type"`
			CustomID string `json:"custom_id"`
			Label    string `json:"label"`
			Style    int    `json:"style"`
			URL      string `json:"url"`
			Options  []struct {
				Label string `json:"label"`
				Value string `json:"value"`
			} `json:"options"`
		} `json:"components"`
	}
	_ = json.Unmarshal(m.Components, &rows)
	var out []fcomp
	for _, r := range rows {
		for _, c := range r.Components {
			if c.Type == 3 {
				for _, o := range c.Options {
					out = append(out, fcomp{Label: o.Label, CustomID: c.CustomID, Value: o.Value, Select: true})
				}
				continue
			}
			out = append(out, fcomp{Label: c.Label, CustomID: c.CustomID, Style: c.Style, URL: c.URL})
		}
	}
	return out
}

func (m *fmsg) rowCount() (rows, buttons int) {
	var rs []struct {
		Components []struct {
			Type int `json:"type"`
		} `json:"components"`
	}
	_ = json.Unmarshal(m.Components, &rs)
	for _, r := range rs {
		for _, c := range r.Components {
			if c.Type == 2 {
				buttons++
			}
		}
	}
	return len(rs), buttons
}

func (m *fmsg) json(botID string) map[string]any {
	comps := m.Components
	if len(comps) == 0 || string(comps) == "null" {
		comps = json.RawMessage("[]")
	}
	embeds := m.Embeds
	if embeds == nil {
		embeds = []*discordgo.MessageEmbed{}
	}
	atts := []map[string]any{}
	for i, name := range m.Files {
		a := map[string]any{"id": m.fileIDs[i], "filename": name, "size": 1, "url": "https://cdn.discordapp.com/attachments/" + m.Channel + "/" + m.fileIDs[i] + "/" + name,
			"proxy_url": "https://media.discordapp.net/attachments/" + m.Channel + "/" + m.fileIDs[i] + "/" + name, "content_type": "image/png"}
		if m.Alts[i] != "" {
			a["description"] = m.Alts[i]
		}
		atts = append(atts, a)
	}
	return map[string]any{
		"id": m.ID, "channel_id": m.Channel, "content": m.Content, "embeds": embeds, "components": comps, "attachments": atts,
		"flags": m.Flags, "type": 0, "timestamp": time.Now().UTC().Format(time.RFC3339),
		"author": map[string]any{"id": botID, "username": "Tablée", "bot": true},
	}
}

// finter is one interaction and what the bot answered to it.
type finter struct {
	ID, Token, User, Channel string
	Created                  time.Time // when Discord sent it
	Answered                 time.Time // when its initial response came
	Types                    []int     // the callback types, in order
	Original                 *fmsg     // the response message (or, for a component, the message it updated)
	Followups                []*fmsg
	// Thinking is set by a deferred response (type 5) until the message is
	// edited or followed up: the first followup then edits it.
	Thinking bool
	// FollowupsLost counts the followups that became an edit of the
	// deferred message.
	FollowupsLost int
	ModalID       string
	ModalLabel    string
	ModalText     string // a text display above the input
	Choices       []*discordgo.ApplicationCommandOptionChoice
}

func newFake(t testing.TB) *fake {
	f := &fake{
		t: t, appID: "900000000000000001", botID: "900000000000000001", guild: "800000000000000001",
		next: 1000, msgs: map[string]*fmsg{}, dms: map[string]string{}, closedDM: map[string]bool{}, refusedDM: map[string]int{}, denied: map[string]map[string]bool{},
		threads: map[string]string{}, inters: map[string]*finter{}, byToken: map[string]*finter{},
		fail429: map[string]float64{}, delays: map[string]time.Duration{}, doneCh: map[string]chan struct{}{},
		shards: map[int]*gwShard{}, shardCount: 1,
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/gw", f.gateway)
	mux.HandleFunc("/gw/", f.gateway)
	mux.HandleFunc("/api/v9/", f.rest)
	f.srv = httptest.NewServer(mux)
	t.Cleanup(f.srv.Close)
	return f
}

// deny takes permissions from the bot in a channel, as a server admin's
// overwrite would. What Discord does without them
// (docs.discord.com/developers/topics/permissions, "Permissions"; topics/
// opcodes-and-status-codes, JSON Error Codes): without View Channel every
// message call fails with 403, code 50001 (Missing Access); without Send
// Messages a new message fails with 403, 50013 (Missing Permissions); a
// message with files, without Attach Files, fails with 50013; without Embed
// Links the message is posted without its embeds, and nothing says so.
func (f *fake) deny(ch string, perms ...string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.denied[ch] == nil {
		f.denied[ch] = map[string]bool{}
	}
	for _, p := range perms {
		f.denied[ch][p] = true
	}
}

// refuses fails a message call the channel's permissions forbid. The
// caller holds f.mu.
func (f *fake) refuses(ch string, files []fupload, fail func(status, code int, msg string)) bool {
	d := f.denied[ch]
	switch {
	case d[permView]:
		fail(403, 50001, "Missing Access")
	case d[permSend]:
		fail(403, 50013, "Missing Permissions")
	case d[permAttach] && len(files) > 0:
		fail(403, 50013, "Missing Permissions")
	default:
		return false
	}
	return true
}

// closeDM makes the user's DMs refuse messages (Discord's error 50007).
func (f *fake) closeDM(user string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.closedDM[user] = true
}

func (f *fake) id() string {
	f.next++
	return strconv.FormatInt(f.next, 10)
}

// client sends discord.com to the fake; any other host is an error.
func (f *fake) client() *http.Client {
	host := strings.TrimPrefix(f.srv.URL, "http://")
	return &http.Client{Timeout: 10 * time.Second, Transport: roundTripper(func(r *http.Request) (*http.Response, error) {
		if r.URL.Host != "discord.com" {
			f.mu.Lock()
			f.wrongHost = append(f.wrongHost, r.URL.String())
			f.mu.Unlock()
			return nil, fmt.Errorf("fake: request to %s", r.URL.Host)
		}
		f.mu.Lock()
		for _, frag := range f.netFail {
			if strings.Contains(r.URL.Path, frag) {
				f.mu.Unlock()
				return nil, fmt.Errorf("fake: connection reset by peer")
			}
		}
		f.mu.Unlock()
		r2 := r.Clone(r.Context())
		r2.URL.Scheme, r2.URL.Host, r2.Host = "http", host, ""
		return http.DefaultTransport.RoundTrip(r2)
	})}
}

type roundTripper func(*http.Request) (*http.Response, error)

func (rt roundTripper) RoundTrip(r *http.Request) (*http.Response, error) { return rt(r) }

func (f *fake) dialer() *websocket.Dialer {
	return &websocket.Dialer{HandshakeTimeout: 5 * time.Second}
}

// ---- gateway ----

const heartbeatMS = 300

var slowLog = false

// gateway is the websocket gateway as docs.discord.com/developers/events/
// gateway describes it: Hello (op 10) with the heartbeat interval first,
// then Identify (op 2) or Resume (op 6); a Resume replays the events after
// its sequence number and ends with RESUMED, an unknown session gets
// Invalid Session (op 9, not resumable); heartbeats (op 1) are acked
// (op 11). Sharding (docs.discord.com/developers/events/gateway,
// "Sharding"): an Identify names its shard [shard_id, num_shards]; a
// server's events go to the shard (guild_id >> 22) % num_shards, and
// direct messages only to shard 0. Each shard is its own session.
func (f *fake) gateway(w http.ResponseWriter, r *http.Request) {
	up := websocket.Upgrader{}
	c, err := up.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	defer c.Close()
	f.gw.Lock()
	err = c.WriteJSON(map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": heartbeatMS}})
	f.gw.Unlock()
	if err != nil {
		return
	}
	var first struct {
		Op int             `json:"op"`
		D  json.RawMessage `json:"d"`
	}
	if err := c.ReadJSON(&first); err != nil {
		return
	}
	f.gw.Lock()
	var sh *gwShard
	switch first.Op {
	case 2:
		var id identifyData
		_ = json.Unmarshal(first.D, &id)
		f.identifies = append(f.identifies, id)
		n := 0
		if id.Shard != nil {
			n, f.shardCount = id.Shard[0], max(id.Shard[1], 1)
		}
		sh = f.shardLocked(n)
		sh.sessionID = "session-" + strconv.Itoa(len(f.identifies))
		sh.conn = c
		f.dispatchToLocked(sh, "READY", map[string]any{
			"v": 9, "session_id": sh.sessionID, "resume_gateway_url": "ws://" + r.Host + "/gw",
			"user":        map[string]any{"id": f.botID, "username": "Tablée", "bot": true},
			"application": map[string]any{"id": f.appID, "flags": 0},
			"guilds":      []any{},
		})
	case 6:
		var rd resumeData
		_ = json.Unmarshal(first.D, &rd)
		f.resumes = append(f.resumes, rd)
		for _, s := range f.shards {
			if s.sessionID != "" && s.sessionID == rd.SessionID {
				sh = s
			}
		}
		if sh == nil {
			f.gw.Unlock()
			_ = c.WriteJSON(map[string]any{"op": 9, "d": false})
			return
		}
		sh.conn = c
		for _, e := range sh.events {
			if e.Seq > rd.Seq {
				_ = c.WriteJSON(map[string]any{"op": 0, "s": e.Seq, "t": e.Type, "d": e.Data})
			}
		}
		f.dispatchToLocked(sh, "RESUMED", map[string]any{})
	default:
		f.gw.Unlock()
		return
	}
	f.handshakes++
	f.gw.Unlock()
	for {
		var m struct {
			Op int `json:"op"`
		}
		if err := c.ReadJSON(&m); err != nil {
			f.gw.Lock()
			if sh.conn == c {
				sh.conn = nil
			}
			f.gw.Unlock()
			return
		}
		if m.Op == 1 {
			f.gw.Lock()
			f.heartbeats++
			if sh.conn == c {
				_ = c.WriteJSON(map[string]any{"op": 11})
			}
			f.gw.Unlock()
		}
	}
}

// shardLocked is shard n's session, made on first use. f.gw is held.
func (f *fake) shardLocked(n int) *gwShard {
	sh := f.shards[n]
	if sh == nil {
		sh = &gwShard{dispatched: map[string]int{}}
		f.shards[n] = sh
	}
	return sh
}

// shardOf is the shard an event goes to: its server's, or 0 for an event
// of no server (a direct message). f.gw is held.
func (f *fake) shardOf(raw json.RawMessage) int {
	var ev struct {
		GuildID string `json:"guild_id"`
	}
	_ = json.Unmarshal(raw, &ev)
	guild, err := strconv.ParseUint(ev.GuildID, 10, 64)
	if f.shardCount <= 1 || err != nil {
		return 0
	}
	return int((guild >> 22) % uint64(f.shardCount))
}

// dispatchLocked sends an event to its shard now, or keeps it for the
// shard's RESUME when its connection is down. f.gw is held.
func (f *fake) dispatchLocked(typ string, data any) {
	raw, _ := json.Marshal(data)
	f.dispatchToLocked(f.shardLocked(f.shardOf(raw)), typ, json.RawMessage(raw))
}

func (f *fake) dispatchToLocked(sh *gwShard, typ string, data any) {
	raw, ok := data.(json.RawMessage)
	if !ok {
		raw, _ = json.Marshal(data)
	}
	sh.seq++
	sh.dispatched[typ]++
	e := gwEvent{Seq: sh.seq, Type: typ, Data: raw}
	sh.events = append(sh.events, e)
	if sh.conn != nil {
		_ = sh.conn.WriteJSON(map[string]any{"op": 0, "s": e.Seq, "t": e.Type, "d": e.Data})
	}
}

func (f *fake) dispatch(typ string, data any) {
	f.gw.Lock()
	defer f.gw.Unlock()
	f.dispatchLocked(typ, data)
}

// drop cuts the gateway connections as a network failure would.
func (f *fake) drop() {
	f.gw.Lock()
	defer f.gw.Unlock()
	for _, sh := range f.shards {
		if sh.conn != nil {
			sh.conn.UnderlyingConn().Close()
			sh.conn = nil
		}
	}
}

// dispatched is how many events of a type shard n was sent.
func (f *fake) dispatched(n int, typ string) int {
	f.gw.Lock()
	defer f.gw.Unlock()
	return f.shardLocked(n).dispatched[typ]
}

func (f *fake) waitHandshakes(n int) {
	f.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		f.gw.Lock()
		h := f.handshakes
		f.gw.Unlock()
		if h >= n {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	f.t.Fatalf("fake: gateway handshake %d never came", n)
}

// ---- REST ----

func (f *fake) rest(w http.ResponseWriter, r *http.Request) {
	path := strings.TrimPrefix(r.URL.Path, "/api/v9")
	key := r.Method + " " + path
	body, _ := io.ReadAll(r.Body)
	body, files := unpack(f.t, r.Header.Get("Content-Type"), body)
	f.mu.Lock()
	f.requests = append(f.requests, key)
	f.reqTimes = append(f.reqTimes, time.Now())
	if f.limits != nil {
		if refusal := f.limits.admit(r.Method, path, time.Now()); refusal != nil {
			f.refused = append(f.refused, key)
			f.mu.Unlock()
			refusal.write(w)
			return
		}
		f.limits.headers(w.Header(), r.Method, path, time.Now())
	}
	var delay time.Duration
	for k, d := range f.delays {
		if strings.HasPrefix(key, k) {
			delay = d
		}
	}
	for k, after := range f.fail429 {
		if strings.HasPrefix(key, k) {
			delete(f.fail429, k)
			f.hits429 = append(f.hits429, time.Now())
			f.mu.Unlock()
			// A 429 says when to try again in its headers and body
			// (docs.discord.com/developers/topics/rate-limits, "Header
			// Format" and "Exceeding A Rate Limit").
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("X-RateLimit-Limit", "5")
			w.Header().Set("X-RateLimit-Remaining", "0")
			w.Header().Set("X-RateLimit-Reset-After", strconv.FormatFloat(after, 'f', 3, 64))
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusTooManyRequests)
			fmt.Fprintf(w, `{"message": "You are being rate limited.", "retry_after": %g, "global": false}`, after)
			return
		}
	}
	f.mu.Unlock()
	if delay > 0 {
		time.Sleep(delay)
	}
	parts := strings.Split(strings.Trim(path, "/"), "/")
	reply := func(status int, v any) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		if v != nil {
			_ = json.NewEncoder(w).Encode(v)
		}
	}
	fail := func(status, code int, msg string) {
		reply(status, map[string]any{"code": code, "message": msg})
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	switch {
	// "Get Gateway Bot": the URL, the recommended shards and the session
	// start limit (docs.discord.com/developers/events/gateway#get-gateway-bot).
	case key == "GET /gateway/bot" || key == "GET /gateway":
		reply(200, map[string]any{"url": "ws://" + strings.TrimPrefix(f.srv.URL, "http://") + "/gw", "shards": 1,
			"session_start_limit": map[string]any{"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}})
	case r.Method == "PUT" && len(parts) >= 3 && parts[0] == "applications" && parts[len(parts)-1] == "commands":
		var cmds []*discordgo.ApplicationCommand
		if err := json.Unmarshal(body, &cmds); err != nil {
			// A body that does not decode: 50035 (topics/opcodes-and-status-codes).
			fail(400, 50035, "Invalid Form Body")
			return
		}
		f.commands = append(f.commands, registration{Path: path, Commands: cmds, Raw: body})
		reply(200, json.RawMessage(body))
	case r.Method == "POST" && path == "/users/@me/channels":
		var b struct {
			RecipientID string `json:"recipient_id"`
		}
		_ = json.Unmarshal(body, &b)
		ch := f.dms[b.RecipientID]
		if ch == "" {
			ch = "7" + b.RecipientID
			f.dms[b.RecipientID] = ch
		}
		reply(200, map[string]any{"id": ch, "type": 1, "recipients": []any{map[string]any{"id": b.RecipientID}}})
	case r.Method == "POST" && len(parts) == 3 && parts[0] == "channels" && parts[2] == "messages":
		ch := parts[1]
		dm := f.isDM(ch)
		if f.refuses(ch, files, fail) {
			return
		}
		if dm && f.closedDM[f.dmUser(ch)] {
			// JSON error code 50007, "Cannot send messages to this user"
			// (docs.discord.com/developers/topics/opcodes-and-status-codes,
			// JSON Error Codes): DMs closed to server members, or the bot
			// blocked. A 403 counts toward the invalid request limit
			// (topics/rate-limits, "Invalid Request Limit").
			f.refusedDM[f.dmUser(ch)]++
			fail(403, 50007, "Cannot send messages to this user")
			return
		}
		m := f.decodeNew(body)
		// "Create Message": of the message flags only SUPPRESS_EMBEDS
		// (1 << 2) and SUPPRESS_NOTIFICATIONS (1 << 12) can be set
		// (docs.discord.com/developers/resources/message); anything else
		// is an invalid form body (50035).
		if m.Flags&^(1<<2|1<<12) != 0 {
			fail(400, 50035, "Invalid Form Body")
			return
		}
		if why := f.attach(m, body, files, false); why != "" {
			fail(400, 50035, why)
			return
		}
		m.ID, m.Channel, m.DM = f.id(), ch, dm
		if f.denied[ch][permEmbed] {
			m.Embeds = nil
		}
		f.add(m)
		reply(200, m.json(f.botID))
	case r.Method == "PATCH" && len(parts) == 4 && parts[0] == "channels" && parts[2] == "messages":
		m := f.msgs[parts[3]]
		// A message deleted, or not in that channel: 404, 10008 Unknown
		// Message (topics/opcodes-and-status-codes, JSON Error Codes).
		if m == nil || m.Deleted || m.Channel != parts[1] {
			fail(404, 10008, "Unknown Message")
			return
		}
		if f.refuses(parts[1], files, fail) {
			return
		}
		if why := f.applyEdit(m, body, files); why != "" {
			fail(400, 50035, why)
			return
		}
		if f.denied[parts[1]][permEmbed] {
			m.Embeds = nil
		}
		reply(200, m.json(f.botID))
	case r.Method == "DELETE" && len(parts) == 4 && parts[0] == "channels" && parts[2] == "messages":
		m := f.msgs[parts[3]]
		if m == nil || m.Deleted {
			fail(404, 10008, "Unknown Message")
			return
		}
		m.Deleted = true
		reply(204, nil)
	case r.Method == "POST" && len(parts) == 3 && parts[0] == "channels" && parts[2] == "threads":
		id := f.id()
		f.threads[id] = parts[1]
		reply(201, map[string]any{"id": id, "type": 11, "parent_id": parts[1], "guild_id": f.guild})
	case r.Method == "POST" && len(parts) == 4 && parts[0] == "interactions" && parts[3] == "callback":
		in := f.inters[parts[1]]
		if in == nil || in.Token != parts[2] {
			fail(404, 10062, "Unknown interaction")
			return
		}
		// One initial response per interaction; later ones are followups
		// or edits (interactions/receiving-and-responding, "Responding to
		// an Interaction"): a second answers 40060.
		if len(in.Types) > 0 {
			fail(400, 40060, "Interaction has already been acknowledged.")
			return
		}
		// The initial response must come within 3 seconds of the
		// interaction, or its token is invalidated
		// (docs.discord.com/developers/interactions/receiving-and-responding,
		// "Responding to an Interaction").
		if time.Since(in.Created) > 3*time.Second {
			fail(404, 10062, "Unknown interaction")
			return
		}
		if why := f.callback(in, body, files); why != "" {
			fail(400, 50035, why)
			return
		}
		in.Answered = time.Now()
		reply(204, nil)
	case len(parts) >= 3 && parts[0] == "webhooks":
		in := f.byToken[parts[2]]
		// Followups go to /webhooks/<application id>/<interaction token>
		// (same page, "Followup Messages"); anything else is 10015.
		if in == nil || parts[1] != f.appID {
			fail(404, 10015, "Unknown Webhook")
			return
		}
		// Followups and edits of the response use the interaction's token,
		// valid for 15 minutes (same page, "Followup Messages").
		if time.Since(in.Created) > 15*time.Minute {
			fail(401, 50027, "Invalid Webhook Token")
			return
		}
		switch {
		case r.Method == "PATCH" && len(parts) == 5 && parts[4] == "@original":
			if in.Original == nil {
				fail(404, 10008, "Unknown Message")
				return
			}
			if why := f.applyEdit(in.Original, body, files); why != "" {
				fail(400, 50035, why)
				return
			}
			in.Thinking = false
			reply(200, in.Original.json(f.botID))
		case r.Method == "POST" && len(parts) == 3 && in.Thinking:
			// After a deferred response (type 5), the first followup edits
			// the "thinking" message, which keeps the ephemeral flag of the
			// deferral whatever the followup's flags say
			// (docs.discord.com/developers/interactions/receiving-and-responding,
			// "Create Followup Message" and "Responding to an Interaction":
			// a deferred response's flags are set with the deferral).
			flags := in.Original.Flags
			if why := f.applyEdit(in.Original, body, files); why != "" {
				fail(400, 50035, why)
				return
			}
			in.Thinking = false
			in.Original.Flags = flags
			in.FollowupsLost++
			reply(200, in.Original.json(f.botID))
		case r.Method == "POST" && len(parts) == 3:
			m := f.decodeNew(body)
			if why := f.attach(m, body, files, false); why != "" {
				fail(400, 50035, why)
				return
			}
			m.ID, m.Channel, m.Interaction, m.DM = f.id(), in.Channel, in.ID, f.isDM(in.Channel)
			if m.ephemeral() {
				m.For = in.User
			}
			f.add(m)
			in.Followups = append(in.Followups, m)
			reply(200, m.json(f.botID))
		default:
			fail(405, 0, "fake: "+key)
		}
	default:
		fail(404, 0, "fake: no route "+key)
	}
}

// threadOf is a thread started in a channel, "" for none.
func (f *fake) threadOf(channel string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	for id, parent := range f.threads {
		if parent == channel {
			return id
		}
	}
	return ""
}

func (f *fake) isDM(ch string) bool {
	for _, c := range f.dms {
		if c == ch {
			return true
		}
	}
	return false
}

func (f *fake) dmUser(ch string) string {
	for u, c := range f.dms {
		if c == ch {
			return u
		}
	}
	return ""
}

func (f *fake) add(m *fmsg) {
	m.Sent = m.text()
	f.msgs[m.ID] = m
	f.order = append(f.order, m)
	if f.written != nil {
		f.written(m)
	}
}

type wireMessage struct {
	Content         *string                           `json:"content"`
	Embeds          *[]*discordgo.MessageEmbed        `json:"embeds"`
	Components      json.RawMessage                   `json:"components"`
	Flags           int                               `json:"flags"`
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
	CustomID        string                            `json:"custom_id"`
	Title           string                            `json:"title"`
	Choices         []*discordgo.ApplicationCommandOptionChoice
}

func (f *fake) decodeNew(body []byte) *fmsg {
	var w wireMessage
	if err := json.Unmarshal(body, &w); err != nil {
		f.t.Errorf("fake: bad message body %s: %v", body, err)
	}
	m := &fmsg{Components: w.Components, Flags: w.Flags, Mentions: w.AllowedMentions}
	if w.Content != nil {
		m.Content = *w.Content
	}
	if w.Embeds != nil {
		m.Embeds = *w.Embeds
	}
	f.checkLimits(m)
	return m
}

// applyEdit edits a message; a refused edit (its reason returned)
// changes nothing.
func (f *fake) applyEdit(m *fmsg, body []byte, files []fupload) string {
	if why := f.attach(m, body, files, true); why != "" {
		return why
	}
	f.applyFields(m, body)
	if f.written != nil {
		f.written(m)
	}
	return ""
}

// attach sets a message's attachments from a request's files and its
// "attachments" field as Discord's API v10 does
// (docs.discord.com/developers/reference, "Uploading Files" and "Editing
// Message Attachments"; resources/message, "Attachment Request Structure"
// and "Edit Message"):
//   - a new file is a part named files[n]; an attachment request's id is,
//     "for new attachments", "the n in files[n]", else the id of an
//     attachment the message has: any other id is refused;
//   - a description, the attachment's alt text, holds "max 1024
//     characters";
//   - an edit keeps only the attachments it lists: "Starting with API v10,
//     the attachments array must contain all attachments that should be
//     present after edit, including retained and new attachments provided
//     in the request body". A file sent but not listed is dropped, and an
//     attachment not listed is removed; without the field, "any provided
//     files will be appended to the message";
//   - a new message takes its files, the list giving them their metadata.
//
// The fake keeps v10's rule on the v9 path discordgo speaks
// (discordgo.APIVersion): v9 would keep a new file an edit does not list,
// v10 does not, and the adapter must work with both.
//
// A refusal is Discord's 400 "Invalid Form Body" (50035,
// topics/opcodes-and-status-codes); attach returns its reason, "" when
// the request is good, and changes nothing when it refuses.
func (f *fake) attach(m *fmsg, body []byte, files []fupload, edit bool) string {
	var w struct {
		Attachments *[]struct {
			ID          json.RawMessage `json:"id"`
			Filename    string          `json:"filename"`
			Description *string         `json:"description"`
		} `json:"attachments"`
	}
	_ = json.Unmarshal(body, &w)
	type att struct{ id, name, alt string }
	var had, now []att
	if edit {
		for i := range m.Files {
			had = append(had, att{m.fileIDs[i], m.Files[i], m.Alts[i]})
		}
	}
	if w.Attachments == nil {
		now = had
		for _, u := range files {
			now = append(now, att{"", u.Name, ""})
		}
	} else {
		listed := map[int]bool{}
		for _, a := range *w.Attachments {
			id := strings.Trim(string(a.ID), `"`)
			alt := ""
			if a.Description != nil {
				alt = *a.Description
			}
			if utf8.RuneCountInString(alt) > 1024 {
				return "Invalid Form Body: attachments.description: Must be 1024 or fewer in length."
			}
			if k := slices.IndexFunc(had, func(o att) bool { return o.id == id }); k >= 0 {
				kept := had[k]
				if a.Description != nil {
					kept.alt = alt
				}
				now = append(now, kept)
				continue
			}
			n, err := strconv.Atoi(id)
			k := slices.IndexFunc(files, func(u fupload) bool { return u.N == n })
			if err != nil || k < 0 || listed[n] {
				return "Invalid Form Body: attachments: unknown attachment id " + id
			}
			listed[n] = true
			now = append(now, att{"", files[k].Name, alt})
		}
		if !edit {
			for _, u := range files {
				if !listed[u.N] {
					now = append(now, att{"", u.Name, ""})
				}
			}
		}
	}
	m.Files, m.Alts, m.fileIDs = nil, nil, nil
	for _, a := range now {
		if a.id == "" {
			a.id = f.id()
		}
		m.Files, m.Alts, m.fileIDs = append(m.Files, a.name), append(m.Alts, a.alt), append(m.fileIDs, a.id)
	}
	return ""
}

func (f *fake) applyFields(m *fmsg, body []byte) {
	var w wireMessage
	if err := json.Unmarshal(body, &w); err != nil {
		f.t.Errorf("fake: bad edit body %s: %v", body, err)
	}
	if w.Content != nil {
		m.Content = *w.Content
	}
	if w.Embeds != nil {
		m.Embeds = *w.Embeds
	}
	if w.Components != nil {
		m.Components = w.Components
	}
	if w.AllowedMentions != nil {
		m.Mentions = w.AllowedMentions
	}
	m.Edits++
	f.checkLimits(m)
}

// checkLimits fails the test where real Discord would refuse the message
// (with a 400): content of 2,000 characters, an embed's description of
// 4,096 and title of 256 (docs.discord.com/developers/resources/message,
// "Create Message", and resources/message#embed-object, "Embed Limits");
// 5 action rows of 5 buttons, custom ids and select values of 100
// characters (components/reference, "Action Row", "Button", "String
// Select"); a button's label of 80 characters, a select option's of 100,
// a select menu's placeholder of 150, and custom ids that two components
// of a message never share ("Multiple components on the same message must
// not share the same custom_id", components/reference, "Custom ID").
func (f *fake) checkLimits(m *fmsg) {
	if n := len([]rune(m.Content)); n > 2000 {
		f.t.Errorf("fake: content of %d characters", n)
	}
	for _, e := range m.Embeds {
		if len([]rune(e.Description)) > 4096 || len([]rune(e.Title)) > 256 {
			f.t.Errorf("fake: embed over its limits")
		}
	}
	rows, buttons := m.rowCount()
	if rows > 5 || buttons > 25 {
		f.t.Errorf("fake: %d rows, %d buttons", rows, buttons)
	}
	ids := map[string]bool{}
	for _, c := range m.components() {
		if len(c.CustomID) > 100 || len(c.Value) > 100 {
			f.t.Errorf("fake: custom id too long: %q", c.CustomID)
		}
		if max := map[bool]int{false: 80, true: 100}[c.Select]; utf8.RuneCountInString(c.Label) > max {
			f.t.Errorf("fake: a label of %d characters: %q", utf8.RuneCountInString(c.Label), c.Label)
		}
		// "Link buttons must have a url, and cannot have a custom_id";
		// "Non-link buttons must have a custom_id, and cannot have a url";
		// a url of 512 characters at most (components/reference, "Button").
		if link := !c.Select && c.Style == 5; link && (c.URL == "" || c.CustomID != "" || len(c.URL) > 512) ||
			!link && c.URL != "" {
			f.t.Errorf("fake: a button of style %d with custom id %q and url %q", c.Style, c.CustomID, c.URL)
		}
		if !c.Select && c.Style == 5 {
			continue
		}
		if !c.Select && ids[c.CustomID] {
			f.t.Errorf("fake: two components with the custom id %q", c.CustomID)
		}
		ids[c.CustomID] = true
	}
	var menus []struct {
		Components []struct {
			Placeholder string `json:"placeholder"`
		} `json:"components"`
	}
	_ = json.Unmarshal(m.Components, &menus)
	for _, r := range menus {
		for _, c := range r.Components {
			if utf8.RuneCountInString(c.Placeholder) > 150 {
				f.t.Errorf("fake: a placeholder of %d characters", utf8.RuneCountInString(c.Placeholder))
			}
		}
	}
}

// callback is an interaction's initial response. A refused one (its
// reason returned) changes nothing.
func (f *fake) callback(in *finter, body []byte, files []fupload) string {
	var b struct {
		Type int             `json:"type"`
		Data json.RawMessage `json:"data"`
	}
	_ = json.Unmarshal(body, &b)
	switch b.Type {
	case 4, 5:
		m := &fmsg{}
		if len(b.Data) > 0 && string(b.Data) != "null" {
			m = f.decodeNew(b.Data)
		}
		if why := f.attach(m, b.Data, files, false); why != "" {
			return why
		}
		in.Types = append(in.Types, b.Type)
		m.ID, m.Channel, m.Interaction, m.DM = f.id(), in.Channel, in.ID, f.isDM(in.Channel)
		if m.ephemeral() {
			m.For = in.User
		}
		f.add(m)
		in.Original = m
		in.Thinking = b.Type == 5
	case 6:
		in.Types = append(in.Types, b.Type)
	case 7:
		if in.Original == nil {
			f.t.Errorf("fake: UPDATE_MESSAGE for an interaction without a message")
			return ""
		}
		if why := f.applyEdit(in.Original, b.Data, files); why != "" {
			return why
		}
		in.Types = append(in.Types, b.Type)
	case 8:
		in.Types = append(in.Types, b.Type)
		var w wireMessage
		_ = json.Unmarshal(b.Data, &w)
		in.Choices = w.Choices
	case 9:
		in.Types = append(in.Types, b.Type)
		// A modal: a title of at most 45 characters, a custom id of at most
		// 100; action rows holding a text input, whose label holds at most
		// 45 characters, and text displays of at most 4,000
		// (docs.discord.com/developers/interactions/receiving-and-responding,
		// "Modal"; components/reference, "Text Input" and "Text Display";
		// components/using-modal-components). Discord refuses a modal over
		// them with a 400; the fake fails the test.
		var d struct {
			CustomID   string `json:"custom_id"`
			Title      string `json:"title"`
			Components []struct {
				Type       int    `json:"type"`
				Content    string `json:"content"`
				Components []struct {
					Label string `json:"label"`
				} `json:"components"`
			} `json:"components"`
		}
		_ = json.Unmarshal(b.Data, &d)
		in.ModalID = d.CustomID
		for _, c := range d.Components {
			switch c.Type {
			case 1:
				if len(c.Components) > 0 {
					in.ModalLabel = c.Components[0].Label
				}
			case 10:
				in.ModalText = c.Content
			default:
				f.t.Errorf("fake: a component of type %d in a modal", c.Type)
			}
		}
		if utf8.RuneCountInString(d.Title) > 45 || len(d.CustomID) > 100 || utf8.RuneCountInString(in.ModalLabel) > 45 ||
			utf8.RuneCountInString(in.ModalText) > 4000 {
			f.t.Errorf("fake: modal over its limits: %s", b.Data)
		}
	default:
		in.Types = append(in.Types, b.Type)
	}
	return ""
}

// fupload is a file of a multipart request: the n of its part's name,
// files[n], and its file name.
type fupload struct {
	N    int
	Name string
}

// unpack reads a multipart request (a message with attachments): its JSON
// part and its files. "Each file parameter must be uniquely named in the
// format files[n]" (docs.discord.com/developers/reference, "Uploading
// Files"): another name fails the test.
func unpack(t testing.TB, contentType string, body []byte) ([]byte, []fupload) {
	mt, params, err := mime.ParseMediaType(contentType)
	if err != nil || !strings.HasPrefix(mt, "multipart/") {
		return body, nil
	}
	r := multipart.NewReader(bytes.NewReader(body), params["boundary"])
	var js []byte
	var files []fupload
	for {
		p, err := r.NextPart()
		if err != nil {
			break
		}
		data, _ := io.ReadAll(p)
		if p.FormName() == "payload_json" {
			js = data
		} else {
			if !bytes.HasPrefix(data, []byte("\x89PNG")) {
				t.Errorf("fake: attachment %s is not a PNG", p.FileName())
			}
			var n int
			if _, err := fmt.Sscanf(p.FormName(), "files[%d]", &n); err != nil || p.FormName() != fmt.Sprintf("files[%d]", n) ||
				slices.ContainsFunc(files, func(u fupload) bool { return u.N == n }) {
				t.Errorf("fake: a file part named %q", p.FormName())
			}
			files = append(files, fupload{N: n, Name: p.FileName()})
		}
	}
	return js, files
}

// ---- interactions ----

type fuser struct {
	ID, Name, Nick, Locale string
	// Perms are the member's permissions in the channel, as Discord
	// computes them (base permissions, then the channel's overwrites) and
	// sends them in the interaction's member.permissions, a decimal
	// string; "" for a member with the everyday ones (View Channel, Send
	// Messages, Read Message History).
	Perms string
}

// Discord's permission bits (docs.discord.com/developers/topics/permissions,
// Bitwise Permission Flags).
const (
	permBitAdministrator  = 1 << 3
	permBitManageChannels = 1 << 4
	permBitManageMessages = 1 << 13
	permBitsEveryday      = 1<<10 | 1<<11 | 1<<16 // View Channel, Send Messages, Read Message History
)

// interact dispatches an INTERACTION_CREATE and waits until the adapter has
// answered it.
func (f *fake) interact(typ int, u fuser, channel string, data any, on *fmsg) *finter {
	f.t.Helper()
	in, done := f.send(typ, u, channel, data, on)
	start := time.Now()
	defer func() {
		if d := time.Since(start); d > 150*time.Millisecond && slowLog {
			f.t.Logf("slow interaction %v: %v", d, data)
		}
	}()
	select {
	case <-done:
	case <-time.After(15 * time.Second):
		f.t.Fatalf("fake: interaction %s (%v) never answered", in.ID, data)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	cp := *in
	return &cp
}

// send dispatches an INTERACTION_CREATE and returns at once: the
// interaction (read it under f.mu) and a channel closed once the adapter
// is done with it.
func (f *fake) send(typ int, u fuser, channel string, data any, on *fmsg) (*finter, chan struct{}) {
	f.mu.Lock()
	id := f.id()
	// Long and opaque, as Discord's are; "itok" marks it in the tests.
	in := &finter{ID: id, Token: "itok" + id + "-Zm9vYmFyYmF6cXV4LXF1dXgtY29yZ2U", User: u.ID, Channel: channel, Created: time.Now()}
	if on != nil {
		in.Original = f.msgs[on.ID] // a component's response updates the real message
		if in.Original == nil {
			in.Original = on
		}
	}
	f.inters[id] = in
	f.byToken[in.Token] = in
	done := make(chan struct{})
	f.doneCh[id] = done
	dm := f.isDM(channel)
	ev := map[string]any{
		"id": id, "application_id": f.appID, "type": typ, "data": data, "channel_id": channel,
		"token": in.Token, "version": 1, "locale": u.Locale,
	}
	user := map[string]any{"id": u.ID, "username": strings.ToLower(u.Name), "global_name": u.Name}
	// An interaction carries the bot's own permissions in the channel
	// (app_permissions) and, in a guild, the member's, overwrites
	// included (member.permissions); a DM has a user and no member
	// (docs.discord.com/developers/interactions/receiving-and-responding,
	// Interaction Object). The bot here may do anything: its permissions
	// never stand for a member's.
	ev["app_permissions"] = strconv.Itoa(permBitAdministrator | permBitsEveryday)
	if dm {
		ev["user"] = user
	} else {
		perms := u.Perms
		if perms == "" {
			perms = strconv.Itoa(permBitsEveryday)
		}
		ev["guild_id"] = f.guild
		ev["member"] = map[string]any{"user": user, "nick": u.Nick, "permissions": perms}
	}
	if on != nil {
		ev["message"] = on.json(f.botID)
	}
	f.mu.Unlock()
	f.dispatch("INTERACTION_CREATE", ev)
	return in, done
}

func (f *fake) markDone(id string) {
	f.mu.Lock()
	ch := f.doneCh[id]
	delete(f.doneCh, id)
	f.mu.Unlock()
	if ch != nil {
		close(ch)
	}
}

// ---- queries ----

// channelMsgs lists the live messages of a channel, oldest first.
func (f *fake) channelMsgs(ch string) []*fmsg {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []*fmsg
	for _, m := range f.order {
		if m.Channel == ch && !m.Deleted {
			out = append(out, m)
		}
	}
	return out
}

// lastWith is the last live message of a channel holding s (and, when
// user is set, seen by that user).
func (f *fake) lastWith(ch, user, s string) *fmsg {
	msgs := f.channelMsgs(ch)
	for i := len(msgs) - 1; i >= 0; i-- {
		m := msgs[i]
		if user != "" && m.For != "" && m.For != user {
			continue
		}
		if strings.Contains(m.text(), s) {
			return m
		}
	}
	return nil
}

// hand is the user's last hand DM: "your hand", or "your turn" when the
// hand calls him to play.
func (f *fake) hand(user string) *fmsg {
	if m := f.lastWith(f.dmOf(user), "", "— your "); m != nil {
		return m
	}
	return nil
}

func (f *fake) snapshot(m *fmsg) *fmsg {
	f.mu.Lock()
	defer f.mu.Unlock()
	cp := *m
	return &cp
}

func (f *fake) get(id string) *fmsg {
	f.mu.Lock()
	defer f.mu.Unlock()
	cp := *f.msgs[id]
	return &cp
}

func (f *fake) dmOf(user string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.dms[user]
}

func (f *fake) all() []*fmsg {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]*fmsg, len(f.order))
	for i, m := range f.order {
		cp := *m
		out[i] = &cp
	}
	return out
}
