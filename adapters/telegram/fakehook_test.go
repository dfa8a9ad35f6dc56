package telegram

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"time"
)

// The fake Bot API's webhook: once setWebhook names a URL, the updates
// queued are POSTed there as Telegram does, instead of waiting for
// getUpdates (core.telegram.org/bots/api#setwebhook).

// fakeHookAttempts is how many times an update is posted before the fake
// gives up on it: "In case of an unsuccessful request (a request with
// response HTTP status code different from 2XY), we will repeat the
// request and give up after a reasonable amount of attempts" (#setwebhook;
// the number is not published, 5 is the fake's).
const fakeHookAttempts = 5

// fakeHookPause is the wait before an update is posted again (Telegram's
// is not published either).
const fakeHookPause = 20 * time.Millisecond

// fakeHook is the state of the webhook delivery, under fakeAPI.mu.
type fakeHook struct {
	client   *http.Client  // the one that trusts the webhook's TLS certificate
	stop     chan struct{} // closed when the webhook is removed or replaced
	attempts map[int]int   // update_id -> posts answered with a failure
	posts    []hookPost    // every post, in order
	gaveUp   []int         // update_ids dropped after fakeHookAttempts failures
}

// hookPost is one POST of an update to the webhook and its answer (0: no
// answer, the connection failed).
type hookPost struct {
	Update int
	Status int
}

var hookSecretChars = regexp.MustCompile(`^[A-Za-z0-9_-]{1,256}$`)

// badWebhook checks setWebhook's parameters as the Bot API documents them
// (#setwebhook): url is an "HTTPS URL to send updates to. Use an empty
// string to remove webhook integration"; secret_token is "1-256
// characters. Only characters A-Z, a-z, 0-9, _ and - are allowed". The
// descriptions are the fake's own. ("Ports currently supported for
// webhooks: 443, 80, 88, 8443" is not checked: the test's HTTPS front
// listens on a free loopback port.)
func badWebhook(p map[string]string) string {
	if u := p["url"]; u != "" && !strings.HasPrefix(u, "https://") {
		return "Bad Request: bad webhook: An HTTPS URL must be provided for webhook"
	}
	if s, ok := p["secret_token"]; ok && !hookSecretChars.MatchString(s) {
		return "Bad Request: bad webhook: secret token contains unallowed characters"
	}
	return ""
}

// setWebhook sets (or with nil or an empty url, removes) the webhook and
// (re)starts its delivery. Setting the same webhook again, as each
// process of a bot does at start, changes nothing that is queued: only
// drop_pending_updates drops updates, which tablee never passes.
func (f *fakeAPI) setWebhook(params map[string]string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.setWebhookLocked(params)
}

func (f *fakeAPI) setWebhookLocked(params map[string]string) {
	if f.hook.stop != nil {
		close(f.hook.stop)
		f.hook.stop = nil
	}
	if params["url"] == "" {
		f.webhook = nil
		return
	}
	f.webhook = params
	if f.hook.attempts == nil {
		f.hook.attempts = map[int]int{}
	}
	f.hook.stop = make(chan struct{})
	go f.deliverHook(f.hook.stop, params["url"], params["secret_token"])
}

// trustHook makes the webhook delivery use client: one that trusts the
// test's TLS certificate, as Telegram trusts a real one.
func (f *fakeAPI) trustHook(client *http.Client) {
	f.mu.Lock()
	f.hook.client = client
	f.mu.Unlock()
}

// deliverHook posts the queued updates to url one at a time, in order, the
// oldest first; an update leaves the queue once answered 2xx, or after
// fakeHookAttempts failures. (Telegram may post several at once, up to
// setWebhook's max_connections; one at a time keeps the tests readable,
// and a load balancer in front may still hand one update to two
// processes.)
func (f *fakeAPI) deliverHook(stop chan struct{}, url, secret string) {
	for {
		f.mu.Lock()
		// A webhook replaced (setWebhook again) posts nothing more, even
		// when an update came at the same time: select below may pick
		// notify over stop, and this delivery would then post with the
		// old URL and secret.
		if closed(stop) {
			f.mu.Unlock()
			return
		}
		if len(f.updates) == 0 {
			notify := f.notify
			f.mu.Unlock()
			select {
			case <-notify:
				continue
			case <-stop:
				return
			}
		}
		raw, client := f.updates[0], f.hook.client
		f.mu.Unlock()
		if client == nil {
			client = &http.Client{Timeout: 10 * time.Second}
		}
		id := updateID(raw)
		status := f.postHook(url, secret, client, raw)
		f.mu.Lock()
		if closed(stop) {
			f.mu.Unlock()
			return
		}
		f.hook.posts = append(f.hook.posts, hookPost{Update: id, Status: status})
		ok := status >= 200 && status < 300
		if !ok {
			f.hook.attempts[id]++
			if f.hook.attempts[id] >= fakeHookAttempts {
				f.hook.gaveUp = append(f.hook.gaveUp, id)
				ok = true
			}
		}
		if ok && len(f.updates) > 0 && updateID(f.updates[0]) == id {
			f.updates = f.updates[1:]
		}
		f.mu.Unlock()
		if status < 200 || status >= 300 {
			select {
			case <-time.After(fakeHookPause):
			case <-stop:
				return
			}
		}
	}
}

