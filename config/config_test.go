package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
)

func noEnv(string) string { return "" }

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestDefaultIsValid(t *testing.T) {
	c := Default()
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	if c.DataDir != "./data" || c.Language != "fr" || c.Log.Level != "info" || c.Log.Format != "text" ||
		c.Deadlines.Turn != 0 || c.Deadlines.Reminder != 0 || c.Deadlines.OnExpiry != "pass" ||
		c.Discord.Enabled || c.Discord.ShardCount != 1 ||
		c.Telegram.Enabled || c.Telegram.Mode != "polling" || c.Telegram.PollTimeout.D() != 30*time.Second {
		t.Errorf("Default() = %+v", *c)
	}
	if c.DBPath() != filepath.Join("data", "tablee.db") {
		t.Errorf("DBPath = %q", c.DBPath())
	}
}

func TestEmptyFileIsDefault(t *testing.T) {
	for _, data := range []string{"", "# nothing\n", "---\n"} {
		c, err := Parse([]byte(data), "empty.yaml")
		if err != nil {
			t.Fatalf("%q: %v", data, err)
		}
		if !reflect.DeepEqual(c, Default()) {
			t.Errorf("%q gives %+v", data, c)
		}
	}
}

func TestPartialFileKeepsOtherDefaults(t *testing.T) {
	c, err := Parse([]byte("telegram:\n  enabled: true\n  token: 1:abc\ndeadlines:\n  turn: 2d\n  reminder: 12h\n"), "t.yaml")
	if err != nil {
		t.Fatal(err)
	}
	want := Default()
	want.Telegram.Enabled, want.Telegram.Token = true, "1:abc"
	want.Deadlines.Turn = Duration(48 * time.Hour)
	want.Deadlines.Reminder = Duration(12 * time.Hour)
	if !reflect.DeepEqual(c, want) {
		t.Errorf("got  %+v\nwant %+v", c, want)
	}
}

func TestExampleFile(t *testing.T) {
	path := filepath.Join("..", "config.example.yaml")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	c, err := Parse(data, path)
	if err != nil {
		t.Fatal(err)
	}
	// The example shows the defaults, every one of them.
	if !reflect.DeepEqual(c, Default()) {
		t.Errorf("example differs from Default():\n%+v\n%+v", c, Default())
	}
	var example, defaults yaml.Node
	if err := yaml.Unmarshal(data, &example); err != nil {
		t.Fatal(err)
	}
	out, err := yaml.Marshal(Default())
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(out, &defaults); err != nil {
		t.Fatal(err)
	}
	have, all := lines{}, lines{}
	index(&example, "", have)
	index(&defaults, "", all)
	for _, s := range all {
		if have.line(s) == 0 {
			t.Errorf("config.example.yaml does not show %s", s)
		}
	}
	// Every setting line is preceded by a comment.
	prev := ""
	for i, line := range strings.Split(string(data), "\n") {
		trimmed := strings.TrimSpace(line)
		if trimmed != "" && !strings.HasPrefix(trimmed, "#") && !strings.HasSuffix(trimmed, ":") &&
			!strings.HasPrefix(prev, "#") && have[i+1] != "discord.shard_count" {
			t.Errorf("config.example.yaml:%d: %q has no comment", i+1, trimmed)
		}
		prev = trimmed
	}
}

