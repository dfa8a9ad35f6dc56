package telegram

import (
	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// Bot API 7.0 (core.telegram.org/bots/api-changelog, December 29, 2023)
// replaced disable_web_page_preview by link_preview_options (sendMessage,
// editMessageText) and reply_to_message_id with allow_sending_without_reply
// by reply_parameters (sendMessage, sendPhoto and the other send methods).
// The library (telegram-bot-api v5.5.1) predates 7.0 and knows neither
// object: the adapter passes them as raw parameters, JSON-serialised as
// the Bot API asks for objects (core.telegram.org/bots/api#making-requests).

// linkPreviewOptions is the Bot API's LinkPreviewOptions, of which the
// adapter needs one field (core.telegram.org/bots/api#linkpreviewoptions).
type linkPreviewOptions struct {
	IsDisabled bool `json:"is_disabled"`
}

// replyParameters is the Bot API's ReplyParameters
// (core.telegram.org/bots/api#replyparameters).
type replyParameters struct {
	MessageID int `json:"message_id"`
	// AllowSendingWithoutReply: "Pass True if the message should be sent
	// even if the specified message to be replied to is not found".
	AllowSendingWithoutReply bool `json:"allow_sending_without_reply,omitempty"`
}

// noLinkPreview asks for a text without a link preview: the messages of
// the bot hold tg://user mentions and join links that would otherwise
// unfold into a preview card.
func noLinkPreview(p tgbotapi.Params) {
	p["link_preview_options"] = linkPreviewOff
}

// replyTo makes the message a reply to msgID in the same chat, sent all
// the same when that message was deleted meanwhile. 0 is no reply.
func replyTo(p tgbotapi.Params, msgID int) {
	if msgID == 0 {
		return
	}
	p["reply_parameters"] = replyJSON(msgID)
}
