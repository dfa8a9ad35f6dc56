package telegram

import (
	"context"
	"encoding/json"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// A stop (SIGTERM) must end within seconds whatever the backlog: docker
// kills a container 10 s after its stop signal, and systemd 90 s. So the
// adapter stops playing at once: each chat finishes the update it is
// playing (its move saved and answered, within answerGrace), and the
// updates queued behind it are left unplayed, never lost:
//
//   - with getUpdates, the offset sent to Telegram never passes an update
//     fetched but not played yet ("An update is considered confirmed as
//     soon as getUpdates is called with an offset higher than its
//     update_id", core.telegram.org/bots/api#getupdates): Telegram gives
//     them again after the restart;
//   - with the webhook, they are answered 503, and Telegram posts them
//     again ("In case of an unsuccessful request (a request with response
//     HTTP status code different from 2XY), we will repeat the request",
//     core.telegram.org/bots/api#setwebhook).
//
// Chats are played in parallel, so updates after the first one not played
// may have been played: Telegram gives them again too, and the store's
// record of the updates played (Options.Seen) drops them. getUpdates gives
// a hundred updates at most: when a hundred are in hand at once, they are
// confirmed so that newer ones come (offset), and a stop keeps those not
// played yet in Options.Pending.

// answerGrace is how long the updates being played when the stop begins
// have to send their answers: past it, an answer still waiting for its
// turn within Telegram's limits is not sent, and its update is not
// recorded as played, so that it comes again; one whose move was saved
// was recorded played with the move (bot.Event), and is dropped when it
// comes again: the board the move saved is shown at the next start.
// stopWithin bounds the requests under way, and the sending of what is
// queued: the stop ends within docker's 10 s.
const (
	answerGrace = 3 * time.Second
	stopWithin  = 7 * time.Second
)

// busyPoll is the pause between two getUpdates while updates are in hand
// and the last call brought nothing new: Telegram answers at once then
// (the updates in hand are not confirmed), so it is not a long poll.
const busyPoll = 100 * time.Millisecond

// maxPollBatch is the most updates one getUpdates returns ("Values between
// 1-100 are accepted. Defaults to 100", getUpdates).
const maxPollBatch = 100

// stopState is what the adapter knows of its stop and of the updates it
// holds.
type stopState struct {
	once     sync.Once
	stopping chan struct{} // closed when the stop begins
	play     context.Context
	cut      context.CancelFunc // ends play, answerGrace after the stop began
	hard     context.Context    // every request to Telegram
	hardCut  context.CancelFunc // ends hard, stopWithin after the stop began

	mu     sync.Mutex
	inHand map[int]bool // update ids fetched and not played yet (polling)
	raws   map[int]json.RawMessage
	next   int // one past the highest update id fetched
	// aside are the updates confirmed before they were played (a whole
	// batch in hand, or read from Options.Pending): a stop keeps the ones
	// not played in Options.Pending.
	aside map[int]json.RawMessage
}

func newStopState() *stopState {
	play, cut := context.WithCancel(context.Background())
	hard, hardCut := context.WithCancel(context.Background())
	return &stopState{stopping: make(chan struct{}), play: play, cut: cut, hard: hard, hardCut: hardCut, inHand: map[int]bool{}, raws: map[int]json.RawMessage{}, aside: map[int]json.RawMessage{}}
}

// beginStop stops the playing of queued updates; the ones being played
// have answerGrace to answer.
func (a *Adapter) beginStop() {
	a.stop.once.Do(func() {
		close(a.stop.stopping)
		time.AfterFunc(answerGrace, a.stop.cut)
		time.AfterFunc(stopWithin, a.stop.hardCut)
	})
}

// cutKey marks the context of an update being played: markCut records
// there that one of its requests was not sent because the stop cut it.
type cutKey struct{}

func withCutMark(ctx context.Context) (context.Context, *atomic.Bool) {
	cut := new(atomic.Bool)
	return context.WithValue(ctx, cutKey{}, cut), cut
}

func markCut(ctx context.Context) {
	if cut, ok := ctx.Value(cutKey{}).(*atomic.Bool); ok {
		cut.Store(true)
	}
}

// stopped tells whether the stop began.
func (a *Adapter) stopped() bool {
	select {
	case <-a.stop.stopping:
		return true
	default:
		return false
	}
}

// fetched sorts the updates getUpdates returned: the new ones are in hand
// until played (settle) and returned to be dispatched; one given again
// (in hand, or played while one before it was in hand) is dropped.
// Each keeps its raw JSON, should it have to be put aside (offset).
func (a *Adapter) fetched(us []update) []update {
	s := a.stop
	s.mu.Lock()
	defer s.mu.Unlock()
	var fresh []update
	for _, u := range us {
		if u.UpdateID < s.next {
			continue
		}
		s.next = u.UpdateID + 1
		s.inHand[u.UpdateID] = true
		s.raws[u.UpdateID] = u.raw
		fresh = append(fresh, u)
	}
	return fresh
}

// settle records that an update was played (or dropped as played).
func (a *Adapter) settle(id int) {
	a.stop.mu.Lock()
	delete(a.stop.inHand, id)
	delete(a.stop.raws, id)
	delete(a.stop.aside, id)
	a.stop.mu.Unlock()
}

// offset is the offset to send getUpdates: the first update in hand,
// which confirms every update before it and none after. When a whole
// batch is in hand (a hundred updates waiting on slow chats), nothing
// newer could come: the updates in hand are confirmed then, so that other
// chats are not starved, and put aside, so that a stop keeps those not
// played yet in Options.Pending for the next run.
func (a *Adapter) offset(full bool) int {
	s := a.stop
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.inHand) == 0 || full {
		for id := range s.inHand {
			s.aside[id] = s.raws[id]
			delete(s.inHand, id)
			delete(s.raws, id)
		}
		return s.next
	}
	first := s.next
	for id := range s.inHand {
		first = min(first, id)
	}
	return first
}