// TestUpkeepSettings: backups, retention and lobby expiry as people write
// them, with their defaults.
func TestUpkeepSettings(t *testing.T) {
	c := Default()
	if c.Backups.Every.D() != 6*time.Hour || c.Backups.Keep != 8 || c.Retention.D() != 0 || c.LobbyExpiry.D() != 7*24*time.Hour {
		t.Fatalf("defaults: backups %+v retention %v lobby_expiry %v", c.Backups, c.Retention, c.LobbyExpiry)
	}
	for _, tc := range []struct {
		yaml                    string
		every, retention, lobby time.Duration
		keep                    int
	}{
		{"backups: {every: 6h, keep: 8}\n", 6 * time.Hour, 0, 7 * 24 * time.Hour, 8},
		{"backups:\n  every: off\n", 0, 0, 7 * 24 * time.Hour, 8},
		{"backups:\n  every: Off\n  keep: 30\n", 0, 0, 7 * 24 * time.Hour, 30},
		{"backups:\n  every: 0\n", 0, 0, 7 * 24 * time.Hour, 8},
		{"backups:\n  every: 1d12h\n", 36 * time.Hour, 0, 7 * 24 * time.Hour, 8},
		{"retention: 90d\n", 6 * time.Hour, 90 * 24 * time.Hour, 7 * 24 * time.Hour, 8},
		{"retention: keep\n", 6 * time.Hour, 0, 7 * 24 * time.Hour, 8},
		{"retention: 0\n", 6 * time.Hour, 0, 7 * 24 * time.Hour, 8},
		{"lobby_expiry: 2d\n", 6 * time.Hour, 0, 48 * time.Hour, 8},
		{"lobby_expiry: 1h\n", 6 * time.Hour, 0, time.Hour, 8},
	} {
		c, err := Parse([]byte(tc.yaml), "t.yaml")
		if err != nil {
			t.Errorf("%q: %v", tc.yaml, err)
			continue
		}
		if c.Backups.Every.D() != tc.every || c.Backups.Keep != tc.keep || c.Retention.D() != tc.retention || c.LobbyExpiry.D() != tc.lobby {
			t.Errorf("%q: backups %v/%d retention %v lobby_expiry %v", tc.yaml, c.Backups.Every, c.Backups.Keep, c.Retention, c.LobbyExpiry)
		}
	}
	if s := Period(0).String(); s != "off" {
		t.Errorf("Period(0) = %q", s)
	}
	if s := Retention(0).String(); s != "keep" {
		t.Errorf("Retention(0) = %q", s)
	}
	for _, in := range []string{"keep", "90d", " 0 "} {
		r, err := ParseRetention(in)
		if back, err2 := ParseRetention(r.String()); err != nil || err2 != nil || back != r {
			t.Errorf("ParseRetention(%q) = %v, %v; back %v, %v", in, r, err, back, err2)
		}
	}
	if _, err := ParseRetention("90"); err == nil || !strings.Contains(err.Error(), `"90" is neither keep nor a duration`) {
		t.Errorf("ParseRetention(90): %v", err)
	}
	if p, err := ParsePeriod("off"); err != nil || p != 0 {
		t.Errorf("ParsePeriod(off) = %v, %v", p, err)
	}
}

func TestDurations(t *testing.T) {
	for in, want := range map[string]time.Duration{
		"0": 0, "0s": 0, "90s": 90 * time.Second, "12h": 12 * time.Hour, "2d": 48 * time.Hour,
		"1d12h": 36 * time.Hour, "1h30m": 90 * time.Minute, " 5m ": 5 * time.Minute, "-5s": -5 * time.Second,
	} {
		d, err := ParseDuration(in)
		if err != nil || d.D() != want {
			t.Errorf("ParseDuration(%q) = %v, %v; want %v", in, d, err, want)
		}
		back, err := ParseDuration(d.String())
		if err != nil || back != d {
			t.Errorf("%q: String %q reads back as %v, %v", in, d.String(), back, err)
		}
	}
	for _, in := range []string{"", "2", "d", "2x", "1.5d", "2d-3h", "-2d", "1d1d"} {
		if _, err := ParseDuration(in); err == nil {
			t.Errorf("ParseDuration(%q) accepted", in)
		}
	}
	if s := Duration(48 * time.Hour).String(); s != "2d" {
		t.Errorf("2 days = %q", s)
	}
	for d, want := range map[time.Duration]string{90 * time.Second: "1m30s", 12 * time.Hour: "12h", 5 * time.Minute: "5m",
		90 * time.Minute: "1h30m", 36 * time.Hour: "1d12h", 0: "0s", time.Hour + time.Second: "1h0m1s", 500 * time.Millisecond: "500ms"} {
		if s := Duration(d).String(); s != want {
			t.Errorf("%v = %q, want %q", d, s, want)
		}
	}
	out, err := yaml.Marshal(struct{ D Duration }{Duration(48 * time.Hour)})
	if err != nil || string(out) != "d: 2d\n" {
		t.Errorf("yaml.Marshal = %q, %v", out, err)
	}
}

