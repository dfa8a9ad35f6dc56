package games

import "github.com/tablee/tablee/i18n"

// Victory says who won a finished game, as one clause every game frames
// in its own sentence ("🏆 %v.", "Partie terminée : %v."): "alice gagne
// avec 43 points", or, when equal totals share the win, "alice et bob se
// partagent la victoire avec 43 points", never one "gagne" per winner.
// seats are the winners (Result.Winners), points their total. No seats
// make the zero Msg.
func Victory(seats []int, points int) i18n.Msg {
	names := make([]any, len(seats))
	for i, s := range seats {
		names[i] = i18n.Seat(s)
	}
	switch len(seats) {
	case 0:
		return i18n.Msg{}
	case 1:
		return i18n.T("games.victory", names[0], points)
	}
	return i18n.T("games.victory_shared", i18n.And(names...), points)
}

// Victory says who won the game: its winners and their total (Victory).
func (r Result) Victory() i18n.Msg {
	w := r.Winners()
	if len(w) == 0 {
		return i18n.Msg{}
	}
	return Victory(w, r.Scores[w[0]])
}
