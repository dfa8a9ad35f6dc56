package telegram

import (
	"context"
	"strconv"
	"sync"
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
// record of the updates played (Options.Seen) drops them.

// answerGrace is how long the updates being played when the stop begins
// have to send their answers; past it their sends are cut (their moves
// are saved already: the board and hands come from the outbox).
const answerGrace = 3 * time.Second

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

	mu     sync.Mutex
	inHand map[int]bool // update ids fetched and not played yet (polling)
	next   int          // one past the highest update id fetched
	risked bool         // updates in hand were confirmed (logged once)
}

func newStopState() *stopState {
	play, cut := context.WithCancel(context.Background())
	return &stopState{stopping: make(chan struct{}), play: play, cut: cut, inHand: map[int]bool{}}
}

// beginStop stops the playing of queued updates; the ones being played
// have answerGrace to answer.
func (a *Adapter) beginStop() {
	a.stop.once.Do(func() {
		close(a.stop.stopping)
		time.AfterFunc(answerGrace, a.stop.cut)
	})
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
		fresh = append(fresh, u)
	}
	return fresh
}

// settle records that an update was played (or dropped as played).
func (a *Adapter) settle(id int) {
	a.stop.mu.Lock()
	delete(a.stop.inHand, id)
	a.stop.mu.Unlock()
}

// offset is the offset to send getUpdates: the first update in hand,
// which confirms every update before it and none after. When a whole
// batch is in hand (a hundred updates waiting on slow chats), nothing
// newer could come: the updates in hand are confirmed then, so that other
// chats are not starved, at the risk of losing them to a stop (logged).
func (a *Adapter) offset(full bool) int {
	s := a.stop
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.inHand) == 0 || full {
		if len(s.inHand) > 0 && !s.risked {
			s.risked = true
			a.log.Warn("a whole getUpdates batch is waiting to be played: confirmed to fetch newer ones; a stop now would lose them", "in_hand", len(s.inHand))
		}
		for id := range s.inHand {
			delete(s.inHand, id) // confirmed: no longer kept below the offset
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
	a.stop.mu.Unlock()
	if first == 0 {
		return // nothing fetched
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	p := tgbotapi.Params{"offset": strconv.Itoa(first), "timeout": "0", "limit": "1", "allowed_updates": `["message","callback_query"]`}
	if _, err := a.apiFor(ctx).MakeRequest("getUpdates", p); err != nil {
		a.log.Warn("offset not confirmed at the stop: updates played come again (and are dropped as played)", "offset", first, "err", classify(nil, err, a.red))
	}
	a.log.Info("stopped polling", "offset", first, "left_to_play", left)
}
