package games

import (
	"errors"
	"testing"

	"github.com/tablee/tablee/i18n"
)

type counter struct{ n int }

func TestApplyOnCopy(t *testing.T) {
	cur := &counter{n: 1}
	play := func(err error) func(*counter) ([]Event, error) {
		return func(c *counter) ([]Event, error) {
			c.n++
			if err != nil {
				return nil, err
			}
			return []Event{{To: Everyone, Msg: i18n.T("x.ok")}}, nil
		}
	}
	// A refusal is returned as it is and the copy is dropped.
	orig := cur
	evs, err := ApplyOnCopy(&cur, &counter{n: cur.n}, play(Refuse("x.no", 3)), "x.syntax", "m")
	var r *Refusal
	if evs != nil || !errors.As(err, &r) || r.Msg.Key != "x.no" || cur != orig || cur.n != 1 {
		t.Fatalf("refusal: %v %v %+v", evs, err, cur)
	}
	// Any other error becomes the syntax refusal, with the move.
	_, err = ApplyOnCopy(&cur, &counter{n: cur.n}, play(errors.New("parse")), "x.syntax", "m")
	if !errors.As(err, &r) || r.Msg.Key != "x.syntax" || len(r.Msg.Args) != 1 || r.Msg.Args[0] != "m" || cur != orig {
		t.Fatalf("syntax: %v %+v", err, cur)
	}
	// An accepted move replaces the state by the copy.
	evs, err = ApplyOnCopy(&cur, &counter{n: cur.n}, play(nil), "x.syntax", "m")
	if err != nil || len(evs) != 1 || cur == orig || cur.n != 2 || orig.n != 1 {
		t.Fatalf("accepted: %v %v %+v", evs, err, cur)
	}
}

func TestToEveryone(t *testing.T) {
	evs := ToEveryone([]i18n.Msg{i18n.T("a"), i18n.T("b", 1)})
	if len(evs) != 2 || evs[0].To != Everyone || evs[1].To != Everyone || evs[0].Msg.Key != "a" || evs[1].Msg.Args[0] != 1 {
		t.Fatalf("%+v", evs)
	}
	if evs := ToEveryone(nil); len(evs) != 0 {
		t.Fatalf("%+v", evs)
	}
}

func TestTold_FirstPublicMessageIsTheSummary(t *testing.T) {
	var last i18n.Msg
	told := Told{Last: &last}
	told.Private(1, "x.private")
	told.Public("x.first", 1)
	told.Public("x.second")
	if last.Key != "x.first" || len(told.Events) != 3 || told.Events[0].To != 1 || told.Events[1].To != Everyone {
		t.Fatalf("last %+v, events %+v", last, told.Events)
	}
}
