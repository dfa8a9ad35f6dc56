package bot

// AutoTable is what the terminal's /auto finds at a chat's table: whether
// there is a game under way, and whom it waits for. With it /auto says why
// it plays nothing (no table, a lobby, a seat that is not the user's turn)
// and /auto all knows whose moves to play.
type AutoTable struct {
	// Table is the chat's table id, 0 when the chat has none open.
	Table uint64
	// Playing says the game is dealt and not over (false in a lobby).
	Playing bool
	// Seated are the users seated at the table, by seat.
	Seated []string
	// Waits are the seats the game waits for, in seat order.
	Waits []AutoSeat
}

// AutoSeat is a seat the game waits for.
type AutoSeat struct {
	User string // the user's id; a bot player's seat has its own
	Name string // as the table shows it to players of the table's language
	// Bot says a bot player moves for the seat by itself (a bot player,
	// a player who left, or away at a table that has bots play for the
	// absent): the core plays it, /auto has nothing to do.
	Bot bool
}

// Auto reports a chat's table for /auto.
func (c *Core) Auto(chat string) AutoTable {
	t := c.lockLive(c.tableFor(Command{Chat: chat}))
	if t == nil {
		return AutoTable{}
	}
	defer c.unlock(t)
	a := AutoTable{Table: t.ID, Playing: t.Phase == Playing && !t.over()}
	for _, s := range t.Seats {
		if !s.Left {
			a.Seated = append(a.Seated, s.User)
		}
	}
	for _, w := range t.waiting() {
		a.Waits = append(a.Waits, AutoSeat{User: t.Seats[w.Seat].User, Name: t.nameIn(w.Seat, t.Settings.Lang), Bot: t.botPlays(w.Seat)})
	}
	return a
}

// CommandName is the English name of a command typed in either language
// ("aide" is "help"): the terminal recognises the commands it completes.
func CommandName(typed string) string { return canonical(typed) }