// confirm sends Telegram, at the stop, the offset of the first update not
// played: the ones before it are not given again.
func (a *Adapter) confirm() {
	a.stop.mu.Lock()
	first := a.stop.next
	for id := range a.stop.inHand {
		first = min(first, id)
	}
	left := len(a.stop.inHand)
	var aside []json.RawMessage
	for _, raw := range a.stop.aside {
		aside = append(aside, raw)
	}
	a.stop.mu.Unlock()
	a.keepAside(aside)
	if first == 0 {
		return // nothing fetched
	}
	ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
	defer cancel()
	p := tgbotapi.Params{"offset": strconv.Itoa(first), "timeout": "0", "limit": "1", "allowed_updates": `["message","callback_query"]`}
	api := *a.api
	api.Client = statusDoer{ctxDoer{ctx: ctx, c: a.client}}
	if _, err := api.MakeRequest("getUpdates", p); err != nil {
		a.log.Warn("offset not confirmed at the stop: updates played come again (and are dropped as played)", "offset", first, "err", classify(nil, err, a.red))
	}
	a.log.Info("stopped polling", "offset", first, "left_to_play", left+len(aside))
}

// keepAside writes the updates confirmed but not played to
// Options.Pending, for the next run (takeAside); none removes the file.
func (a *Adapter) keepAside(raws []json.RawMessage) {
	if a.opts.Pending == "" {
		if len(raws) > 0 {
			a.log.Warn("updates confirmed but not played are lost: no file to keep them", "updates", len(raws))
		}
		return
	}
	if len(raws) == 0 {
		_ = os.Remove(a.opts.Pending)
		return
	}
	data, _ := json.Marshal(raws)
	tmp := a.opts.Pending + ".tmp"
	err := os.WriteFile(tmp, data, 0o600)
	if err == nil {
		err = os.Rename(tmp, a.opts.Pending)
	}
	if err != nil {
		a.log.Error("updates confirmed but not played are lost: not written", "path", a.opts.Pending, "updates", len(raws), "err", err)
		return
	}
	a.log.Info("updates confirmed but not played kept for the next run", "path", a.opts.Pending, "updates", len(raws))
}

// takeAside plays first the updates the last run kept (keepAside); one
// played already is dropped by the store's record (Options.Seen). They
// stay aside until played, should this run stop first too.
func (a *Adapter) takeAside(ctx context.Context) {
	if a.opts.Pending == "" {
		return
	}
	data, err := os.ReadFile(a.opts.Pending)
	if err != nil {
		return
	}
	var raws []json.RawMessage
	if err := json.Unmarshal(data, &raws); err != nil {
		a.log.Error("updates kept by the last run not read", "path", a.opts.Pending, "err", err)
		return
	}
	var us []update
	a.stop.mu.Lock()
	for _, raw := range raws {
		u, err := decodeUpdate(raw)
		if err != nil {
			continue
		}
		a.stop.aside[u.UpdateID] = raw
		us = append(us, u)
	}
	a.stop.mu.Unlock()
	a.log.Info("playing the updates kept by the last run", "updates", len(us))
	for _, u := range us {
		a.dispatch(ctx, u)
	}
}