// settingErr checks that err holds a SettingError for setting whose message
// contains want, and that the message names the setting.
func settingErr(t *testing.T, err error, setting, want string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error; want one about %s", setting)
	}
	for _, e := range flatten(err) {
		var se *SettingError
		if errors.As(e, &se) && se.Setting == setting {
			if !strings.Contains(e.Error(), setting) || !strings.Contains(e.Error(), want) {
				t.Errorf("error %q does not name %s and say %q", e, setting, want)
			}
			return
		}
	}
	t.Errorf("error %q is not about %s", err, setting)
}

func flatten(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

func TestValidationNamesTheSetting(t *testing.T) {
	cases := []struct {
		yaml, setting, want string
	}{
		{"data_dir: ''", "data_dir", "must not be empty"},
		{"language: de", "language", `must be fr or en, not "de"`},
		{"log: {level: trace}", "log.level", `must be one of debug, info, warn, error, not "trace"`},
		{"log: {format: xml}", "log.format", `must be text or json, not "xml"`},
		{"deadlines: {turn: 2x}", "deadlines.turn", `must be a duration such as 90s, 12h or 2d, not "2x"`},
		{"deadlines: {turn: -1h}", "deadlines.turn", "must not be negative"},
		{"deadlines: {turn: 1h, reminder: 2h}", "deadlines.reminder", "must be shorter than deadlines.turn"},
		{"deadlines:\n  reminder: [1]", "deadlines.reminder", "must be a duration"},
		{"deadlines: {on_expiry: wait}", "deadlines.on_expiry", `must be pass or bot, not "wait"`},
		{"discord: {enabled: true}", "discord.token", "is required when discord.enabled is true (or set TABLEE_DISCORD_TOKEN)"},
		{"discord: {shard_id: 1}", "discord.shard_id", "must be between 0 and discord.shard_count-1 (0), not 1"},
		{"discord: {shard_id: 2, shard_count: 2}", "discord.shard_id", "not 2"},
		{"discord: {shard_count: 0}", "discord.shard_count", "must be at least 1"},
		{"discord: {shard_count: many}", "discord.shard_count", `must be a whole number, not "many"`},
		{"discord: {enabled: yes please}", "discord.enabled", `must be true or false, not "yes please"`},
		{"discord: {token: [a, b]}", "discord.token", "must be a single value"},
		{"telegram: {enabled: true}", "telegram.token", "is required when telegram.enabled is true"},
		{"telegram: {mode: hook}", "telegram.mode", `must be polling or webhook, not "hook"`},
		{"telegram: {poll_timeout: 30}", "telegram.poll_timeout", "must be a duration"},
		{"telegram: {api_endpoint: 'ftp://bots.example'}", "telegram.api_endpoint", "must be the http(s):// base URL of a Bot API server"},
		{"telegram: {api_endpoint: 'api.telegram.org'}", "telegram.api_endpoint", `not "api.telegram.org"`},
		{"telegram: {api_endpoint: 'http://127.0.0.1:8081/bot%s/%s'}", "telegram.api_endpoint", "tablee appends /bot<token>/<method>"},
		{"telegram: {mini_app: 'https://t.me/TableeBot/table'}", "telegram.mini_app", "<bot username>/<short name>"},
		{"telegram: {mini_app: 'TableeBot'}", "telegram.mini_app", `not "TableeBot"`},
		{"telegram: {enabled: true, token: x, mode: webhook, webhook: {path: /t, secret_token: s}}", "telegram.webhook.listen", "is required in webhook mode"},
		{"telegram: {enabled: true, token: x, mode: webhook, webhook: {listen: ':8443', secret_token: s}}", "telegram.webhook.path", "is required in webhook mode"},
		{"telegram: {enabled: true, token: x, mode: webhook, webhook: {listen: ':8443', path: /t}}", "telegram.webhook.secret_token", "is required in webhook mode"},
		{"telegram: {webhook: {path: telegram}}", "telegram.webhook.path", "must start with /"},
		{"telegram: {webhook: {url: 'http://x/t'}}", "telegram.webhook.url", "must be an https:// URL"},
		{"telegram: {webhook: {secret_token: 'no spaces allowed'}}", "telegram.webhook.secret_token", "must be 1 to 256 characters"},
		{"backups: {every: 30s}", "backups.every", "must be off or at least 1m (such as 6h), not 30s"},
		{"backups: {every: -6h}", "backups.every", "must be off or at least 1m"},
		{"backups: {every: sometimes}", "backups.every", `must be off or a duration such as 6h or 1d, not "sometimes"`},
		{"backups: {every: [6h]}", "backups.every", "must be off or a duration"},
		{"backups: {keep: 0}", "backups.keep", "must be at least 1, not 0 (backups.every: off takes no backups)"},
		{"backups: {keep: all}", "backups.keep", `must be a whole number, not "all"`},
		{"backups: 6h", "backups", "must be a mapping of settings"},
		{"retention: 12h", "retention", "must be keep or at least 1d (such as 90d), not 12h"},
		{"retention: forever", "retention", `must be keep or a duration such as 90d, not "forever"`},
		{"retention: -90d", "retention", "must be keep or a duration"},
		{"lobby_expiry: 10m", "lobby_expiry", "must be at least 1h (such as 7d), not 10m"},
		{"lobby_expiry: 0", "lobby_expiry", "must be at least 1h"},
		{"lobby_expiry: off", "lobby_expiry", `must be a duration such as 90s, 12h or 2d, not "off"`},
		{"abandoned:\n  after: 12h", "abandoned.after", "must be at least 1d (such as 21d), not 12h"},
		{"abandoned:\n  after: 0", "abandoned.after", "must be at least 1d"},
		{"abandoned:\n  grace: 30m", "abandoned.grace", "must be at least 1h (such as 7d), not 30m"},
		{"admin: {listen: '9090'}", "admin.listen", `must be a host and port (such as 127.0.0.1:9090), not "9090"`},
		{"admin: {listen: 'localhost:'}", "admin.listen", `must be a host and port`},
	}
	for _, tc := range cases {
		t.Run(tc.setting, func(t *testing.T) {
			_, err := Parse([]byte(tc.yaml), "tablee.yaml")
			settingErr(t, err, tc.setting, tc.want)
			if err != nil && !strings.HasPrefix(err.Error(), "config: tablee.yaml") {
				t.Errorf("error %q does not name the file", err)
			}
		})
	}
}

func TestErrorWording(t *testing.T) {
	_, err := Parse([]byte("telegram:\n  mode: hook\n"), "tablee.yaml")
	if want := `config: tablee.yaml:2: telegram.mode must be polling or webhook, not "hook"`; err == nil || err.Error() != want {
		t.Errorf("got  %v\nwant %s", err, want)
	}
	c := Default()
	c.Telegram.Mode = "hook"
	if want := `config: telegram.mode must be polling or webhook, not "hook"`; c.Validate() == nil || c.Validate().Error() != want {
		t.Errorf("Validate: %v", c.Validate())
	}
}

func TestSeveralErrorsAtOnce(t *testing.T) {
	_, err := Parse([]byte("language: de\nlog:\n  level: loud\n"), "t.yaml")
	settingErr(t, err, "language", "not \"de\"")
	settingErr(t, err, "log.level", "not \"loud\"")
	if !strings.Contains(err.Error(), "t.yaml:3: log.level") {
		t.Errorf("line missing: %v", err)
	}
}

func TestUnknownKeyRejected(t *testing.T) {
	for _, tc := range []struct{ yaml, setting string }{
		{"data_dri: ./x\n", "data_dri"},
		{"discord:\n  enabled: false\n  tokne: abc\n", "discord.tokne"},
		{"telegram:\n  webhook:\n    secret: abc\n", "telegram.webhook.secret"},
	} {
		_, err := Parse([]byte(tc.yaml), "tablee.yaml")
		settingErr(t, err, tc.setting, "is not a setting")
	}
	_, err := Parse([]byte("discord:\n  tokne: abc\n"), "tablee.yaml")
	if want := "config: tablee.yaml:2: discord.tokne is not a setting"; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

func TestSyntaxError(t *testing.T) {
	for _, data := range []string{"discord: [\n", "- a\n- b\n", "just a string"} {
		_, err := Parse([]byte(data), "bad.yaml")
		if err == nil || !strings.HasPrefix(err.Error(), "config: bad.yaml") {
			t.Errorf("%q: %v", data, err)
		}
	}
}

func writeFile(t *testing.T, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "tablee.yaml")
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestEnvOverrides(t *testing.T) {
	path := writeFile(t, "discord:\n  enabled: true\n  token: from-file\ntelegram:\n  enabled: true\n  mode: webhook\n  webhook: {listen: ':8443', path: /tg}\n")
	// Without the environment the Telegram token and secret are missing.
	_, err := LoadWith(path, noEnv)
	settingErr(t, err, "telegram.token", "is required")
	settingErr(t, err, "telegram.webhook.secret_token", "is required")

	c, err := LoadWith(path, env(map[string]string{
		EnvDiscordToken:        "from-env",
		EnvTelegramToken:       "12:tg-env",
		EnvTelegramSecretToken: "s3cret",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Discord.Token.Reveal() != "from-env" || c.Telegram.Token.Reveal() != "12:tg-env" || c.Telegram.Webhook.SecretToken.Reveal() != "s3cret" {
		t.Errorf("environment did not win: %q %q %q", c.Discord.Token.Reveal(), c.Telegram.Token.Reveal(), c.Telegram.Webhook.SecretToken.Reveal())
	}
	// An empty variable does not erase the file's value.
	c, err = LoadWith(path, env(map[string]string{EnvTelegramToken: "1:x", EnvTelegramSecretToken: "y"}))
	if err != nil || c.Discord.Token.Reveal() != "from-file" {
		t.Errorf("file token lost: %v", err)
	}
	// Load reads the real environment.
	t.Setenv(EnvTelegramToken, "3:real-env")
	t.Setenv(EnvTelegramSecretToken, "real-secret")
	if c, err := Load(path); err != nil || c.Telegram.Token.Reveal() != "3:real-env" {
		t.Errorf("Load: %v", err)
	}
}

func TestMissingFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "nope.yaml")
	_, err := Load(path)
	if err == nil || !strings.Contains(err.Error(), path) || !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("Load of a missing file: %v", err)
	}
	if strings.Count(err.Error(), path) != 1 {
		t.Errorf("path named twice: %v", err)
	}
}

func TestMissingBooklet(t *testing.T) {
	_, err := LoadWith(writeFile(t, "booklet: /nonexistent/booklet.txt\n"), noEnv)
	settingErr(t, err, "booklet", "cannot be read")
}

func TestMissingDictionary(t *testing.T) {
	path := writeFile(t, "dictionary: /nonexistent/words.txt\n")
	_, err := LoadWith(path, noEnv)
	settingErr(t, err, "dictionary", "cannot be read")
	dict := filepath.Join(t.TempDir(), "words.txt")
	if err := os.WriteFile(dict, []byte("chat\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadWith(writeFile(t, "dictionary: "+dict+"\n"), noEnv); err != nil {
		t.Error(err)
	}
}

func TestSecretsNeverPrinted(t *testing.T) {
	const (
		dtok = "DISCORD-TOKEN-abc123"
		ttok = "456:TELEGRAM-TOKEN-xyz"
		wsec = "WEBHOOK-SECRET-789"
	)
	path := writeFile(t, fmt.Sprintf("discord: {enabled: true, token: %s}\ntelegram: {enabled: true, mode: webhook, webhook: {listen: ':1', path: /t, secret_token: %s}}\n", dtok, wsec))
	c, err := LoadWith(path, env(map[string]string{EnvTelegramToken: ttok}))
	if err != nil {
		t.Fatal(err)
	}
	var outs []string
	for _, f := range []string{"%v", "%+v", "%#v", "%s"} {
		outs = append(outs, fmt.Sprintf(f, c), fmt.Sprintf(f, *c), fmt.Sprintf(f, c.Discord), fmt.Sprintf(f, c.Telegram))
	}
	for _, format := range []string{"json", "text"} {
		var buf bytes.Buffer
		var h slog.Handler = slog.NewJSONHandler(&buf, nil)
		if format == "text" {
			h = slog.NewTextHandler(&buf, nil)
		}
		l := slog.New(h)
		l.Info("config", "config", c)
		l.Info("config", "config", *c, "discord", c.Discord, "token", c.Telegram.Token)
		outs = append(outs, buf.String())
	}
	j, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	y, err := yaml.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	outs = append(outs, string(j), string(y))
	for _, out := range outs {
		for _, secret := range []string{dtok, ttok, wsec} {
			if strings.Contains(out, secret) {
				t.Errorf("secret printed in %s", out)
			}
		}
		if !strings.Contains(out, "***") {
			t.Errorf("no masked secret in %s", out)
		}
	}
	// The slog JSON form is structured, with the mask in place.
	var buf bytes.Buffer
	slog.New(slog.NewJSONHandler(&buf, nil)).Info("start", "config", c)
	var rec struct {
		Config struct {
			Discord  map[string]any
			Telegram struct {
				Token   string
				Webhook map[string]any
			}
		}
	}
	if err := json.Unmarshal(buf.Bytes(), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Config.Discord["token"] != "***" || rec.Config.Telegram.Token != "***" || rec.Config.Telegram.Webhook["secret_token"] != "***" {
		t.Errorf("slog JSON: %s", buf.String())
	}
	// Unset secrets print as empty, not as "***".
	if s := Default().String(); strings.Contains(s, "***") {
		t.Errorf("unset secrets masked as set: %s", s)
	}
	// Validation errors about secrets do not quote them.
	c.Telegram.Webhook.SecretToken = "bad secret " + wsec
	if err := c.Validate(); err == nil || strings.Contains(err.Error(), wsec) {
		t.Errorf("Validate: %v", err)
	}
}

func TestStringCoversEveryField(t *testing.T) {
	// A field added to Config must be added to String and LogValue too:
	// count the leaves.
	var count func(reflect.Type) int
	count = func(t reflect.Type) int {
		if t.Kind() != reflect.Struct {
			return 1
		}
		n := 0
		for i := range t.NumField() {
			n += count(t.Field(i).Type)
		}
		return n
	}
	want := count(reflect.TypeFor[Config]())
	// Keys follow a brace or a space; a value may hold a colon (a URL).
	str := Default().String()
	if got := len(regexp.MustCompile(`[{ ][a-z_]+:`).FindAllString(str, -1)) - strings.Count(str, ":{"); got != want {
		t.Errorf("String shows %d settings, Config has %d", got, want)
	}
	var leaves []string
	var walk func(prefix string, attrs []slog.Attr)
	walk = func(prefix string, attrs []slog.Attr) {
		for _, a := range attrs {
			if a.Value.Kind() == slog.KindGroup {
				walk(prefix+a.Key+".", a.Value.Group())
			} else {
				leaves = append(leaves, prefix+a.Key)
			}
		}
	}
	walk("", Default().LogValue().Group())
	sort.Strings(leaves)
	if len(leaves) != want {
		t.Errorf("LogValue shows %d settings, Config has %d: %v", len(leaves), want, leaves)
	}
}

// The example compose file of docs/postgres.md (it cannot be run here: no
// Docker engine) is read as far as it can be: valid YAML, two tablee
// processes with a configuration each, and those configurations, as its
// comments give them, valid for store: postgres with the variables its
// env_file names.
func TestComposeExample(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "docs", "examples", "compose.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var compose struct {
		Services map[string]struct {
			EnvFile string   `yaml:"env_file"`
			Volumes []string `yaml:"volumes"`
		}
	}
	if err := yaml.Unmarshal(data, &compose); err != nil {
		t.Fatal(err)
	}
	// The configuration of shard 0, in the comments.
	var conf []string
	in := false
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, "# tablee-shard0.yaml"):
			in = true
		case in && strings.HasPrefix(line, "#   "):
			conf = append(conf, strings.TrimPrefix(line, "#   "))
		case in && len(conf) > 0:
			in = false
		}
	}
	environment := env(map[string]string{
		EnvPostgresURL:         "postgres://tablee:pw-1234@db:5432/tablee",
		EnvDiscordToken:        "MTIz.discord-token-1234",
		EnvTelegramToken:       "123456:telegram-token-ABCDEFGHIJKLMNOPQRSTUVWXYZ",
		EnvTelegramSecretToken: "webhook-secret-1234",
	})
	for shard := range 2 {
		svc, ok := compose.Services[fmt.Sprintf("tablee-%d", shard+1)]
		file := fmt.Sprintf("./tablee-shard%d.yaml:/etc/tablee/tablee.yaml:ro", shard)
		if !ok || !slices.Contains(svc.Volumes, file) || svc.EnvFile == "" {
			t.Fatalf("service tablee-%d: %+v; want the volume %s and an env_file", shard+1, svc, file)
		}
		text := strings.ReplaceAll(strings.Join(conf, "\n"), "shard_id: 0", fmt.Sprintf("shard_id: %d", shard))
		c, err := LoadWith(writeFile(t, text), environment)
		if err != nil {
			t.Fatalf("tablee-shard%d.yaml:\n%s\n%v", shard, text, err)
		}
		if c.Store != "postgres" || c.Discord.ShardID != shard || c.Discord.ShardCount != 2 || c.Telegram.Mode != "webhook" || !c.Postgres.URL.IsSet() {
			t.Errorf("tablee-shard%d.yaml: %+v", shard, c)
		}
	}
	for _, name := range []string{EnvPostgresURL, EnvDiscordToken, EnvTelegramToken, EnvTelegramSecretToken} {
		if !strings.Contains(string(data), name) {
			t.Errorf("the compose file does not say the env_file holds %s", name)
		}
	}
}

