package config

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tablee/tablee/internal/redact/redacttest"
)

func TestTokensAreTrimmedFromFileAndEnvironment(t *testing.T) {
	path := writeFile(t, "discord:\n  enabled: true\n  token: \"  discord-token\\n\"\n"+
		"telegram:\n  enabled: true\n  token: |\n    123:telegram-token\n  mode: webhook\n  webhook: {listen: ':1', path: /t}\n")
	c, err := LoadWith(path, env(map[string]string{EnvTelegramSecretToken: "webhook_secret\r\n"}))
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Discord.Token.Reveal(); got != "discord-token" {
		t.Errorf("discord token %q", got)
	}
	if got := c.Telegram.Token.Reveal(); got != "123:telegram-token" {
		t.Errorf("telegram token from a block scalar %q", got)
	}
	if got := c.Telegram.Webhook.SecretToken.Reveal(); got != "webhook_secret" {
		t.Errorf("webhook secret from the environment %q", got)
	}
	// A variable of white space only does not replace the file's token.
	c, err = LoadWith(path, env(map[string]string{EnvDiscordToken: " \n", EnvTelegramToken: "\t999:from-env \n", EnvTelegramSecretToken: "s"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Discord.Token.Reveal() != "discord-token" || c.Telegram.Token.Reveal() != "999:from-env" {
		t.Errorf("tokens %q %q", c.Discord.Token.Reveal(), c.Telegram.Token.Reveal())
	}
	// A token of digits is text, not a number.
	c, err = Parse([]byte("discord: {token: 12345678901234567890123}\n"), "t.yaml")
	if err != nil || c.Discord.Token.Reveal() != "12345678901234567890123" {
		t.Errorf("digits: %v %q", err, c.Discord.Token.Reveal())
	}
	var s Secret
	if err := s.UnmarshalText([]byte(" x\n")); err != nil || s.Reveal() != "x" {
		t.Errorf("UnmarshalText: %q", s.Reveal())
	}
}

func TestMalformedTokensAreRefused(t *testing.T) {
	for _, tc := range []struct{ yaml, setting string }{
		{`discord: {token: "abc def"}`, "discord.token"},
		{`discord: {token: "abc\ndef"}`, "discord.token"},
		{`telegram: {token: "123:abc\u0000def"}`, "telegram.token"},
	} {
		_, err := Parse([]byte(tc.yaml), "t.yaml")
		settingErr(t, err, tc.setting, "must be the token alone")
	}
	for _, tok := range []string{"abc", "123:abc/def", "123:abc?x", "123:a%zz", "bot123:abc", "123:abc:def"} {
		_, err := Parse([]byte("telegram: {token: "+strconv.Quote(tok)+"}"), "t.yaml")
		settingErr(t, err, "telegram.token", "must be the token @BotFather gave")
		if strings.Contains(err.Error(), tok) {
			t.Errorf("%q quoted: %v", tok, err)
		}
	}
	if _, err := Parse([]byte(`telegram: {token: "123456789:AAH-dq_Tc"}`), "t.yaml"); err != nil {
		t.Errorf("a good Telegram token refused: %v", err)
	}
	if _, err := Parse([]byte(`discord: {token: "Bot abc.def"}`), "t.yaml"); err != nil {
		t.Errorf("the Bot prefix refused: %v", err)
	}
}

// TestSecretInYAMLStructureIsNotNamed: a token that YAML reads as a
// mapping (token: {123:ABC: 1}) is refused as the token setting, not as a
// setting named after the token.
func TestSecretInYAMLStructureIsNotNamed(t *testing.T) {
	_, err := Parse([]byte("telegram:\n  enabled: true\n  token: {123:SECRETVALUE: 1}\n"), "t.yaml")
	settingErr(t, err, "telegram.token", "must be a single value")
	if err == nil || strings.Contains(err.Error(), "SECRETVALUE") || !strings.Contains(err.Error(), "t.yaml:3: telegram.token") {
		t.Errorf("got %v", err)
	}
	_, err = Parse([]byte("discord: SECRETVALUE\n"), "t.yaml")
	settingErr(t, err, "discord", "must be a mapping of settings")
	if strings.Contains(err.Error(), "SECRETVALUE") {
		t.Errorf("got %v", err)
	}
}

// placements put a secret where an operator may write it, well or badly.
// Each file also holds a mistake, so that every one fails.
func placements(secret string) map[string]string {
	q := strconv.Quote(secret)
	return map[string]string{
		"quoted":          "language: de\ndiscord:\n  enabled: true\n  token: " + q + "\n",
		"single-quoted":   "language: de\ntelegram:\n  enabled: true\n  token: '" + strings.ReplaceAll(secret, "'", "''") + "'\n",
		"raw":             "language: de\ntelegram:\n  enabled: true\n  token: " + secret + "\n",
		"raw webhook":     "language: de\ntelegram:\n  webhook:\n    secret_token: " + secret + "\n",
		"in a mapping":    "telegram:\n  token: {" + secret + ": 1}\n",
		"as a key":        "telegram:\n  token:\n    " + q + ": 1\n",
		"in a list":       "discord:\n  token: [" + secret + "]\n",
		"block":           "discord:\n  token: |\n    " + secret + "\n  shard_count: x\n",
		"anchor used":     "discord:\n  token: &t " + q + "\n  shard_id: *t\n",
		"unknown anchor":  "discord:\n  token: *" + secret + "\n",
		"section":         "discord: " + q + "\n",
		"section raw":     "telegram: " + secret + "\n",
		"flow":            "discord: {enabled: true, token: " + secret + ", shard_count: 0}\n",
		"bad indentation": "discord:\n  token: " + q + "\n enabled: true\n",
		"tab":             "discord:\n\ttoken: " + secret + "\n",
		"link secret":     "language: de\nweb:\n  link_secret: " + secret + "\n",
		"link secret map": "web:\n  link_secret: {" + secret + ": 1}\n",
		"link secret bad": "web:\n  link_secret: " + q + "\n listen: x\n",
		"challenge":       "language: de\nchallenge:\n  secret: " + secret + "\n",
		"challenge map":   "challenge:\n  secret: {" + secret + ": 1}\n",
		"challenge bad":   "challenge:\n  secret: " + q + "\n listen: x\n",
	}
}

func TestConfigErrorsNeverHoldASecret(t *testing.T) {
	failures := 0
	for _, secret := range redacttest.Shapes() {
		for name, data := range placements(secret) {
			_, err := LoadWith(writeFile(t, data), noEnv)
			if err == nil {
				t.Errorf("%s %q: no error", name, secret[:min(len(secret), 40)])
				continue
			}
			failures++
			checkNoLeak(t, fmt.Sprintf("%s %q", name, secret[:min(len(secret), 40)]), err, secret)
		}
		// A token from the environment, the file wrong elsewhere, the token
		// pasted into other settings too.
		for name, data := range map[string]string{
			"other settings": "language: " + strconv.Quote(secret) + "\ndiscord:\n  shard_id: " + strconv.Quote(secret) + "\n  dev_guild: x\n",
			"broken yaml":    "discord: [" + strconv.Quote(secret) + "\n",
		} {
			_, err := LoadWith(writeFile(t, data), env(map[string]string{EnvDiscordToken: secret, EnvTelegramToken: secret, EnvWebLinkSecret: secret, EnvChallengeSecret: secret}))
			if err == nil {
				t.Errorf("env, %s: no error", name)
				continue
			}
			failures++
			checkNoLeak(t, "env, "+name, err, secret)
		}
	}
	if failures == 0 {
		t.Fatal("no failing configuration was tried")
	}
}

func checkNoLeak(t *testing.T, what string, err error, secret string) {
	t.Helper()
	texts := []string{err.Error(), fmt.Sprintf("%+v", err), fmt.Sprintf("%#v", err)}
	for _, e := range flatten(err) {
		var se *SettingError
		if errors.As(e, &se) {
			texts = append(texts, se.Setting, se.Problem, se.Source)
		}
	}
	for _, text := range texts {
		if leaks := redacttest.Leaks(text, secret); len(leaks) > 0 {
			t.Errorf("%s: %q leaks in %q", what, leaks[0], redacttest.Excerpt(text, leaks[0]))
		}
	}
}

// The PostgreSQL address is a secret: from the file or TABLEE_POSTGRES_URL,
// never printed, and its password is masked on its own too (a driver may
// quote it without the rest of the address).
func TestPostgresURLIsASecret(t *testing.T) {
	const password = "pg-Pa55word!"
	path := writeFile(t, "store: postgres\npostgres:\n  url: 'postgres://tablee:"+password+"@db:5432/tablee'\ndiscord: {enabled: true, token: tok-12345678}\n")
	c, err := LoadWith(path, env(nil))
	if err != nil {
		t.Fatal(err)
	}
	for _, shown := range []string{fmt.Sprint(c), fmt.Sprintf("%+v", c), fmt.Sprintf("%#v", c)} {
		if strings.Contains(shown, password) || strings.Contains(shown, "db:5432") {
			t.Errorf("printed: %s", shown)
		}
	}
	if !slices.Contains(c.Secrets(), password) {
		t.Errorf("Secrets lacks the password alone: %q", c.Secrets())
	}
	c, err = LoadWith(path, env(map[string]string{EnvPostgresURL: "host=h user=u password=other-secret dbname=d"}))
	if err != nil || c.Postgres.URL.Reveal() != "host=h user=u password=other-secret dbname=d" || !slices.Contains(c.Secrets(), "other-secret") {
		t.Errorf("from the environment: %v %q", err, c.Secrets())
	}
	// store: postgres without an address is refused, naming the variable.
	_, err = Parse([]byte("store: postgres\n"), "t.yaml")
	if err == nil || !strings.Contains(err.Error(), EnvPostgresURL) {
		t.Errorf("no address: %v", err)
	}
	if _, err := Parse([]byte("store: sqlite\n"), "t.yaml"); err == nil {
		t.Error("store: sqlite accepted")
	}
}
