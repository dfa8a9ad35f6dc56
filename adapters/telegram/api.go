package telegram

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/tablee/tablee/internal/redact"
)

// apiError is a failed request, sorted by what the adapter does about it.
type apiError struct {
	method     string // the Bot API method called
	code       int    // Telegram's error_code, 0 for a network or decoding failure
	desc       string // Telegram's description
	retryAfter time.Duration
	migrateTo  int64
	err        error
}

func (e *apiError) Error() string {
	where := "telegram: "
	if e.method != "" {
		where += e.method + ": "
	}
	switch {
	case e.code != 0 && e.desc != "":
		return fmt.Sprintf("%s%d %s", where, e.code, e.desc)
	case e.code != 0:
		return fmt.Sprintf("%s%d %s (no description)", where, e.code, http.StatusText(e.code))
	case e.err == nil || e.err.Error() == "":
		return where + "failed, with no description"
	}
	return fmt.Sprintf("%s%v", where, e.err)
}

func (e *apiError) Unwrap() error { return e.err }

// transient failures are worth retrying: the network, Telegram's 5xx.
func (e *apiError) transient() bool { return e.code == 0 || e.code >= 500 }

// notModified is 400 "message is not modified": the edit was already done.
func (e *apiError) notModified() bool {
	return e.code == 400 && strings.Contains(e.desc, "message is not modified")
}

// cannotEdit is a 400 that an edit cannot succeed: the message is gone,
// too old or not the bot's. Boards are then posted afresh.
func (e *apiError) cannotEdit() bool {
	if e.code != 400 || e.notModified() {
		return false
	}
	d := strings.ToLower(e.desc)
	for _, s := range []string{"message to edit not found", "message can't be edited", "message_id_invalid", "message to delete not found", "message not found",
		// An edit of the wrong kind: a photo's text, a text's caption or media.
		"there is no text in the message", "there is no caption in the message", "there is no media in the message"} {
		if strings.Contains(d, s) {
			return true
		}
	}
	return false
}

// unreachable says a private chat cannot be written to: the user never
// opened the bot (403 can't initiate, or 400 chat not found), blocked it,
// or deleted his account.
func (e *apiError) unreachable() bool {
	d := strings.ToLower(e.desc)
	return e.code == 403 || (e.code == 400 && strings.Contains(d, "chat not found"))
}

// classify sorts a failed request. Its error is redacted: the library's
// network errors quote the URL, and the token is in the URL's path
// (/bot<token>/method), escaped or not.
func classify(resp *tgbotapi.APIResponse, err error, red *redact.Redactor) *apiError {
	e := &apiError{err: red.Error(err)}
	var te *tgbotapi.Error
	if errors.As(err, &te) {
		e.code, e.desc = te.Code, te.Message
		if te.RetryAfter > 0 {
			e.retryAfter = time.Duration(te.RetryAfter) * time.Second
		}
		e.migrateTo = te.MigrateToChatID
	}
	// The library's UploadFiles left Error.Code empty: read it from the
	// response too.
	if resp != nil && !resp.Ok && resp.ErrorCode != 0 {
		e.code = resp.ErrorCode
		if e.desc == "" {
			e.desc = resp.Description
		}
		if p := resp.Parameters; p != nil {
			if p.RetryAfter > 0 {
				e.retryAfter = time.Duration(p.RetryAfter) * time.Second
			}
			if p.MigrateToChatID != 0 {
				e.migrateTo = p.MigrateToChatID
			}
		}
	}
	e.desc = red.String(e.desc)
	if e.code == 429 && e.retryAfter <= 0 {
		e.retryAfter = time.Second
	}
	return e
}