// TestLoadDataLeavesThePlatformsOut: the data file tools read a
// configuration whose platforms lack their tokens (or have bad ones), as
// an operator's shell without the bot's secrets has it; what they use
// (data_dir, store, retention) is still checked.
func TestLoadDataLeavesThePlatformsOut(t *testing.T) {
	path := writeFile(t, "data_dir: /srv/tablee\nretention: 90d\ndiscord:\n  enabled: true\ntelegram:\n  enabled: true\n  token: \"not a token\"\n  mode: webhook\n")
	if _, err := LoadWith(path, noEnv); err == nil {
		t.Fatal("Load accepted platforms without their tokens")
	}
	c, err := LoadDataWith(path, noEnv)
	if err != nil {
		t.Fatalf("LoadData: %v", err)
	}
	if c.DBPath() != "/srv/tablee/tablee.db" || c.Retention.String() != "90d" {
		t.Errorf("LoadData read data_dir %q, retention %s", c.DataDir, c.Retention)
	}
	_, err = LoadDataWith(writeFile(t, "retention: soon\ndiscord:\n  enabled: true\n"), noEnv)
	settingErr(t, err, "retention", "")
	if err != nil && strings.Contains(err.Error(), "discord") {
		t.Errorf("LoadData named a platform's setting: %v", err)
	}
}

