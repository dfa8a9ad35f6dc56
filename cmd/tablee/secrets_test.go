package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tablee/tablee/config"
	"github.com/tablee/tablee/internal/redact/redacttest"
)

// startPath is one way `tablee serve` fails, fed a secret: a configuration
// (file and environment) and what the cloud does.
type startPath struct {
	name string
	mode string
	yaml func(secret string) string
	env  func(secret string) map[string]string
	// stopAfter is a log line after which the run is stopped, as an
	// operator would stop it: it would go on retrying.
	stopAfter string
	// deep is what shows that the path was taken to its end, at least by
	// the secrets the configuration accepts (in the output, or among what
	// the cloud saw).
	deep string
}

func q(s string) string { return strconv.Quote(s) }

// envTokens puts the secret in every token variable.
func envTokens(secret string) map[string]string {
	return map[string]string{config.EnvDiscordToken: secret, config.EnvTelegramToken: secret, config.EnvTelegramSecretToken: secret}
}

// envToken puts the secret in one variable.
func envToken(name string) func(string) map[string]string {
	return func(secret string) map[string]string { return map[string]string{name: secret} }
}

// webhookSecret is a valid webhook secret made of secret: its letters,
// digits, _ and - (the marker with them).
func webhookSecret(secret string) string {
	s := regexp.MustCompile(`[^A-Za-z0-9_-]`).ReplaceAllString(secret, "")
	return "wh_" + s[:min(len(s), 200)]
}

// platformDown is what serve logs when a platform fails: it goes on with
// the others and starts the failed one again after a pause.
const platformDown = "platform down"

func startPaths(busy string) []startPath {
	tg := func(mode, token string) string {
		return "telegram:\n  enabled: true\n  mode: " + mode + "\n  poll_timeout: 1s\n" + token
	}
	return []startPath{
		{name: "YAML: the token read as a mapping",
			yaml: func(s string) string { return "telegram:\n  enabled: true\n  token: {" + s + ": 1}\n" },
			deep: "telegram.token must be a single value"},
		{name: "YAML: the token unquoted, another setting wrong",
			yaml: func(s string) string { return "discord:\n  enabled: true\n  token: " + s + "\n  shard_count: 0\n" },
			deep: "discord.shard_count must be at least 1"},
		{name: "YAML: the token one level too high",
			yaml: func(s string) string { return "telegram: " + s + "\n" },
			deep: "telegram must be a mapping of settings"},
		{name: "YAML: the token read as an alias",
			yaml: func(s string) string { return "discord:\n  enabled: true\n  token: *" + s + "\n" },
			deep: "names no anchor"},
		{name: "invalid values: the environment's token pasted in settings",
			yaml: func(s string) string {
				return "language: " + q(s) + "\ndiscord:\n  enabled: true\n  shard_id: " + q(s) + "\n  dev_guild: " + q(s) + "\n"
			},
			env:  envTokens,
			deep: "discord.shard_id must be a whole number"},
		{name: "invalid values: a webhook secret Telegram refuses",
			yaml: func(s string) string {
				return tg("webhook", "  token: '1:x'\n  webhook: {listen: '127.0.0.1:0', path: /tg, secret_token: "+q(s)+"}\n")
			},
			mode: refuse, stopAfter: platformDown, deep: "secret_token must be 1 to 256 characters"},
		{name: "Telegram: the proxy refuses", mode: refuse,
			yaml: func(string) string { return tg("polling", "") },
			env:  envToken(config.EnvTelegramToken), stopAfter: platformDown, deep: "CONNECT api.telegram.org"},
		{name: "Telegram: the connection hangs up", mode: hangUp,
			yaml:      func(s string) string { return tg("polling", "  token: "+q(s)+"\n") },
			stopAfter: platformDown, deep: "CONNECT api.telegram.org"},
		{name: "Telegram: 401 for the token", mode: unauthorized,
			yaml: func(string) string { return tg("polling", "") },
			env:  envToken(config.EnvTelegramToken), stopAfter: platformDown, deep: "telegram getMe"},
		{name: "Telegram: an error echoing the URL", mode: echo,
			yaml:      func(s string) string { return tg("polling", "  token: "+q(s)+"\n") },
			stopAfter: platformDown, deep: "Bad Request"},
		{name: "Telegram: polling fails after the start", mode: pollFails,
			yaml: func(string) string { return tg("polling", "") },
			env:  envToken(config.EnvTelegramToken), stopAfter: "getUpdates failed", deep: "getUpdates failed"},
		{name: "Telegram: setWebhook fails, echoing its form", mode: webhookEchoed,
			yaml: func(s string) string {
				return tg("webhook", "  webhook: {listen: '127.0.0.1:0', path: /tg, url: 'https://tablee.test/tg', secret_token: "+q(webhookSecret(s))+"}\n")
			},
			env: envToken(config.EnvTelegramToken), stopAfter: platformDown, deep: "setWebhook"},
		{name: "Telegram: the webhook address is in use", mode: pollFails,
			yaml: func(s string) string {
				return tg("webhook", "  token: "+q(s)+"\n  webhook: {listen: '"+busy+"', path: /tg, secret_token: "+q(webhookSecret(s))+"}\n")
			},
			stopAfter: platformDown, deep: "address already in use"},
		{name: "Discord: the proxy refuses", mode: refuse,
			yaml: func(string) string { return "discord:\n  enabled: true\n" },
			env:  envToken(config.EnvDiscordToken), stopAfter: platformDown, deep: "CONNECT discord.com"},
		{name: "Discord: 401 echoing the Authorization header", mode: unauthorized,
			yaml:      func(s string) string { return "discord:\n  enabled: true\n  token: " + q(s) + "\n" },
			stopAfter: platformDown, deep: "401 Unauthorized"},
		{name: "Discord: the gateway refuses the token", mode: pollFails,
			yaml: func(string) string { return "discord:\n  enabled: true\n" },
			env:  envToken(config.EnvDiscordToken), stopAfter: platformDown, deep: "discord identify"},
	}
}

