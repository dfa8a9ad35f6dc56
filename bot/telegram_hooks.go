package bot

// SetPrivateReachable records what an adapter learned on its own about a
// user's private chat: Telegram users who write to the bot in private can be
// reached there from then on (ok), and a probe that Telegram refused
// (403, the user never opened the bot) means they cannot. The core uses the
// mark to warn and to refuse to start a game whose hands cannot be delivered;
// without this hook a seated user who opens the private chat afterwards
// would stay marked until some private message happened to reach him.
func (c *Core) SetPrivateReachable(user string, ok bool) {
	c.updateUser(user, func(u *userRecord) { u.NoDM = !ok })
}
