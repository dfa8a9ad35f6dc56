package i18n

import (
	"encoding/json"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// Messages are saved inside game states (the last move, told again after a
// reload), so a Msg round-trips through JSON with its arguments' kinds
// intact: a seat stays a seat, a nested message stays a message.
type jsonMsg struct {
	Key  string    `json:"k"`
	Args []jsonArg `json:"a,omitempty"`
}

type jsonArg struct {
	Str  *string `json:"s,omitempty"`
	Int  *int64  `json:"n,omitempty"`
	Seat *int    `json:"seat,omitempty"`
	Msg  *Msg    `json:"m,omitempty"`
}

// MarshalJSON keeps strings, integers, seats and nested messages; any other
// argument is saved as its printed text. It writes what encoding/json
// writes of a jsonMsg, byte for byte, without its reflection and the
// allocations of a jsonMsg: messages are in every game state, saved at
// every move.
func (m Msg) MarshalJSON() ([]byte, error) {
	return m.appendJSON(make([]byte, 0, 64)), nil
}

func (m Msg) appendJSON(b []byte) []byte {
	b = append(b, `{"k":`...)
	b = appendJSONString(b, m.Key)
	if len(m.Args) == 0 {
		return append(b, '}')
	}
	b = append(b, `,"a":[`...)
	for i, a := range m.Args {
		if i > 0 {
			b = append(b, ',')
		}
		switch v := a.(type) {
		case string:
			b = appendJSONString(append(b, `{"s":`...), v)
		case int:
			b = strconv.AppendInt(append(b, `{"n":`...), int64(v), 10)
		case int64:
			b = strconv.AppendInt(append(b, `{"n":`...), v, 10)
		case int32:
			b = strconv.AppendInt(append(b, `{"n":`...), int64(v), 10)
		case uint64:
			b = strconv.AppendInt(append(b, `{"n":`...), int64(v), 10)
		case Seat:
			b = strconv.AppendInt(append(b, `{"seat":`...), int64(v), 10)
		case Msg:
			b = v.appendJSON(append(b, `{"m":`...))
		default:
			b = appendJSONString(append(b, `{"s":`...), fmt.Sprint(v))
		}
		b = append(b, '}')
	}
	return append(b, "]}"...)
}

// appendJSONString writes s as encoding/json.Marshal does: quoted, with
// <, > and & escaped for HTML, invalid UTF-8 as U+FFFD and U+2028 and
// U+2029 escaped.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// UnmarshalJSON reads what MarshalJSON wrote; integers come back as int.
func (m *Msg) UnmarshalJSON(data []byte) error {
	var in jsonMsg
	if err := json.Unmarshal(data, &in); err != nil {
		return err
	}
	m.Key, m.Args = in.Key, nil
	for _, a := range in.Args {
		switch {
		case a.Str != nil:
			m.Args = append(m.Args, *a.Str)
		case a.Int != nil:
			m.Args = append(m.Args, int(*a.Int))
		case a.Seat != nil:
			m.Args = append(m.Args, Seat(*a.Seat))
		case a.Msg != nil:
			m.Args = append(m.Args, *a.Msg)
		default:
			return fmt.Errorf("i18n: message %q: empty argument", in.Key)
		}
	}
	return nil
}

// AppendJSON appends what MarshalJSON writes to b: a game state that
// writes its JSON itself writes its messages with it.
func (m Msg) AppendJSON(b []byte) []byte { return m.appendJSON(b) }