// TestServeNeverPrintsASecret feeds every token shape through every way
// `tablee serve` fails (YAML it cannot read, invalid settings, a platform
// that refuses, hangs up, echoes the request, fails after the start), and
// scans everything the run wrote (its log, the standard logger the
// libraries use, the error main prints) for any form of the secret.
func TestServeNeverPrintsASecret(t *testing.T) {
	c := newCloud(t)
	prevTransport := http.DefaultTransport
	defer func() { http.DefaultTransport = prevTransport }()
	// What the libraries write to the standard logger outside serve's
	// handler is output too.
	var library redacttest.Buffer
	prevOut := log.Writer()
	log.SetOutput(&library)
	defer log.SetOutput(prevOut)
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()

	paths := startPaths(busy.Addr().String())
	deep := map[string]bool{}
	for _, secret := range redacttest.Shapes() {
		dir := t.TempDir()
		for _, p := range paths {
			c.setMode(p.mode)
			for _, name := range []string{config.EnvDiscordToken, config.EnvTelegramToken, config.EnvTelegramSecretToken} {
				t.Setenv(name, "")
			}
			if p.env != nil {
				for k, v := range p.env(secret) {
					t.Setenv(k, v)
				}
			}
			path := filepath.Join(dir, "tablee.yaml")
			if err := os.WriteFile(path, []byte("data_dir: "+q(filepath.Join(dir, "data"))+"\n"+p.yaml(secret)), 0o600); err != nil {
				t.Fatal(err)
			}
			library.Reset()
			// A transport of its own: no connection of the previous run is
			// reused, each goes through the proxy in the path's mode.
			tr := c.transport()
			http.DefaultTransport = tr
			out, err := serveUntil(t, path, p.stopAfter)
			tr.CloseIdleConnections()
			all := out + "\n" + library.String()
			if err != nil {
				all += "\ntablee: " + err.Error()
			} else if p.stopAfter == "" {
				t.Errorf("%s, %.40q: serve did not fail", p.name, secret)
			}
			label := fmt.Sprintf("%s, %.40q", p.name, secret)
			for _, leak := range redacttest.Leaks(all, secret) {
				t.Errorf("%s: %q printed:\n…%s…", label, leak, redacttest.Excerpt(all, leak))
			}
			if strings.Contains(all, p.deep) || c.reached(p.deep) {
				deep[p.name] = true
			}
		}
	}
	for _, p := range paths {
		if !deep[p.name] {
			t.Errorf("%s: no secret went that far (%q never seen)", p.name, p.deep)
		}
	}
}