// TestRateLimits: the users' and chats' buckets have defaults, may be
// changed or turned off, and refuse a burst with no pace.
func TestRateLimits(t *testing.T) {
	c := Default()
	if c.RateLimits.User != (RateLimit{Burst: 10, Every: Duration(time.Second)}) ||
		c.RateLimits.Chat != (RateLimit{Burst: 40, Every: Duration(250 * time.Millisecond)}) {
		t.Fatalf("defaults: %+v", c.RateLimits)
	}
	c, err := Parse([]byte("rate_limits:\n  user: {burst: 5, every: 2s}\n  chat: {burst: 0}\n"), "t.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if c.RateLimits.User != (RateLimit{Burst: 5, Every: Duration(2 * time.Second)}) || c.RateLimits.Chat.Burst != 0 {
		t.Fatalf("parsed: %+v", c.RateLimits)
	}
	for yaml, setting := range map[string]string{
		"rate_limits:\n  user: {burst: -1}\n":          "rate_limits.user.burst",
		"rate_limits:\n  chat: {burst: 3, every: 0}\n": "rate_limits.chat.every",
	} {
		_, err := Parse([]byte(yaml), "t.yaml")
		var se *SettingError
		if !errors.As(err, &se) || se.Setting != setting {
			t.Errorf("%q: %v, want an error of %s", yaml, err, setting)
		}
	}
}
