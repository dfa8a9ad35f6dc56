package telegram

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"sync"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// Calls whose result nothing reads ride the webhook's answers. The Bot API
// lets the answer to a webhook's POST carry one request: "If you're using
// webhooks, you can perform a request to the Bot API while sending an
// answer to the webhook. Use either application/json or
// application/x-www-form-urlencoded or multipart/form-data response
// content type for passing parameters. Specify the method to be invoked in
// the method parameter of the request. It's not possible to know that such
// a request was successful or get its result"
// (core.telegram.org/bots/api#making-requests-when-getting-updates). The
// calls a delivery makes without reading their result (an older hand's or
// board's buttons removed, an old board deleted: about one call a move of
// four) ride the next update answered 200, whichever chat it comes from,
// or go as calls of their own after riderWait: a request, and its HTTP
// round trip, the bot no longer makes.
//
// A call that rides takes its chat's place in the limits like any other
// (call): only its sending changes. The update is still answered once
// played, and only a 200 carries a call. What rides is lost with its
// answer when the answer does not reach Telegram (a proxy between that
// drops it; Telegram posts the update again, which is dropped as played):
// an older message keeps its buttons, whose press the core refuses as
// stale. That is why the answer to a pressed button does not ride, though
// the Bot API would take it: it is what the player's app waits on, and
// the update's own answer is the one that, lost, is posted again and
// dropped. getUpdates has no answer to ride: there every call is made.

// riderWait is the longest a call waits for an answer to ride: an older
// hand whose buttons are removed a tenth of a second later can only be
// pressed meanwhile, and the press is refused as stale by the core.
const riderWait = 100 * time.Millisecond

// maxRiders bounds the calls waiting for an answer; past it, calls go on
// their own.
const maxRiders = 1024

// rider is a call waiting to ride a webhook's answer.
type rider struct {
	method string
	params tgbotapi.Params
	since  time.Time
}

// form is the rider as the answer's body,
// application/x-www-form-urlencoded, as the library sends its requests.
func (r rider) form() []byte {
	v := url.Values{"method": {r.method}}
	for k, p := range r.params {
		v.Set(k, p)
	}
	return []byte(v.Encode())
}

// riders are the calls waiting, oldest first.
type riders struct {
	mu    sync.Mutex
	q     []rider
	timer *time.Timer // armed while q is not empty
}

// requestUnread makes a call whose result is not read: in webhook mode it
// rides an answer (above), else it is a request like any other. Only its
// errors before sending (a limit's wait cut) are returned when it rides.
func (a *Adapter) requestUnread(ctx context.Context, chat int64, maxWait time.Duration, method string, p tgbotapi.Params) *apiError {
	if a.opts.Mode != "webhook" || a.stopped() || a.ridersFull() {
		_, e := a.request(ctx, chat, maxWait, method, p)
		return e
	}
	_, e := a.call(ctx, chat, maxWait, method, func() (*tgbotapi.APIResponse, error) {
		a.queueRider(rider{method: method, params: p, since: time.Now()})
		return &tgbotapi.APIResponse{Ok: true, Result: json.RawMessage("true")}, nil
	})
	return e
}

func (a *Adapter) ridersFull() bool {
	a.rides.mu.Lock()
	defer a.rides.mu.Unlock()
	return len(a.rides.q) >= maxRiders
}

// queueRider puts a call in the queue of the next answers.
func (a *Adapter) queueRider(r rider) {
	rs := &a.rides
	rs.mu.Lock()
	defer rs.mu.Unlock()
	rs.q = append(rs.q, r)
	if rs.timer == nil {
		rs.timer = time.AfterFunc(a.opts.riderWait, func() { a.sendRiders(false) })
	}
}

// answerHook answers an update played: 200, with the oldest call waiting
// riding it, if any.
func (a *Adapter) answerHook(w http.ResponseWriter) {
	rs := &a.rides
	rs.mu.Lock()
	var r *rider
	if len(rs.q) > 0 {
		r = &rs.q[0]
		rs.q = rs.q[1:]
	}
	rs.mu.Unlock()
	if r == nil {
		w.WriteHeader(http.StatusOK)
		return
	}
	w.Header().Set("Content-Type", "application/x-www-form-urlencoded")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(r.form())
}

// sendRiders sends as calls of their own the calls that waited riderWait
// for an answer (all of them: at the stop), and arms the timer for the
// next.
func (a *Adapter) sendRiders(all bool) {
	rs := &a.rides
	rs.mu.Lock()
	now := time.Now()
	n := 0
	for n < len(rs.q) && (all || now.Sub(rs.q[n].since) >= a.opts.riderWait) {
		n++
	}
	due := append([]rider(nil), rs.q[:n]...)
	rs.q = rs.q[n:]
	rs.timer = nil
	if len(rs.q) > 0 {
		rs.timer = time.AfterFunc(a.opts.riderWait-now.Sub(rs.q[0].since), func() { a.sendRiders(false) })
	}
	rs.mu.Unlock()
	for _, r := range due {
		// Its place in the limits was taken when it was made (requestUnread).
		if _, err := a.bounded().MakeRequest(r.method, r.params); err != nil {
			a.log.Debug("call that waited for a webhook answer failed", "method", r.method, "err", a.red.Error(err))
		}
	}
}
