package duplicate

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"errors"
)

// ErrNoSecret is a seed asked without the deployment's secret: the deal
// would be the same in every deployment and known in advance.
var ErrNoSecret = errors.New("duplicate: the challenge needs the deployment's secret")

// seedVersion is part of what is signed, so that a change in the way a
// deal is made from its seed can start new seeds rather than give an old
// day's seed another deal.
const seedVersion = "tablee-challenge-v1"

// Seed is the seed of a game's challenge on a day: HMAC-SHA256 of the day
// and the game keyed by the deployment's secret. Every process of a
// deployment holds the same secret, so all deal the same challenge; without
// the secret nobody can compute tomorrow's deal; another deployment (another
// secret) deals another. The game is part of the message so that two games
// of one day do not share a seed.
func Seed(secret []byte, game string, day Day) (uint64, error) {
	if len(secret) == 0 {
		return 0, ErrNoSecret
	}
	mac := hmac.New(sha256.New, secret)
	// Zero bytes separate the parts: no game name or day holds one, so
	// two different (game, day) pairs never sign the same bytes.
	mac.Write([]byte(seedVersion + "\x00" + game + "\x00" + day.String()))
	return binary.BigEndian.Uint64(mac.Sum(nil)[:8]), nil
}
