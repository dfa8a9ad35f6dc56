package jsonw

import (
	"fmt"
	"testing"
	"time"

	"github.com/tablee/tablee/internal/jsonw/jsonwtest"
)

// AppendString writes what json.Marshal writes of a string.
func TestAppendStringIsMarshal(t *testing.T) {
	for _, s := range []string{"", "plain", `quote " and \ back`, "<b>&amp;</b>", "\x00\x01\x1f\t\n\r\b\f",
		"é ★ 日本", "bad \xff utf8 \xc3", "\u2028 and \u2029", "\x7f"} {
		checkString(t, s)
	}
}

func FuzzAppendString(f *testing.F) {
	f.Add("<a href=\"x\">é\u2028\xff</a>")
	f.Fuzz(checkString)
}

func checkString(t *testing.T, s string) {
	jsonwtest.SameAsMarshal(t, fmt.Sprintf("%q", s), s, AppendString(nil, s))
	if got := AppendString([]byte("x"), s); string(got[1:]) != string(AppendString(nil, s)) || got[0] != 'x' {
		t.Fatalf("%q: AppendString did not append: %s", s, got)
	}
}

// The map writers write what json.Marshal writes of a map: keys sorted as
// the strings they are written as, nil as null, empty as {}.
func TestAppendMapIsMarshal(t *testing.T) {
	strs := []map[string]string{nil, {}, {"b": "1", "a": "<&>", "": "", "B": "x", "é": "\u2028", "\xff": "bad"}}
	for _, m := range strs {
		jsonwtest.SameAsMarshal(t, fmt.Sprintf("%q", m), m, AppendStringMap(nil, m, AppendString))
	}
	ints := []map[int][]int{nil, {}, {10: {1}, 2: nil, -1: {}, 1: {3, 4}, 0: {0}, 11: {5}, -10: {6}, 100: {7}}}
	for _, m := range ints {
		each := func(b []byte, xs []int) []byte { return AppendArray(b, xs, AppendInt[int]) }
		jsonwtest.SameAsMarshal(t, fmt.Sprint(m), m, AppendIntMap(nil, m, each))
	}
	// More keys than the writers keep on the stack.
	big := map[int8]string{}
	for k := range int8(40) {
		big[k-20] = fmt.Sprint(k)
	}
	jsonwtest.SameAsMarshal(t, "40 keys", big, AppendIntMap(nil, big, AppendString))
}

// AppendTime writes what time.Time's MarshalJSON writes, and refuses what
// it refuses, leaving b as it was.
func TestAppendTimeIsMarshal(t *testing.T) {
	for _, at := range []time.Time{{}, time.Now(), time.Date(2026, 1, 2, 3, 4, 5, 600, time.UTC),
		time.Date(9999, 12, 31, 23, 59, 59, 999999999, time.FixedZone("", -(23*3600+59*60+59))),
		time.Date(2026, 6, 1, 0, 0, 0, 0, time.FixedZone("X", 5*3600+30*60)), time.Unix(0, 0).Local()} {
		got, err := AppendTime(nil, at)
		if err != nil {
			t.Fatal(err)
		}
		jsonwtest.SameAsMarshal(t, at.String(), at, got)
	}
	for _, at := range []time.Time{time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(2026, 1, 1, 0, 0, 0, 0, time.FixedZone("", 24*3600))} {
		_, want := at.MarshalJSON()
		got, err := AppendTime([]byte("x"), at)
		if err == nil || want == nil || err.Error() != want.Error() || string(got) != "x" {
			t.Fatalf("%s: %q, %v; MarshalJSON: %v", at, got, err, want)
		}
	}
}
