package i18n

import (
	"encoding/json"
	"fmt"
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
// argument is saved as its printed text.
func (m Msg) MarshalJSON() ([]byte, error) {
	out := jsonMsg{Key: m.Key}
	for _, a := range m.Args {
		var j jsonArg
		switch v := a.(type) {
		case string:
			j.Str = &v
		case int:
			n := int64(v)
			j.Int = &n
		case int64:
			j.Int = &v
		case int32:
			n := int64(v)
			j.Int = &n
		case uint64:
			n := int64(v)
			j.Int = &n
		case Seat:
			n := int(v)
			j.Seat = &n
		case Msg:
			j.Msg = &v
		default:
			s := fmt.Sprint(v)
			j.Str = &s
		}
		out.Args = append(out.Args, j)
	}
	return json.Marshal(out)
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
