// Package config reads tablee's YAML configuration file.
//
// Every setting has a default (Default), so a file only needs what differs.
// Unknown settings are errors, not ignored: a misspelt "tokne" must not
// silently leave the bot without a token. Tokens may come from the
// environment instead of the file (TABLEE_DISCORD_TOKEN,
// TABLEE_TELEGRAM_TOKEN, TABLEE_TELEGRAM_SECRET_TOKEN, TABLEE_POSTGRES_URL,
// TABLEE_WEB_LINK_SECRET, TABLEE_CHALLENGE_SECRET), which wins over the
// file. Secrets are of type Secret: trimmed of the white space around them
// when read, they never print, and the errors of Load and Parse mask them in
// any form (see package internal/redact).
package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"

	"go.yaml.in/yaml/v3"

	"github.com/tablee/tablee/internal/redact"
)

// Config is the whole configuration.
type Config struct {
	// DataDir is where tablee.db lives.
	DataDir string `yaml:"data_dir"`
	// Language is the default language of new chats: fr or en.
	Language string `yaml:"language"`
	// Dictionary is an optional word list replacing the built-in lexicon.
	Dictionary string `yaml:"dictionary"`
	// Booklet is an optional booklet of La Coquillaude's questions replacing
	// the ones the game makes from the dictionary.
	Booklet string `yaml:"booklet"`

	// LobbyExpiry is how long a lobby nobody changes stays open before it
	// is closed and deleted.
	LobbyExpiry Duration `yaml:"lobby_expiry"`
	// Retention is how long finished games are kept; 0 (keep) keeps them
	// for ever.
	Retention Retention `yaml:"retention"`
	// Abandoned is when a started game nobody plays ends.
	Abandoned Abandoned `yaml:"abandoned"`

	Backups Backups `yaml:"backups"`
	Memory  Memory  `yaml:"memory"`
	// RateLimits bound how fast one user, and one group chat, may send
	// commands.
	RateLimits RateLimits `yaml:"rate_limits"`
	Log        Log        `yaml:"log"`
	Deadlines  Deadlines  `yaml:"deadlines"`
	Discord    Discord    `yaml:"discord"`
	Telegram   Telegram   `yaml:"telegram"`
	Admin      Admin      `yaml:"admin"`
	Web        Web        `yaml:"web"`
	Challenge  Challenge  `yaml:"challenge"`

	// Store is where the tables are kept: "bolt" (one file in data_dir,
	// one process) or "postgres" (one database, any number of processes).
	Store    string   `yaml:"store"`
	Postgres Postgres `yaml:"postgres"`
}

// Postgres is the database of `store: postgres`.
type Postgres struct {
	// URL is the database's address (postgres://user:password@host/db),
	// a secret since it may hold the password.
	URL Secret `yaml:"url"`
	// Lease is how long a process's claim on a table holds: how long the
	// others wait on what a killed process had claimed.
	Lease Duration `yaml:"lease"`
}

// Backups are the automatic backups of the data file, taken by tablee
// serve into the backups directory beside it.
type Backups struct {
	// Every is the time between two backups; 0 (off) takes none.
	Every Period `yaml:"every"`
	// Keep is how many automatic backups are kept; older ones are removed.
	Keep int `yaml:"keep"`
}

// Memory bounds what tablee keeps in memory of the data file. Everything
// stays on disk: a table or user out of memory is read again when needed.
type Memory struct {
	// Tables is the estimated memory of the open tables kept loaded; the
	// ones played least recently leave first.
	Tables Size `yaml:"tables"`
	// Idle is how long a table nobody plays stays loaded.
	Idle Duration `yaml:"idle"`
	// Users is how many user records stay loaded.
	Users int `yaml:"users"`
}

// Admin is the operator's listener of tablee serve: Prometheus metrics
// (/metrics), liveness (/healthz), readiness (/readyz) and profiles
// (/debug/pprof/). Nothing on it is meant for the public: keep it on
// loopback or a private network.
type Admin struct {
	// Listen is its address (such as 127.0.0.1:9090); empty: no listener.
	Listen string `yaml:"listen"`
}

// Web is the web table: the board played by touch in a browser, a
// Telegram Mini App or a signed link, served by web/table when Listen is
// set.
type Web struct {
	// Listen is the address of its HTTP server (such as 127.0.0.1:8080,
	// behind the operator's HTTPS proxy); empty: no web table.
	Listen string `yaml:"listen"`
	// PublicURL is the https:// address players reach it at, through the
	// proxy: the base of the links the bot gives.
	PublicURL string `yaml:"public_url"`
	// LinkSecret signs the links that open a table for one user (package
	// web/access): whoever knows it can open any table as anyone. Every
	// process of a deployment holds the same one.
	LinkSecret Secret `yaml:"link_secret"`
}