// call makes one request within the rate limits: chat's limit and the
// global one (chat 0: the global one only). A 429 holds the chat (or all
// requests) for retry_after and is retried when that is at most maxWait;
// network failures and 5xx are retried with back-off. do performs the
// request (MakeRequest, or upload for a photo).
func (a *Adapter) call(ctx context.Context, chat int64, maxWait time.Duration, method string, do func() (*tgbotapi.APIResponse, error)) (json.RawMessage, *apiError) {
	backoff := a.limits.RetryBackoff
	for attempt := 1; ; attempt++ {
		var release func()
		var err error
		queued := a.clock.Now()
		if chat != 0 {
			release, err = a.lim.acquire(ctx, chat)
		} else {
			release, err = a.lim.global.Acquire(ctx)
		}
		sent := a.clock.Now()
		a.obs.LimitWaited("telegram", sent.Sub(queued))
		if err != nil {
			markCut(ctx) // not sent: the stop cut its wait (stop.go)
			return nil, &apiError{method: method, err: err}
		}
		resp, err := do()
		release()
		if err == nil {
			a.obs.PlatformCall("telegram", method, http.StatusOK, a.clock.Now().Sub(sent))
			return resp.Result, nil
		}
		e := classify(resp, err, a.red)
		e.method = method
		a.obs.PlatformCall("telegram", method, e.code, a.clock.Now().Sub(sent))
		switch {
		case e.retryAfter > 0:
			w := a.lim.global
			if chat != 0 {
				w = a.lim.chat(chat)
			}
			w.Hold(e.retryAfter)
			a.log.Warn("telegram flood control", "chat", chat, "retry_after", e.retryAfter)
			if e.retryAfter > maxWait {
				return nil, e
			}
		case e.transient() && attempt < a.limits.MaxRetries && ctx.Err() == nil && !pictureMethod(method):
			a.log.Warn("telegram request failed, retrying", "chat", chat, "err", e, "in", backoff)
			select {
			case <-ctx.Done():
				markCut(ctx)
				return nil, &apiError{method: method, err: ctx.Err()}
			case <-a.clock.After(backoff):
			}
			backoff *= 2
		default:
			return nil, e
		}
	}
}

// pictureMethod tells the methods that upload a picture. They are not
// retried: a picture that fails is replaced by its text at once (the board
// would be seconds behind every move, and each retry spends the chat's
// budget of messages), and the next one is tried anew.
func pictureMethod(method string) bool { return method == "sendPhoto" || method == "editMessageMedia" }

// refusedMethod tells an error that says the server does not have the
// method at all (a Bot API server without it, a proxy that lets only some
// through): 404, 405 or 501. Asking again would only fail again.
func (e *apiError) refusedMethod() bool { return e.code == 404 || e.code == 405 || e.code == 501 }

// refuse remembers that the server refused a method, once and for all.
func (a *Adapter) refuse(method string, e *apiError) {
	a.smu.Lock()
	known := a.refused[method]
	a.refused[method] = true
	a.smu.Unlock()
	if !known {
		a.log.Warn("the Bot API server refuses a method; it is not asked again", "method", method, "err", e)
	}
}

// refusedBefore is the error of a method the server refused, nil when it
// did not.
func (a *Adapter) refusedBefore(method string) *apiError {
	a.smu.Lock()
	defer a.smu.Unlock()
	if a.refused[method] {
		return &apiError{method: method, code: 404, desc: "refused earlier by the server"}
	}
	return nil
}

// request is call with MakeRequest.
func (a *Adapter) request(ctx context.Context, chat int64, maxWait time.Duration, method string, p tgbotapi.Params) (json.RawMessage, *apiError) {
	return a.call(ctx, chat, maxWait, method, func() (*tgbotapi.APIResponse, error) { return a.bounded().MakeRequest(method, p) })
}

