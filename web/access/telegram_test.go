package access

import (
	"errors"
	"maps"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"
)

const botToken = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"

// initDataVector was signed outside Go, by Telegram's documented algorithm
// written in Python (hmac, hashlib), with botToken, fields in the order a
// client sends them and URL-encoded as Telegram.WebApp.initData holds them
// (%-escapes, UTF-8): an independent check of ours. auth_date is now.
const initDataVector = "query_id=AAHdF6IQAAAAAN0XohDhrOrc" +
	"&user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22%C3%89lodie%22%2C%22last_name%22%3A%22Martin%22%2C%22username%22%3A%22elodie%22%2C%22language_code%22%3A%22fr%22%2C%22allows_write_to_pm%22%3Atrue%7D" +
	"&auth_date=1772395200&start_param=table-42" +
	"&hash=cedfe26180159407c2a5ed3e1efec6cddfdcbdfa249c2887bada3d5e8bf21571"

const maxAge = 24 * time.Hour

func TestInitDataVector(t *testing.T) {
	d, err := ValidateInitData(initDataVector, botToken, now, maxAge)
	if err != nil {
		t.Fatal(err)
	}
	want := TelegramUser{ID: 279058397, FirstName: "Élodie", LastName: "Martin", Username: "elodie", LanguageCode: "fr"}
	if d.User != want || !d.AuthDate.Equal(now) || d.StartParam != "table-42" {
		t.Errorf("got %+v", d)
	}
	fields, _ := url.ParseQuery(initDataVector)
	if h := SignInitData(fields, botToken); h != fields.Get("hash") {
		t.Errorf("SignInitData = %s, want %s", h, fields.Get("hash"))
	}
	if _, err := ValidateInitData(initDataVector, "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaW", now, maxAge); !errors.Is(err, ErrInitDataForged) {
		t.Errorf("another bot's token: %v", err)
	}
}

// TestInitDataPublishedVector: the example init data the Telegram Mini Apps
// community publishes with its libraries (docs.telegram-mini-apps.com; its
// Go package's tests), with its bot token: Telegram's own page gives none.
func TestInitDataPublishedVector(t *testing.T) {
	const (
		data  = "query_id=AAHdF6IQAAAAAN0XohDhrOrc&user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%22%2C%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22%2C%22is_premium%22%3Atrue%7D&auth_date=1662771648&hash=c501b71e775f74ce10e377dea85a7ea24ecd640b223ea86dfe453e0eaed2e2b2"
		token = "5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8"
	)
	signed := time.Unix(1662771648, 0)
	d, err := ValidateInitData(data, token, signed.Add(time.Minute), maxAge)
	if err != nil {
		t.Fatal(err)
	}
	if d.User.ID != 279058397 || d.User.FirstName != "Vladislav" || d.User.LanguageCode != "ru" {
		t.Errorf("got %+v", d.User)
	}
	if _, err := ValidateInitData(data, token, signed.Add(maxAge+time.Second), maxAge); !errors.Is(err, ErrInitDataExpired) {
		t.Errorf("a day and a second later: %v", err)
	}
}

// TestInitDataChangedFieldIsForged: any field's value changed, a field
// added or removed, and the data is not Telegram's.
func TestInitDataChangedFieldIsForged(t *testing.T) {
	fields, _ := url.ParseQuery(initDataVector)
	for k := range fields {
		if k == "hash" {
			continue
		}
		changed := maps.Clone(fields)
		changed.Set(k, fields.Get(k)+"1")
		if _, err := ValidateInitData(changed.Encode(), botToken, now, maxAge); !errors.Is(err, ErrInitDataForged) {
			t.Errorf("%s changed: %v", k, err)
		}
		removed := maps.Clone(fields)
		removed.Del(k)
		if _, err := ValidateInitData(removed.Encode(), botToken, now, maxAge); !errors.Is(err, ErrInitDataForged) {
			t.Errorf("%s removed: %v", k, err)
		}
	}
	added := maps.Clone(fields)
	added.Set("chat_type", "private")
	if _, err := ValidateInitData(added.Encode(), botToken, now, maxAge); !errors.Is(err, ErrInitDataForged) {
		t.Errorf("a field added: %v", err)
	}
	other := strings.Replace(initDataVector, "279058397", "279058398", 1)
	if _, err := ValidateInitData(other, botToken, now, maxAge); !errors.Is(err, ErrInitDataForged) {
		t.Errorf("another user id: %v", err)
	}
	twice := initDataVector + "&user=%7B%22id%22%3A1%7D"
	if _, err := ValidateInitData(twice, botToken, now, maxAge); !errors.Is(err, ErrInitDataForged) {
		t.Errorf("user given twice: %v", err)
	}
}