// Challenge is the daily challenge (/defi): one deal a day for every
// player of the deployment.
type Challenge struct {
	// Secret makes each day's deal (games/duplicate.Seed): the same in
	// every process of the deployment, another in another deployment, and
	// unknown in advance to whoever lacks it. Whoever knows it can compute
	// any day's deal, tops included. Empty: no challenge (/defi says so).
	Secret Secret `yaml:"secret"`
}

// MinChallengeSecret is the shortest challenge.secret: 32 characters, as
// the link secret, the key of the HMAC-SHA256 the days' seeds are made
// with; a short one could be found by trying, and every future deal with
// it.
const MinChallengeSecret = 32

// MinLinkSecret is the shortest web.link_secret: 32 characters, the
// 256 bits of the HMAC-SHA256 key the links are signed with (the same
// bound as web/access.MinSecret, which config does not import).
const MinLinkSecret = 32

// RateLimits are the token buckets of each user and of each group chat:
// burst commands at once, then one more every every. A user past his
// limit is told once, then ignored until he slows down. burst: 0 turns a
// limit off.
type RateLimits struct {
	User RateLimit `yaml:"user"`
	Chat RateLimit `yaml:"chat"`
}

// RateLimit is one token bucket.
type RateLimit struct {
	Burst int      `yaml:"burst"`
	Every Duration `yaml:"every"`
}

// Log is the bot's own logging.
type Log struct {
	Level  string `yaml:"level"`  // debug, info, warn or error
	Format string `yaml:"format"` // text or json
}

// Deadlines are the defaults of new tables; each table may change them
// with /settings.
type Deadlines struct {
	// Turn is how long a player has for a move; 0 is no deadline (live play).
	Turn Duration `yaml:"turn"`
	// Reminder is how long before the deadline the player is reminded; 0 is
	// no reminder.
	Reminder Duration `yaml:"reminder"`
	// OnExpiry is what happens when the deadline passes: "pass" passes the
	// turn, "bot" lets the bot play for the player.
	OnExpiry string `yaml:"on_expiry"`
}

// Abandoned is when a started game nobody plays ends: a chat holds one
// open table, which must not wait for ever on players who are gone.
type Abandoned struct {
	// After is how long a game may go without a move by a person before
	// the chat is told it stops unless someone plays.
	After Duration `yaml:"after"`
	// Grace is how long after that notice the game stops, if nobody played.
	Grace Duration `yaml:"grace"`
}

// Discord is the Discord adapter.
type Discord struct {
	Enabled bool   `yaml:"enabled"`
	Token   Secret `yaml:"token"`
	// DevGuild registers the slash commands on this guild only, where they
	// appear at once, for development. Empty registers them globally.
	DevGuild   string `yaml:"dev_guild"`
	ShardID    int    `yaml:"shard_id"`
	ShardCount int    `yaml:"shard_count"`
}

// Telegram is the Telegram adapter.
type Telegram struct {
	Enabled bool   `yaml:"enabled"`
	Token   Secret `yaml:"token"`
	// Mode is "polling" (getUpdates, works anywhere) or "webhook" (Telegram
	// calls us: needs a public HTTPS address).
	Mode string `yaml:"mode"`
	// PollTimeout is the long-polling timeout of getUpdates.
	PollTimeout Duration `yaml:"poll_timeout"`
	Webhook     Webhook  `yaml:"webhook"`
	// APIEndpoint is the Bot API server's base URL: Telegram's, a local
	// Bot API server, Telegram's test environment. tablee appends
	// /bot<token>/<method>.
	APIEndpoint string `yaml:"api_endpoint"`
	// MiniApp is the Mini App registered for the bot with @BotFather
	// (/newapp), as its t.me address names it: "<bot username>/<short
	// name>". Set, with the web table, each group's board carries the
	// t.me/<bot>/<app>?startapp=<table> link that opens it; empty: none.
	MiniApp string `yaml:"mini_app"`
}

// miniAppRE is a Mini App's t.me address: a bot's username (5 to 32 of
// letters, digits and _) and the app's short name (3 to 30 of the same).
var miniAppRE = regexp.MustCompile(`^[A-Za-z0-9_]{5,32}/[A-Za-z0-9_]{3,30}$`)

// DefaultTelegramAPI is Telegram's own Bot API server.
const DefaultTelegramAPI = "https://api.telegram.org"

// Webhook is the Telegram webhook server.
type Webhook struct {
	// Listen is the address the webhook server listens on (":8443").
	Listen string `yaml:"listen"`
	// Path is the URL path Telegram posts updates to ("/telegram").
	Path string `yaml:"path"`
	// URL is the public HTTPS URL given to Telegram; empty when the webhook
	// is registered by other means.
	URL string `yaml:"url"`
	// SecretToken is sent back by Telegram in every request, so that only
	// Telegram can post updates.
	SecretToken Secret `yaml:"secret_token"`
}