// upload is call with a picture: the parameters and the file as
// multipart/form-data, the file under field, named name. The body is built
// in memory and sent with its length: the library's UploadFiles streams it
// from a goroutine through a pipe, in as many chunks as the multipart
// writer makes writes (a chunk, and often a system call, each). It goes
// to the transport as a *bytes.Reader, which net/http knows to be in
// memory: it writes the request's headers and body through the
// connection's buffer (writeBuffer) in one write. A body of any other type
// (a pooled buffer that knows when the transport closed it, as an upload
// once had) has its headers flushed first, a write of their own, and then
// goes to the socket through a buffer allocated for each request: as many
// bytes allocated as a body from no pool, and a system call more.
func (a *Adapter) upload(ctx context.Context, chat int64, maxWait time.Duration, method string, p tgbotapi.Params, field, name string, data []byte) (json.RawMessage, *apiError) {
	return a.call(ctx, chat, maxWait, method, func() (*tgbotapi.APIResponse, error) {
		var buf bytes.Buffer
		buf.Grow(len(data) + 256*(len(p)+1))
		m := multipart.NewWriter(&buf)
		for k, v := range p {
			if err := m.WriteField(k, v); err != nil {
				return nil, err
			}
		}
		part, err := m.CreateFormFile(field, name)
		if err == nil {
			_, err = part.Write(data)
		}
		if err == nil {
			err = m.Close()
		}
		if err != nil {
			return nil, err
		}
		// NewRequest sets the length and GetBody, with which the
		// transport sends the request again on a new connection when the
		// one it took was closed by the server meanwhile.
		req, err := http.NewRequest(http.MethodPost, fmt.Sprintf(a.opts.APIEndpoint, a.api.Token, method), bytes.NewReader(buf.Bytes()))
		if err != nil {
			return nil, err
		}
		req.Header.Set("Content-Type", m.FormDataContentType())
		resp, err := a.bounded().Client.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		// As the library reads an answer (MakeRequest).
		var r tgbotapi.APIResponse
		if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
			return &r, err
		}
		if !r.Ok {
			var rp tgbotapi.ResponseParameters
			if r.Parameters != nil {
				rp = *r.Parameters
			}
			return &r, &tgbotapi.Error{Code: r.ErrorCode, Message: r.Description, ResponseParameters: rp}
		}
		return &r, nil
	})
}

// bounded is the library's client with its requests cut at the latest
// stopWithin after the stop began: a request Telegram is slow to answer
// does not hold the stop (stop.go). A request under way is not cut
// sooner: whether Telegram took it would be unknown.
func (a *Adapter) bounded() *tgbotapi.BotAPI {
	api := *a.api
	api.Client = statusDoer{ctxDoer{ctx: a.stop.hard, c: a.client}}
	return &api
}

// sentID reads the message id of a sent message.
func sentID(raw json.RawMessage) int {
	var m struct {
		MessageID int `json:"message_id"`
	}
	_ = json.Unmarshal(raw, &m)
	return m.MessageID
}

// statusDoer keeps the HTTP status of a failed call that did not answer
// in the Bot API's JSON (a proxy's or a load balancer's error page): the
// library would only say that the body does not decode. The answer is
// given as the Bot API's own error, its status as error_code.
type statusDoer struct{ c tgbotapi.HTTPClient }

func (d statusDoer) Do(r *http.Request) (*http.Response, error) {
	resp, err := d.c.Do(r)
	if err != nil || resp.StatusCode < 400 || strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		return resp, err
	}
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 200))
	_ = resp.Body.Close()
	desc := fmt.Sprintf("HTTP %d %s", resp.StatusCode, http.StatusText(resp.StatusCode))
	if text := strings.Join(strings.Fields(string(body)), " "); text != "" {
		desc += ": " + text
	}
	js, _ := json.Marshal(map[string]any{"ok": false, "error_code": resp.StatusCode, "description": desc})
	resp.Body = io.NopCloser(bytes.NewReader(js))
	resp.Header.Set("Content-Type", "application/json")
	resp.ContentLength = int64(len(js))
	return resp, nil
}

// ctxDoer makes the library's requests follow a context, so that stopping
// cuts a long poll short.
type ctxDoer struct {
	ctx context.Context
	c   *http.Client
}

func (d ctxDoer) Do(r *http.Request) (*http.Response, error) { return d.c.Do(r.WithContext(d.ctx)) }
