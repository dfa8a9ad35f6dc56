package discord

import (
	"context"
	"encoding/json"

	"github.com/bwmarrin/discordgo"
)

// A message's picture is a file of the request, the part files[0] of a
// multipart/form-data body beside payload_json, and an entry of the
// message's "attachments" that names it: id 0 ("for new attachments this
// must match the n in files[n]"), its file name and its description, the
// alt text a screen reader reads ("description (alt text) for the file
// (max 1024 characters)"). Discord's developer documentation, Message
// resource, "Attachment Request Structure" and "Edit Message"; Reference,
// "Uploading Files" and "Editing Message Attachments".
//
// The list matters most on an edit: "Starting with API v10, the
// attachments array must contain all attachments that should be present
// after edit, including retained and new attachments provided in the
// request body". An edit that sends a new picture with "attachments": []
// loses the picture there; API v9, which discordgo v0.29 still speaks
// (discordgo.APIVersion), keeps it, but tolerates the list as well, so the
// adapter lists its files the v10 way whichever version it speaks.
//
// discordgo cannot say this: its MessageAttachment has no description,
// and it would send every field of a received attachment (url, size,
// waveform…) as if they were asked for. So a request that carries a
// picture is made here, as discordgo would make it (its multipart body,
// the endpoint and rate-limit bucket its own method uses), with
// discordgo's body wrapped so that "attachments" is the adapter's list.
// Requests without a picture still go through discordgo's methods.

// attachmentRequest is one entry of "attachments" in a request.
type attachmentRequest struct {
	ID          string `json:"id"`
	Filename    string `json:"filename"`
	Description string `json:"description,omitempty"`
}

// attachments is the list of a request that carries m: its picture, or
// none (on an edit, the old picture goes).
func (m message) attachments() []attachmentRequest {
	if len(m.picture) == 0 {
		return []attachmentRequest{}
	}
	return []attachmentRequest{{ID: "0", Filename: m.pictureAs, Description: m.alt}}
}

// The bodies of discordgo's requests, with their attachments replaced: an
// outer field hides the embedded struct's field of the same JSON name
// (encoding/json: the least nested field wins).
type (
	sendBody struct {
		*discordgo.MessageSend
		Attachments []attachmentRequest `json:"attachments"`
	}
	editBody struct {
		*discordgo.MessageEdit
		Attachments []attachmentRequest `json:"attachments"`
	}
	webhookParamsBody struct {
		*discordgo.WebhookParams
		Attachments []attachmentRequest `json:"attachments"`
	}
	webhookEditBody struct {
		*discordgo.WebhookEdit
		Attachments []attachmentRequest `json:"attachments"`
	}
	responseBody struct {
		Type discordgo.InteractionResponseType `json:"type"`
		Data responseDataBody                  `json:"data"`
	}
	responseDataBody struct {
		*discordgo.InteractionResponseData
		Attachments []attachmentRequest `json:"attachments"`
	}
)

// upload makes a request that carries m's picture: body as payload_json,
// the picture as files[0] (discordgo.MultipartBodyWithJSON), through the
// session's rate limiter under bucket.
func (a *Adapter) upload(ctx context.Context, method, uri, bucket string, body any, m message) ([]byte, error) {
	contentType, b, err := discordgo.MultipartBodyWithJSON(body, m.files())
	if err != nil {
		return nil, err
	}
	return a.s.RequestRaw(method, uri, contentType, b, bucket, 0, discordgo.WithContext(ctx))
}

// uploadMessage is upload for a request that answers with the message.
func (a *Adapter) uploadMessage(ctx context.Context, method, uri, bucket string, body any, m message) (*discordgo.Message, error) {
	data, err := a.upload(ctx, method, uri, bucket, body, m)
	if err != nil {
		return nil, err
	}
	var msg *discordgo.Message
	if err := json.Unmarshal(data, &msg); err != nil {
		return nil, err
	}
	return msg, nil
}