// Environment variables that override the file.
const (
	EnvDiscordToken        = "TABLEE_DISCORD_TOKEN"
	EnvTelegramToken       = "TABLEE_TELEGRAM_TOKEN"
	EnvTelegramSecretToken = "TABLEE_TELEGRAM_SECRET_TOKEN"
	EnvPostgresURL         = "TABLEE_POSTGRES_URL"
	EnvWebLinkSecret       = "TABLEE_WEB_LINK_SECRET"
	EnvChallengeSecret     = "TABLEE_CHALLENGE_SECRET"
)

// DBFile is the name of the data file in DataDir.
const DBFile = "tablee.db"

// Defaults of the settings that keep the data file in shape.
const (
	DefaultBackupEvery = 6 * time.Hour
	DefaultBackupKeep  = 8
	DefaultLobbyExpiry = 7 * day
	DefaultAbandoned   = 21 * day
	DefaultGrace       = 7 * day
	DefaultTableMemory = 256 << 20
	DefaultIdleTable   = 30 * time.Minute
	DefaultUsers       = 50_000
)

// Default rate limits: a person may play as fast as a live game asks (ten
// commands at once, then one a second), a group as fast as a table of
// players together (forty at once, then four a second); a script is
// stopped at once.
const (
	DefaultUserBurst = 10
	DefaultUserEvery = time.Second
	DefaultChatBurst = 40
	DefaultChatEvery = 250 * time.Millisecond
)

// Lower bounds of those settings (their messages say them too): anything
// shorter is a slip of the pen that would cost a lot (a copy of the whole
// file every few seconds, the games of the day deleted as soon as they
// end, a lobby closed while its players gather).
const (
	minBackupEvery = time.Minute
	minRetention   = day
	minLobbyExpiry = time.Hour
	minAbandoned   = day
	minGrace       = time.Hour
	minTableMemory = 1 << 20
	minIdleTable   = time.Minute
)

// Default is the configuration of an empty file.
func Default() *Config {
	return &Config{
		Store:       "bolt",
		Postgres:    Postgres{Lease: Duration(30 * time.Second)},
		DataDir:     "./data",
		Language:    "fr",
		LobbyExpiry: Duration(DefaultLobbyExpiry),
		Abandoned:   Abandoned{After: Duration(DefaultAbandoned), Grace: Duration(DefaultGrace)},
		Backups:     Backups{Every: Period(DefaultBackupEvery), Keep: DefaultBackupKeep},
		Memory:      Memory{Tables: DefaultTableMemory, Idle: Duration(DefaultIdleTable), Users: DefaultUsers},
		RateLimits: RateLimits{
			User: RateLimit{Burst: DefaultUserBurst, Every: Duration(DefaultUserEvery)},
			Chat: RateLimit{Burst: DefaultChatBurst, Every: Duration(DefaultChatEvery)},
		},
		Log: Log{Level: "info", Format: "text"},
		Deadlines: Deadlines{
			OnExpiry: "pass",
		},
		Discord: Discord{ShardCount: 1},
		Telegram: Telegram{
			Mode:        "polling",
			PollTimeout: Duration(30e9),
			APIEndpoint: DefaultTelegramAPI,
		},
	}
}

// DBPath is the path of the data file.
func (c *Config) DBPath() string { return filepath.Join(c.DataDir, DBFile) }

// Load reads the file at path, applies the environment and validates.
func Load(path string) (*Config, error) { return LoadWith(path, os.Getenv) }

// LoadWith is Load with another environment, for tests.
//
// Its errors never hold a secret: whatever the file or the environment
// gives as a token is masked in them, in every form (see Secrets).
func LoadWith(path string, getenv func(string) string) (*Config, error) {
	return loadFile(path, getenv, false)
}

// LoadData reads the configuration as the data file tools (tablee check,
// backup and compact) use it: they read data_dir, store and retention and
// never talk to a platform, so the platforms' settings (a token required
// where a platform is enabled) and the files the games read (dictionary,
// booklet) are not checked. An operator checks a file in a shell, or on
// another machine, where the bot's tokens are not.
func LoadData(path string) (*Config, error) { return loadFile(path, os.Getenv, true) }

// LoadDataWith is LoadData with another environment, for tests.
func LoadDataWith(path string, getenv func(string) string) (*Config, error) {
	return loadFile(path, getenv, true)
}

func loadFile(path string, getenv func(string) string, dataOnly bool) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, redact.New(envSecrets(getenv)...).Error(fmt.Errorf("config: reading %s: %w", path, pathCause(err)))
	}
	c, err := load(data, path, getenv, dataOnly)
	if err != nil {
		return nil, redactErrors(errorRedactor(data, getenv), err)
	}
	return c, nil
}

func load(data []byte, path string, getenv func(string) string, dataOnly bool) (*Config, error) {
	c, lines, err := decode(data, path)
	if err != nil {
		return nil, err
	}
	c.applyEnv(getenv)
	err = c.validate(path, lines)
	if dataOnly {
		if err := withoutPlatforms(err); err != nil {
			return nil, err
		}
		return c, nil
	}
	if err != nil {
		return nil, err
	}
	for _, f := range []struct{ setting, file string }{{"dictionary", c.Dictionary}, {"booklet", c.Booklet}} {
		if f.file == "" {
			continue
		}
		if _, err := os.Stat(f.file); err != nil {
			return nil, &SettingError{Source: path, Line: lines.line(f.setting), Setting: f.setting,
				Problem: fmt.Sprintf("names a file that cannot be read: %v", pathCause(err))}
		}
	}
	return c, nil
}

