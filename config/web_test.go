package config

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

const linkSecret = "Zq3v9JmWk1xYbT7pLr0sNcUe5HdFgA2o"

func TestWebSettings(t *testing.T) {
	c, err := Parse([]byte("web:\n  listen: 127.0.0.1:8080\n  public_url: https://tablee.example.org/table\n  link_secret: "+linkSecret+"\n"), "t.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if c.Web.Listen != "127.0.0.1:8080" || c.Web.PublicURL != "https://tablee.example.org/table" || c.Web.LinkSecret.Reveal() != linkSecret {
		t.Errorf("got %+v", c.Web)
	}
	// The link secret is trimmed like the tokens.
	c, err = Parse([]byte("web:\n  link_secret: \"  "+linkSecret+"\\n\"\n"), "t.yaml")
	if err != nil || c.Web.LinkSecret.Reveal() != linkSecret {
		t.Errorf("trimmed: %v %q", err, c.Web.LinkSecret.Reveal())
	}

	for _, tc := range []struct{ yaml, setting, want string }{
		{"web: {listen: '8080', public_url: 'https://x', link_secret: " + linkSecret + "}", "web.listen", `must be a host and port (such as 127.0.0.1:8080), not "8080"`},
		{"web: {listen: ':8080', link_secret: " + linkSecret + "}", "web.public_url", "is required when web.listen is set"},
		{"web: {listen: ':8080', public_url: 'https://x'}", "web.link_secret", "is required when web.listen is set (or set TABLEE_WEB_LINK_SECRET)"},
		{"web: {public_url: 'http://tablee.example.org'}", "web.public_url", `must be an https:// URL without a query (such as https://tablee.example.org), not "http://tablee.example.org"`},
		{"web: {public_url: 'tablee.example.org'}", "web.public_url", "must be an https:// URL"},
		{"web: {public_url: 'https://'}", "web.public_url", "must be an https:// URL"},
		{"web: {public_url: 'https://x/?a=1'}", "web.public_url", "without a query"},
		{"web: {link_secret: short}", "web.link_secret", "must be at least 32 characters (such as the output of openssl rand -base64 32), not 5"},
		{"web: {link_secret: '" + linkSecret + " " + linkSecret + "'}", "web.link_secret", "must be the secret alone"},
		{"web: {link_secret: [a]}", "web.link_secret", "must be a single value"},
		{"web: {port: 80}", "web.port", "is not a setting"},
	} {
		_, err := Parse([]byte(tc.yaml), "tablee.yaml")
		settingErr(t, err, tc.setting, tc.want)
		if err != nil && strings.Contains(err.Error(), linkSecret) {
			t.Errorf("%s: the secret is quoted in %v", tc.yaml, err)
		}
	}

	// The data file tools serve no web table: its settings do not stop them.
	data, err := LoadDataWith(writeFile(t, "web: {listen: ':8080', public_url: 'http://x'}\n"), noEnv)
	if err != nil || data.Web.Listen != ":8080" {
		t.Errorf("LoadData: %v", err)
	}
}

func TestWebLinkSecretFromTheEnvironment(t *testing.T) {
	path := writeFile(t, "web:\n  listen: 127.0.0.1:8080\n  public_url: https://tablee.example.org\n")
	_, err := LoadWith(path, noEnv)
	settingErr(t, err, "web.link_secret", "is required")
	c, err := LoadWith(path, env(map[string]string{EnvWebLinkSecret: linkSecret + "\n"}))
	if err != nil || c.Web.LinkSecret.Reveal() != linkSecret {
		t.Fatalf("%v %q", err, c.Web.LinkSecret.Reveal())
	}
	if !slices.Contains(c.Secrets(), linkSecret) {
		t.Errorf("Secrets lacks the link secret: %d secrets", len(c.Secrets()))
	}
}

// TestWebLinkSecretNeverPrinted: every way the configuration prints keeps
// the link secret masked, as the tokens.
func TestWebLinkSecretNeverPrinted(t *testing.T) {
	c := Default()
	c.Web = Web{Listen: ":8080", PublicURL: "https://x", LinkSecret: linkSecret}
	rec := neverPrinted(t, c, linkSecret, "web", c.Web)
	if rec["web"]["link_secret"] != "***" || rec["web"]["public_url"] != "https://x" {
		t.Errorf("slog JSON: %v", rec)
	}
}

// neverPrinted checks that every way c prints (fmt's verbs, of c and of
// its section, slog, JSON, YAML) masks secret and shows "***", and returns
// the slog record's groups.
func neverPrinted(t *testing.T, c *Config, secret, name string, section any) map[string]map[string]any {
	t.Helper()
	var outs []string
	for _, f := range []string{"%v", "%+v", "%#v", "%s"} {
		outs = append(outs, fmt.Sprintf(f, c), fmt.Sprintf(f, *c), fmt.Sprintf(f, section))
	}
	var buf bytes.Buffer
	slog.New(slog.NewJSONHandler(&buf, nil)).Info("start", "config", c, name, section)
	j, _ := json.Marshal(c)
	y, _ := yaml.Marshal(c)
	outs = append(outs, buf.String(), string(j), string(y))
	for _, out := range outs {
		if strings.Contains(out, secret) || !strings.Contains(out, "***") {
			t.Errorf("not masked: %s", out)
		}
	}
	var rec struct{ Config map[string]any }
	if err := json.Unmarshal(buf.Bytes(), &rec); err != nil {
		t.Fatalf("slog JSON: %v %s", err, buf.String())
	}
	groups := map[string]map[string]any{}
	for k, v := range rec.Config {
		if g, ok := v.(map[string]any); ok {
			groups[k] = g
		}
	}
	return groups
}
