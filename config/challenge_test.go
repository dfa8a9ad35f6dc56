package config

import (
	"slices"
	"strings"
	"testing"
)

const challengeSecret = "Hc8nR2wq0ZbLx5TyUe7kMa3sVj9pDf1G"

func TestChallengeSecret(t *testing.T) {
	c, err := Parse([]byte("challenge:\n  secret: "+challengeSecret+"\n"), "t.yaml")
	if err != nil || c.Challenge.Secret.Reveal() != challengeSecret {
		t.Fatalf("%v %q", err, c.Challenge.Secret.Reveal())
	}
	// Trimmed like the tokens.
	c, err = Parse([]byte("challenge:\n  secret: \"  "+challengeSecret+"\\n\"\n"), "t.yaml")
	if err != nil || c.Challenge.Secret.Reveal() != challengeSecret {
		t.Errorf("trimmed: %v %q", err, c.Challenge.Secret.Reveal())
	}
	// None is allowed: the deployment offers no challenge.
	if c, err := Parse([]byte("language: fr\n"), "t.yaml"); err != nil || c.Challenge.Secret.IsSet() {
		t.Errorf("no secret: %v", err)
	}
	for _, tc := range []struct{ yaml, setting, want string }{
		{"challenge: {secret: short}", "challenge.secret", "must be at least 32 characters (such as the output of openssl rand -base64 32), not 5"},
		{"challenge: {secret: '" + challengeSecret + " " + challengeSecret + "'}", "challenge.secret", "must be the secret alone"},
		{"challenge: {secret: [" + challengeSecret + "]}", "challenge.secret", "must be a single value"},
		{"challenge: {secret: {" + challengeSecret + ": 1}}", "challenge.secret", "must be a single value"},
		{"challenge: {seed: 1}", "challenge.seed", "is not a setting"},
	} {
		_, err := Parse([]byte(tc.yaml), "tablee.yaml")
		settingErr(t, err, tc.setting, tc.want)
		if err != nil && strings.Contains(err.Error(), challengeSecret) {
			t.Errorf("%s: the secret is quoted in %v", tc.yaml, err)
		}
	}
	// Broken YAML on the secret's line: the error never quotes it.
	_, err = Parse([]byte("challenge:\n  secret: \""+challengeSecret+"\n listen: x\n"), "tablee.yaml")
	if err == nil || strings.Contains(err.Error(), challengeSecret) {
		t.Errorf("broken yaml: %v", err)
	}
	// The data file tools deal no challenge: its setting does not stop them.
	data, err := LoadDataWith(writeFile(t, "challenge: {secret: short}\n"), noEnv)
	if err != nil || data.Challenge.Secret.Reveal() != "short" {
		t.Errorf("LoadData: %v", err)
	}
}

func TestChallengeSecretFromTheEnvironment(t *testing.T) {
	path := writeFile(t, "language: fr\n")
	c, err := LoadWith(path, env(map[string]string{EnvChallengeSecret: challengeSecret + "\n"}))
	if err != nil || c.Challenge.Secret.Reveal() != challengeSecret {
		t.Fatalf("%v %q", err, c.Challenge.Secret.Reveal())
	}
	if !slices.Contains(c.Secrets(), challengeSecret) {
		t.Errorf("Secrets lacks the challenge secret: %d secrets", len(c.Secrets()))
	}
	// The environment wins over the file, and a bad one is refused unquoted.
	path = writeFile(t, "challenge:\n  secret: "+challengeSecret+"\n")
	_, err = LoadWith(path, env(map[string]string{EnvChallengeSecret: "tooshort-" + "x"}))
	settingErr(t, err, "challenge.secret", "must be at least 32 characters")
	if err != nil && strings.Contains(err.Error(), "tooshort-x") {
		t.Errorf("the environment's secret is quoted in %v", err)
	}
}

// TestChallengeSecretNeverPrinted: every way the configuration prints keeps
// the challenge secret masked, as the tokens.
func TestChallengeSecretNeverPrinted(t *testing.T) {
	c := Default()
	c.Challenge = Challenge{Secret: challengeSecret}
	if rec := neverPrinted(t, c, challengeSecret, "challenge", c.Challenge); rec["challenge"]["secret"] != "***" {
		t.Errorf("slog JSON: %v", rec)
	}
}