// postHook is one POST of an update, "a JSON-serialized Update", with
// "a header 'X-Telegram-Bot-Api-Secret-Token' with the secret token as
// content" when setWebhook had one (#setwebhook).
func (f *fakeAPI) postHook(url, secret string, client *http.Client, raw []byte) int {
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(raw))
	if err != nil {
		return 0
	}
	req.Header.Set("Content-Type", "application/json")
	if secret != "" {
		req.Header.Set("X-Telegram-Bot-Api-Secret-Token", secret)
	}
	resp, err := client.Do(req)
	if err != nil {
		return 0
	}
	f.hookAnswered(resp)
	return resp.StatusCode
}

// hookAnswered performs the request a webhook's answer carries, if any,
// and closes its body: "If you're using webhooks, you can perform a
// request to the Bot API while sending an answer to the webhook. Use
// either application/json or application/x-www-form-urlencoded or
// multipart/form-data response content type for passing parameters.
// Specify the method to be invoked in the method parameter of the
// request. It's not possible to know that such a request was successful
// or get its result"
// (core.telegram.org/bots/api#making-requests-when-getting-updates). The
// fake takes it as a call made when the answer arrived, answered to no
// one; only a 2xx answer's (an update answered otherwise is posted again,
// and Telegram does not say it performs what such an answer carries).
// The bot answers in application/x-www-form-urlencoded only.
func (f *fakeAPI) hookAnswered(resp *http.Response) {
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode < 200 || resp.StatusCode >= 300 || len(body) == 0 {
		return
	}
	if resp.Header.Get("Content-Type") != "application/x-www-form-urlencoded" {
		f.t.Errorf("webhook answered with a body of type %q", resp.Header.Get("Content-Type"))
		return
	}
	v, err := url.ParseQuery(string(body))
	method := v.Get("method")
	if err != nil || method == "" {
		f.t.Errorf("webhook answered with a body that names no method: %q", body)
		return
	}
	v.Del("method")
	req := httptest.NewRequest(http.MethodPost, "/bot"+fakeToken+"/"+method, strings.NewReader(v.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set(fakeAnswerHeader, "1")
	f.serve(httptest.NewRecorder(), req)
}

// fakeAnswerHeader marks, within the fake, a call a webhook's answer
// carried (fakeCall.Answer).
const fakeAnswerHeader = "X-Fake-Webhook-Answer"

// lastUpdateID is the update_id of the last update pushed.
func (f *fakeAPI) lastUpdateID() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return updateID(f.lastPushed)
}

func updateID(raw []byte) int {
	var u struct {
		UpdateID int `json:"update_id"`
	}
	_ = json.Unmarshal(raw, &u)
	return u.UpdateID
}

// hookPosts are the webhook posts so far, and the updates given up.
func (f *fakeAPI) hookPosts() ([]hookPost, []int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]hookPost(nil), f.hook.posts...), append([]int(nil), f.hook.gaveUp...)
}

// hold makes sendMessage to a chat wait until the function it
// returns is called: a slow Bot API, or a slow network.
func (f *fakeAPI) hold(chat int64) (release func()) {
	ch := make(chan struct{})
	f.mu.Lock()
	f.holds[chat] = ch
	f.mu.Unlock()
	return func() {
		f.mu.Lock()
		delete(f.holds, chat)
		f.mu.Unlock()
		close(ch)
	}
}

// closed tells whether a channel was closed: a webhook replaced.
func closed(ch chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}