func TestInitDataHash(t *testing.T) {
	noHash := initDataVector[:strings.Index(initDataVector, "&hash=")]
	for name, data := range map[string]string{
		"no hash":      noHash,
		"empty hash":   noHash + "&hash=",
		"hash not hex": noHash + "&hash=zz",
		"short hash":   initDataVector[:len(initDataVector)-2],
		"zero hash":    noHash + "&hash=" + strings.Repeat("0", 64),
		"not a query":  "%zz",
		"empty":        "",
	} {
		if _, err := ValidateInitData(data, botToken, now, maxAge); !errors.Is(err, ErrInitDataForged) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestInitDataAge(t *testing.T) {
	if _, err := ValidateInitData(initDataVector, botToken, now.Add(maxAge), maxAge); err != nil {
		t.Errorf("exactly maxAge old: %v", err)
	}
	if _, err := ValidateInitData(initDataVector, botToken, now.Add(maxAge+time.Second), maxAge); !errors.Is(err, ErrInitDataExpired) {
		t.Errorf("a second older than maxAge: %v", err)
	}
	// Genuine data dated ahead of our clock by more than the skew.
	if _, err := ValidateInitData(initDataVector, botToken, now.Add(-2*clockSkew), maxAge); !errors.Is(err, ErrInitDataExpired) {
		t.Errorf("from the future: %v", err)
	}
	// An old auth_date signed anew is still old: the age is read from the
	// signed field, not from anything the client adds.
	fields, _ := url.ParseQuery(initDataVector)
	fields.Set("auth_date", strconv.FormatInt(now.Add(-maxAge-time.Minute).Unix(), 10))
	fields.Set("hash", SignInitData(fields, botToken))
	if _, err := ValidateInitData(fields.Encode(), botToken, now, maxAge); !errors.Is(err, ErrInitDataExpired) {
		t.Errorf("old auth_date: %v", err)
	}
	fields.Set("auth_date", "yesterday")
	fields.Set("hash", SignInitData(fields, botToken))
	if _, err := ValidateInitData(fields.Encode(), botToken, now, maxAge); !errors.Is(err, ErrInitDataExpired) {
		t.Errorf("auth_date not a number: %v", err)
	}
}

// TestInitDataEncoding: values holding what a query string escapes (&, =,
// +, spaces, a line feed, accents) are checked on their decoded text,
// whichever way they were escaped.
func TestInitDataEncoding(t *testing.T) {
	fields := url.Values{
		"auth_date":   {strconv.FormatInt(now.Unix(), 10)},
		"user":        {`{"id":7,"first_name":"Jean-René & Cie = 1+1","language_code":"en"}`},
		"start_param": {"a b\nc"},
	}
	fields.Set("hash", SignInitData(fields, botToken))
	plus := fields.Encode() // spaces as +
	percent := strings.ReplaceAll(plus, "+", "%20")
	for _, data := range []string{plus, percent} {
		d, err := ValidateInitData(data, botToken, now, maxAge)
		if err != nil {
			t.Fatalf("%s: %v", data, err)
		}
		if d.User.ID != 7 || d.User.FirstName != "Jean-René & Cie = 1+1" || d.User.LanguageCode != "en" || d.StartParam != "a b\nc" {
			t.Errorf("%s: %+v", data, d)
		}
	}
}

func TestInitDataWithoutUser(t *testing.T) {
	for _, user := range []string{"", "{}", `{"id":"7"}`, "not json"} {
		fields := url.Values{"auth_date": {strconv.FormatInt(now.Unix(), 10)}}
		if user != "" {
			fields.Set("user", user)
		}
		fields.Set("hash", SignInitData(fields, botToken))
		if _, err := ValidateInitData(fields.Encode(), botToken, now, maxAge); !errors.Is(err, ErrInitDataNoUser) {
			t.Errorf("user %q: %v", user, err)
		}
	}
}

// FuzzValidateInitData: no init data of any shape makes validation panic,
// and nothing but the signed vector's own fields is accepted.
func FuzzValidateInitData(f *testing.F) {
	f.Add(initDataVector)
	for _, s := range []string{"", "hash=", "a=1&a=2", "%", ";", "user=%7B&hash=00", "auth_date=-1&hash=" + strings.Repeat("f", 64)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		d, err := ValidateInitData(data, botToken, now, maxAge)
		if err != nil {
			return
		}
		if d.User.ID != 279058397 {
			t.Fatalf("%q accepted as %+v", data, d)
		}
	})
}
