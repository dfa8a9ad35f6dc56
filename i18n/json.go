package i18n

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/tablee/tablee/internal/jsonw"
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
	b = jsonw.AppendString(b, m.Key)
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
			b = jsonw.AppendString(append(b, `{"s":`...), v)
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
			b = jsonw.AppendString(append(b, `{"s":`...), fmt.Sprint(v))
		}
		b = append(b, '}')
	}
	return append(b, "]}"...)
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
