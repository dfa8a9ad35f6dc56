package jsonw

import (
	"fmt"
	"testing"

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