// serveUntil runs `tablee serve --config path` as main does, stopping it
// once stopAfter is logged, and returns its log and error.
func serveUntil(t *testing.T, path, stopAfter string) (string, error) {
	t.Helper()
	var stderr redacttest.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"serve", "--config", path}, nil, io.Discard, &stderr) }()
	limit := time.After(30 * time.Second)
	for {
		select {
		case err := <-done:
			return stderr.String(), err
		case <-limit:
			t.Fatalf("serve still running after 30 s:\n%s", stderr.String())
		case <-time.After(10 * time.Millisecond):
			if stopAfter != "" && strings.Contains(stderr.String(), stopAfter) {
				cancel()
			}
		}
	}
}

// binaryEnv is the environment of the binary: this one's, without
// tablee's variables and proxies, with these.
func binaryEnv(extra ...string) []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch {
		case strings.HasPrefix(k, "TABLEE_"), strings.HasSuffix(strings.ToUpper(k), "_PROXY"), strings.HasPrefix(k, "SSL_CERT_"):
			continue
		}
		env = append(env, kv)
	}
	return append(env, extra...)
}

// TestServeBinaryNeverPrintsASecret runs the real binary with a Telegram
// token ending in a newline (as `echo $TOKEN > file` makes it) and a
// Discord token between spaces: against a closed port on 127.0.0.1, then
// against the cloud, whose Telegram answers and whose Discord gateway
// refuses the token. Nothing it writes, on stdout or stderr, holds them.
func TestServeBinaryNeverPrintsASecret(t *testing.T) {
	bin := buildBinary(t)
	telegramToken := redacttest.Shapes()[0] + "\n"
	discordToken := "  " + redacttest.Shapes()[1] + " \n"
	c := newCloud(t)
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closedAddr := closed.Addr().String()
	closed.Close()

	for _, tc := range []struct {
		name, proxy, format, mode string
		discord                   bool
		want                      []string
	}{
		// The token's URL is printed, twice (the log and main), masked.
		{"closed port", "http://" + closedAddr, "text", "", false, []string{"connection refused", "/bot***/getMe"}},
		{"cloud", c.proxyURL(), "json", pollFails, true, []string{"telegram getMe", "discord identify"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c.setMode(tc.mode)
			dir := t.TempDir()
			path := filepath.Join(dir, "tablee.yaml")
			os.WriteFile(path, []byte("data_dir: "+q(filepath.Join(dir, "data"))+"\nlog: {format: "+tc.format+"}\n"+
				"discord:\n  enabled: "+strconv.FormatBool(tc.discord)+"\n  token: "+q(discordToken)+"\ntelegram:\n  enabled: true\n  poll_timeout: 1s\n"), 0o600)
			cmd := exec.Command(bin, "serve", "--config", path)
			cmd.Env = binaryEnv("HTTPS_PROXY="+tc.proxy, "SSL_CERT_FILE="+c.caFile, config.EnvTelegramToken+"="+telegramToken)
			var stdout, stderr redacttest.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// A platform that fails is logged and started again, the others
			// play on: once every failure expected is logged, stop it as an
			// operator would.
			for deadline := time.Now().Add(60 * time.Second); !seenAll(&stderr, &stdout, c, tc.want) && time.Now().Before(deadline); {
				time.Sleep(20 * time.Millisecond)
			}
			_ = cmd.Process.Signal(syscall.SIGTERM)
			timer := time.AfterFunc(30*time.Second, func() { cmd.Process.Kill() })
			err := cmd.Wait()
			timer.Stop()
			if err != nil {
				t.Errorf("exit after SIGTERM: %v, want status 0", err)
			}
			all := stdout.String() + stderr.String()
			for _, want := range tc.want {
				if !strings.Contains(all, want) && !c.reached(want) {
					t.Errorf("%q neither in the output nor seen by the cloud:\n%s", want, all)
				}
			}
			for _, secret := range []string{telegramToken, discordToken} {
				for _, leak := range redacttest.Leaks(all, secret) {
					t.Errorf("%q printed:\n…%s…", leak, redacttest.Excerpt(all, leak))
				}
			}
			if !strings.Contains(stderr.String(), platformDown) {
				t.Errorf("no platform failure logged:\n%s", all)
			}
		})
	}
}

// seenAll tells whether serve logged its platform failure and every
// string wanted is in its output or was seen by the cloud.
func seenAll(stderr, stdout *redacttest.Buffer, c *cloud, want []string) bool {
	all := stdout.String() + stderr.String()
	if !strings.Contains(all, platformDown) {
		return false
	}
	for _, w := range want {
		if !strings.Contains(all, w) && !c.reached(w) {
			return false
		}
	}
	return true
}