// pathCause drops the path from an *os.PathError, which the caller names.
func pathCause(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Parse reads a configuration from data and validates it, without the
// environment. source names the data in errors (a file name). Its errors
// never hold a secret, as Load's.
func Parse(data []byte, source string) (*Config, error) {
	c, lines, err := decode(data, source)
	if err == nil {
		err = c.validate(source, lines)
	}
	if err != nil {
		return nil, redactErrors(errorRedactor(data, func(string) string { return "" }), err)
	}
	return c, nil
}

func (c *Config) applyEnv(getenv func(string) string) {
	for _, e := range []struct {
		name   string
		secret *Secret
	}{
		{EnvDiscordToken, &c.Discord.Token},
		{EnvTelegramToken, &c.Telegram.Token},
		{EnvTelegramSecretToken, &c.Telegram.Webhook.SecretToken},
		{EnvPostgresURL, &c.Postgres.URL},
		{EnvWebLinkSecret, &c.Web.LinkSecret},
		{EnvChallengeSecret, &c.Challenge.Secret},
	} {
		// Trimmed: "echo $TOKEN > file" and .env files add a newline. A
		// variable of white space only is as good as empty.
		if v := redact.Trim(getenv(e.name)); v != "" {
			*e.secret = Secret(v)
		}
	}
}

// Secrets are the values of the configuration's secrets that are set: what
// a redactor must mask in the run's errors and logs.
func (c *Config) Secrets() []string {
	var out []string
	for _, s := range []Secret{c.Discord.Token, c.Telegram.Token, c.Telegram.Webhook.SecretToken, c.Postgres.URL, c.Web.LinkSecret, c.Challenge.Secret} {
		if s.IsSet() {
			out = append(out, s.Reveal())
		}
	}
	return append(out, redact.DatabasePasswords(c.Postgres.URL.Reveal())...)
}

// envSecrets are the secrets the environment gives, as they are.
func envSecrets(getenv func(string) string) []string {
	return append([]string{getenv(EnvDiscordToken), getenv(EnvTelegramToken), getenv(EnvTelegramSecretToken), getenv(EnvPostgresURL), getenv(EnvWebLinkSecret), getenv(EnvChallengeSecret)},
		redact.DatabasePasswords(getenv(EnvPostgresURL))...)
}

// withoutPlatforms keeps of validate's errors those that are not about a
// platform's settings (discord.*, telegram.*), the web table's (web.*) or
// the daily challenge's (challenge.*), which they never serve: what the
// data file tools must refuse.
func withoutPlatforms(err error) error {
	if err == nil {
		return nil
	}
	var kept []error
	for _, e := range err.(interface{ Unwrap() []error }).Unwrap() {
		var se *SettingError
		if errors.As(e, &se) && (strings.HasPrefix(se.Setting, "discord.") || strings.HasPrefix(se.Setting, "telegram.") || strings.HasPrefix(se.Setting, "web.") || strings.HasPrefix(se.Setting, "challenge.")) {
			continue
		}
		kept = append(kept, e)
	}
	return errors.Join(kept...)
}

// SettingError is one bad setting. Several are joined with errors.Join.
type SettingError struct {
	Source  string // the file, or "" when validating a Config built in code
	Line    int    // its line in the file, 0 when unknown (a default, the environment)
	Setting string // "telegram.mode"
	Problem string // "must be polling or webhook, not \"hook\""
}

func (e *SettingError) Error() string {
	var b strings.Builder
	b.WriteString("config: ")
	if e.Source != "" {
		b.WriteString(e.Source)
		if e.Line > 0 {
			b.WriteString(":" + strconv.Itoa(e.Line))
		}
		b.WriteString(": ")
	}
	b.WriteString(e.Setting)
	b.WriteString(" ")
	b.WriteString(e.Problem)
	return b.String()
}

// lines maps the lines of a YAML document to the setting written there, and
// back.
type lines map[int]string

func (l lines) line(setting string) int {
	best := 0
	for n, s := range l {
		if s == setting && (best == 0 || n < best) {
			best = n
		}
	}
	return best
}

func index(n *yaml.Node, prefix string, l lines) {
	switch n.Kind {
	case yaml.DocumentNode:
		for _, c := range n.Content {
			index(c, prefix, l)
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			name := k.Value
			if prefix != "" {
				name = prefix + "." + name
			}
			l[k.Line] = name
			if secretSettings[name] {
				// Every line of a secret's value is the secret's: what YAML
				// made of it (keys of a mapping split at a colon) must not
				// become a setting name in an error.
				walk(v, func(n *yaml.Node) { l[n.Line] = name })
				continue
			}
			if v.Line != k.Line && v.Kind == yaml.ScalarNode {
				l[v.Line] = name
			}
			index(v, name, l)
		}
	}
}

// secretSettings are the settings of type Secret.
var secretSettings = map[string]bool{"discord.token": true, "telegram.token": true, "telegram.webhook.secret_token": true, "web.link_secret": true, "challenge.secret": true}

// walk calls f on n and every node under it.
func walk(n *yaml.Node, f func(*yaml.Node)) {
	f(n)
	for _, c := range n.Content {
		walk(c, f)
	}
}

var yamlLine = regexp.MustCompile(`^line (\d+): (.*)$`)
var notFound = regexp.MustCompile(`^field (\S+) not found in type`)
var wrongType = regexp.MustCompile("^cannot unmarshal !!\\w+(?: `(.*)`)? into (\\S+)$")

// decode reads data over the defaults, refusing unknown settings.
func decode(data []byte, source string) (*Config, lines, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, nil, fmt.Errorf("config: %s: %s", source, syntaxProblem(err, data))
	}
	l := lines{}
	index(&root, "", l)

	c := Default()
	if len(root.Content) == 0 || root.Content[0].ShortTag() == "!!null" { // empty, comments, "---"
		return c, l, nil
	}
	if root.Content[0].Kind != yaml.MappingNode {
		return nil, nil, fmt.Errorf("config: %s: the file must be a mapping of settings (data_dir: ..., discord: ...)", source)
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	err := dec.Decode(c)
	if err == nil || errors.Is(err, io.EOF) {
		return c, l, nil
	}
	var te *yaml.TypeError
	if !errors.As(err, &te) {
		return nil, nil, fmt.Errorf("config: %s: %s", source, strings.TrimPrefix(err.Error(), "yaml: "))
	}
	var errs []error
	for _, msg := range te.Errors {
		se := &SettingError{Source: source, Setting: "(unknown)", Problem: msg}
		if m := yamlLine.FindStringSubmatch(msg); m != nil {
			se.Line, _ = strconv.Atoi(m[1])
			se.Problem = m[2]
			if s, ok := l[se.Line]; ok {
				se.Setting = s
			}
		}
		switch m := wrongType.FindStringSubmatch(se.Problem); {
		case secretSettings[se.Setting]:
			// Whatever YAML said about a secret's value, it may quote it.
			se.Problem = notSingle
		case notFound.MatchString(se.Problem):
			if se.Setting == "(unknown)" {
				se.Setting = notFound.FindStringSubmatch(se.Problem)[1]
			}
			se.Problem = "is not a setting"
		case m != nil:
			got := strconv.Quote(m[1])
			if m[1] == "" {
				got = "a list or a mapping"
			}
			switch m[2] {
			case "int":
				se.Problem = "must be a whole number, not " + got
			case "bool":
				se.Problem = "must be true or false, not " + got
			case "string":
				se.Problem = "must be a single value, not " + got
			default:
				// A section (discord:, telegram:) given a value: not
				// quoted, for it is often the token put one level too high.
				se.Problem = "must be a mapping of settings, on the lines under it, not a single value"
				if m[1] == "" {
					se.Problem = "must be a mapping of settings, on the lines under it, not a list"
				}
			}
		}
		errs = append(errs, se)
	}
	return nil, nil, errors.Join(errs...)
}

// Validate checks every setting and reports each bad one by name.
func (c *Config) Validate() error { return c.validate("", nil) }

var secretTokenChars = regexp.MustCompile(`^[A-Za-z0-9_-]{1,256}$`)

// telegramToken is the form of the tokens @BotFather gives.
var telegramToken = regexp.MustCompile(`^[0-9]+:[A-Za-z0-9_-]+$`)

// splitsToken tells the characters no token holds: white space inside it
// (around it is trimmed) and control characters, which an HTTP header or a
// URL cannot carry.
func splitsToken(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }

func (c *Config) validate(source string, l lines) error {
	var errs []error
	bad := func(setting, format string, args ...any) {
		errs = append(errs, &SettingError{Source: source, Line: l.line(setting), Setting: setting, Problem: fmt.Sprintf(format, args...)})
	}
	oneOf := func(setting, value string, allowed ...string) {
		for _, a := range allowed {
			if value == a {
				return
			}
		}
		if len(allowed) == 2 {
			bad(setting, "must be %s or %s, not %q", allowed[0], allowed[1], value)
		} else {
			bad(setting, "must be one of %s, not %q", strings.Join(allowed, ", "), value)
		}
	}
	nonNegative := func(setting string, d Duration) {
		if d < 0 {
			bad(setting, "must not be negative, not %s", d)
		}
	}

	if strings.TrimSpace(c.DataDir) == "" {
		bad("data_dir", "must not be empty")
	}
	oneOf("store", c.Store, "bolt", "postgres")
	if d := c.Postgres.Lease.D(); d < time.Second || d > time.Hour {
		bad("postgres.lease", "must be between 1s and 1h, not %s", c.Postgres.Lease)
	}
	if c.Store == "postgres" && !c.Postgres.URL.IsSet() {
		bad("postgres.url", "is required with store: postgres (or set %s)", EnvPostgresURL)
	}
	oneOf("language", c.Language, "fr", "en")
	if d := c.LobbyExpiry.D(); d < minLobbyExpiry {
		bad("lobby_expiry", "must be at least 1h (such as 7d), not %s", c.LobbyExpiry)
	}
	if d := c.Abandoned.After.D(); d < minAbandoned {
		bad("abandoned.after", "must be at least 1d (such as 21d), not %s", c.Abandoned.After)
	}
	if d := c.Abandoned.Grace.D(); d < minGrace {
		bad("abandoned.grace", "must be at least 1h (such as 7d), not %s", c.Abandoned.Grace)
	}
	if c.Memory.Tables < minTableMemory {
		bad("memory.tables", "must be at least 1MB (such as 256MB), not %s", c.Memory.Tables)
	}
	if d := c.Memory.Idle.D(); d < minIdleTable {
		bad("memory.idle", "must be at least 1m (such as 30m), not %s", c.Memory.Idle)
	}
	if c.Memory.Users < 1000 {
		bad("memory.users", "must be at least 1000, not %d", c.Memory.Users)
	}
	if p := c.Retention.Problem(); p != "" {
		bad("retention", "%s", p)
	}
	if d := c.Backups.Every.D(); d < 0 || (d > 0 && d < minBackupEvery) {
		bad("backups.every", "must be off or at least 1m (such as 6h), not %s", c.Backups.Every)
	}
	if c.Backups.Keep < 1 {
		bad("backups.keep", "must be at least 1, not %d (backups.every: off takes no backups)", c.Backups.Keep)
	}
	if a := c.Admin.Listen; a != "" {
		if _, port, err := net.SplitHostPort(a); err != nil || port == "" {
			bad("admin.listen", "must be a host and port (such as 127.0.0.1:9090), not %q", a)
		}
	}
	for _, r := range []struct {
		setting string
		limit   RateLimit
	}{{"rate_limits.user", c.RateLimits.User}, {"rate_limits.chat", c.RateLimits.Chat}} {
		if r.limit.Burst < 0 {
			bad(r.setting+".burst", "must be 0 (no limit) or more, not %d", r.limit.Burst)
		}
		if r.limit.Burst > 0 && r.limit.Every.D() <= 0 {
			bad(r.setting+".every", "must be a duration (such as 1s) when burst is set, not %s", r.limit.Every)
		}
	}
	oneOf("log.level", c.Log.Level, "debug", "info", "warn", "error")
	oneOf("log.format", c.Log.Format, "text", "json")

	nonNegative("deadlines.turn", c.Deadlines.Turn)
	nonNegative("deadlines.reminder", c.Deadlines.Reminder)
	if c.Deadlines.Turn > 0 && c.Deadlines.Reminder >= c.Deadlines.Turn {
		bad("deadlines.reminder", "must be shorter than deadlines.turn (%s), not %s", c.Deadlines.Turn, c.Deadlines.Reminder)
	}
	oneOf("deadlines.on_expiry", c.Deadlines.OnExpiry, "pass", "bot")

	for _, s := range []struct {
		setting string
		secret  Secret
	}{{"discord.token", c.Discord.Token}, {"telegram.token", c.Telegram.Token}} {
		// Discord's "Bot " prefix is allowed: the adapter drops it.
		if strings.IndexFunc(strings.TrimPrefix(s.secret.Reveal(), "Bot "), splitsToken) >= 0 {
			// Do not quote the value: it is a secret.
			bad(s.setting, "must be the token alone: it holds a space, a line break or a control character (a token pasted twice, or with other text?)")
		}
	}
	if tok := c.Telegram.Token; tok.IsSet() && strings.IndexFunc(tok.Reveal(), splitsToken) < 0 && !telegramToken.MatchString(tok.Reveal()) {
		// It goes in the path of every Bot API URL: a "/", "?", "#" or "%"
		// would send the requests elsewhere, or make the URL invalid.
		bad("telegram.token", "must be the token @BotFather gave: digits, a colon, then letters, digits, _ and - (such as 123456789:AAH…)")
	}
	if c.Discord.Enabled && !c.Discord.Token.IsSet() {
		bad("discord.token", "is required when discord.enabled is true (or set %s)", EnvDiscordToken)
	}
	if c.Discord.ShardCount < 1 {
		bad("discord.shard_count", "must be at least 1, not %d", c.Discord.ShardCount)
	} else if c.Discord.ShardID < 0 || c.Discord.ShardID >= c.Discord.ShardCount {
		bad("discord.shard_id", "must be between 0 and discord.shard_count-1 (%d), not %d", c.Discord.ShardCount-1, c.Discord.ShardID)
	}

	t := c.Telegram
	if t.Enabled && !t.Token.IsSet() {
		bad("telegram.token", "is required when telegram.enabled is true (or set %s)", EnvTelegramToken)
	}
	oneOf("telegram.mode", t.Mode, "polling", "webhook")
	if t.PollTimeout < 0 {
		bad("telegram.poll_timeout", "must not be negative, not %s", t.PollTimeout)
	}
	if u, err := url.Parse(t.APIEndpoint); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" ||
		u.RawQuery != "" || u.Fragment != "" || strings.Contains(t.APIEndpoint, "%") {
		bad("telegram.api_endpoint", "must be the http(s):// base URL of a Bot API server (tablee appends /bot<token>/<method>), not %q", t.APIEndpoint)
	}
	if t.MiniApp != "" && !miniAppRE.MatchString(t.MiniApp) {
		bad("telegram.mini_app", "must be the Mini App's t.me address after t.me/, \"<bot username>/<short name>\" (such as TableeBot/table), not %q", t.MiniApp)
	}
	if t.Enabled && t.Mode == "webhook" {
		w := t.Webhook
		if w.Listen == "" {
			bad("telegram.webhook.listen", "is required in webhook mode (an address such as :8443)")
		}
		if w.Path == "" {
			bad("telegram.webhook.path", "is required in webhook mode (such as /telegram)")
		}
		if !w.SecretToken.IsSet() {
			bad("telegram.webhook.secret_token", "is required in webhook mode (or set %s)", EnvTelegramSecretToken)
		}
	}
	if w := t.Webhook; w.Path != "" && !strings.HasPrefix(w.Path, "/") {
		bad("telegram.webhook.path", "must start with /, not %q", w.Path)
	}
	if w := t.Webhook; w.URL != "" && !strings.HasPrefix(w.URL, "https://") {
		bad("telegram.webhook.url", "must be an https:// URL (Telegram only calls HTTPS), not %q", w.URL)
	}
	if s := t.Webhook.SecretToken; s.IsSet() && !secretTokenChars.MatchString(s.Reveal()) {
		// Do not quote the value: it is a secret.
		bad("telegram.webhook.secret_token", "must be 1 to 256 characters among A-Z, a-z, 0-9, _ and - (Telegram's rule)")
	}
	w := c.Web
	if w.Listen != "" {
		if _, port, err := net.SplitHostPort(w.Listen); err != nil || port == "" {
			bad("web.listen", "must be a host and port (such as 127.0.0.1:8080), not %q", w.Listen)
		}
		if w.PublicURL == "" {
			bad("web.public_url", "is required when web.listen is set (the https:// address players reach the web table at)")
		}
		if !w.LinkSecret.IsSet() {
			bad("web.link_secret", "is required when web.listen is set (or set %s)", EnvWebLinkSecret)
		}
	}
	if u, err := url.Parse(w.PublicURL); w.PublicURL != "" && (err != nil || u.Scheme != "https" || u.Host == "" || u.RawQuery != "" || u.Fragment != "") {
		// The same rule as the webhook's: players' browsers and Telegram
		// open Mini Apps over HTTPS only.
		bad("web.public_url", "must be an https:// URL without a query (such as https://tablee.example.org), not %q", w.PublicURL)
	}
	if s := w.LinkSecret.Reveal(); s != "" {
		// Do not quote the value: it is a secret.
		if strings.IndexFunc(s, splitsToken) >= 0 {
			bad("web.link_secret", "must be the secret alone: it holds a space, a line break or a control character")
		} else if len(s) < MinLinkSecret {
			bad("web.link_secret", "must be at least %d characters (such as the output of openssl rand -base64 32), not %d", MinLinkSecret, len(s))
		}
	}
	if s := c.Challenge.Secret.Reveal(); s != "" {
		// Do not quote the value: it is a secret.
		if strings.IndexFunc(s, splitsToken) >= 0 {
			bad("challenge.secret", "must be the secret alone: it holds a space, a line break or a control character")
		} else if len(s) < MinChallengeSecret {
			bad("challenge.secret", "must be at least %d characters (such as the output of openssl rand -base64 32), not %d", MinChallengeSecret, len(s))
		}
	}
	return errors.Join(errs...)
}

// String describes the configuration with its secrets masked, for %v and
// %+v.
func (c Config) String() string {
	return fmt.Sprintf("{store:%s postgres:{url:%q lease:%s} data_dir:%q language:%s dictionary:%q booklet:%q lobby_expiry:%s retention:%s abandoned:{after:%s grace:%s} "+
		"backups:{every:%s keep:%d} memory:{tables:%s idle:%s users:%d} "+
		"rate_limits:{user:{burst:%d every:%s} chat:{burst:%d every:%s}} log:{level:%s format:%s} "+
		"deadlines:{turn:%s reminder:%s on_expiry:%s} "+
		"discord:{enabled:%t token:%q dev_guild:%q shard_id:%d shard_count:%d} "+
		"telegram:{enabled:%t token:%q mode:%s poll_timeout:%s api_endpoint:%q mini_app:%q webhook:{listen:%q path:%q url:%q secret_token:%q}} admin:{listen:%q} web:{listen:%q public_url:%q link_secret:%q} challenge:{secret:%q}}",
		c.Store, c.Postgres.URL.mask(), c.Postgres.Lease, c.DataDir, c.Language, c.Dictionary, c.Booklet, c.LobbyExpiry, c.Retention, c.Abandoned.After, c.Abandoned.Grace,
		c.Backups.Every, c.Backups.Keep, c.Memory.Tables, c.Memory.Idle, c.Memory.Users,
		c.RateLimits.User.Burst, c.RateLimits.User.Every, c.RateLimits.Chat.Burst, c.RateLimits.Chat.Every, c.Log.Level, c.Log.Format,
		c.Deadlines.Turn, c.Deadlines.Reminder, c.Deadlines.OnExpiry,
		c.Discord.Enabled, c.Discord.Token.mask(), c.Discord.DevGuild, c.Discord.ShardID, c.Discord.ShardCount,
		c.Telegram.Enabled, c.Telegram.Token.mask(), c.Telegram.Mode, c.Telegram.PollTimeout, c.Telegram.APIEndpoint, c.Telegram.MiniApp,
		c.Telegram.Webhook.Listen, c.Telegram.Webhook.Path, c.Telegram.Webhook.URL, c.Telegram.Webhook.SecretToken.mask(),
		c.Admin.Listen, c.Web.Listen, c.Web.PublicURL, c.Web.LinkSecret.mask(), c.Challenge.Secret.mask())
}

// GoString keeps %#v from printing secrets.
func (c Config) GoString() string { return "config.Config" + c.String() }

// LogValue gives log/slog the configuration as groups, secrets masked.
func (c Config) LogValue() slog.Value {
	return slog.GroupValue(
		slog.String("store", c.Store),
		slog.Group("postgres", slog.String("url", c.Postgres.URL.mask()), slog.String("lease", c.Postgres.Lease.String())),
		slog.String("data_dir", c.DataDir),
		slog.String("language", c.Language),
		slog.String("dictionary", c.Dictionary),
		slog.String("booklet", c.Booklet),
		slog.String("lobby_expiry", c.LobbyExpiry.String()),
		slog.String("retention", c.Retention.String()),
		slog.Group("abandoned", slog.String("after", c.Abandoned.After.String()), slog.String("grace", c.Abandoned.Grace.String())),
		slog.Group("backups", slog.String("every", c.Backups.Every.String()), slog.Int("keep", c.Backups.Keep)),
		slog.Group("memory", slog.String("tables", c.Memory.Tables.String()), slog.String("idle", c.Memory.Idle.String()), slog.Int("users", c.Memory.Users)),
		slog.Group("rate_limits",
			slog.Group("user", slog.Int("burst", c.RateLimits.User.Burst), slog.String("every", c.RateLimits.User.Every.String())),
			slog.Group("chat", slog.Int("burst", c.RateLimits.Chat.Burst), slog.String("every", c.RateLimits.Chat.Every.String()))),
		slog.Group("log", slog.String("level", c.Log.Level), slog.String("format", c.Log.Format)),
		slog.Group("deadlines",
			slog.String("turn", c.Deadlines.Turn.String()),
			slog.String("reminder", c.Deadlines.Reminder.String()),
			slog.String("on_expiry", c.Deadlines.OnExpiry)),
		slog.Group("discord",
			slog.Bool("enabled", c.Discord.Enabled),
			slog.String("token", c.Discord.Token.mask()),
			slog.String("dev_guild", c.Discord.DevGuild),
			slog.Int("shard_id", c.Discord.ShardID),
			slog.Int("shard_count", c.Discord.ShardCount)),
		slog.Group("telegram",
			slog.Bool("enabled", c.Telegram.Enabled),
			slog.String("token", c.Telegram.Token.mask()),
			slog.String("mode", c.Telegram.Mode),
			slog.String("poll_timeout", c.Telegram.PollTimeout.String()),
			slog.String("api_endpoint", c.Telegram.APIEndpoint),
			slog.String("mini_app", c.Telegram.MiniApp),
			slog.Group("webhook",
				slog.String("listen", c.Telegram.Webhook.Listen),
				slog.String("path", c.Telegram.Webhook.Path),
				slog.String("url", c.Telegram.Webhook.URL),
				slog.String("secret_token", c.Telegram.Webhook.SecretToken.mask()))),
		slog.Group("admin", slog.String("listen", c.Admin.Listen)),
		slog.Group("web",
			slog.String("listen", c.Web.Listen),
			slog.String("public_url", c.Web.PublicURL),
			slog.String("link_secret", c.Web.LinkSecret.mask())),
		slog.Group("challenge", slog.String("secret", c.Challenge.Secret.mask())),
	)
}
