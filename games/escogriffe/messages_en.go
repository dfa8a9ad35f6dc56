package escogriffe

import "github.com/tablee/tablee/i18n"

func init() {
	i18n.Register(i18n.EN, map[string]string{
		"escogriffe.scene.piles":        "Discard piles",
		"escogriffe.scene.info":         "Round %v · objective: %v {card|cards} · draw pile: %v",
		"escogriffe.scene.seat":         "%v\n%v {pt|pts} · %v in hand\nfigure %v/%v",
		"escogriffe.scene.seat_turn":    "► %v\n%v {pt|pts} · %v in hand\nfigure %v/%v",
		"escogriffe.scene.hand":         "Your hand",
		"escogriffe.scene.turn":         "► %v to play: draw, take a discard or place a card.",
		"escogriffe.scene.turn_discard": "► %v to discard a card.",
		"escogriffe.scene.turn_last":    "► Last chance: %v may complete a figure or pass.",
		"escogriffe.scene.over":         "Game over: %v.",
		"escogriffe.scene.done":         "Round %v: %v completes a figure of %v {card|cards}, +%v {point|points}.",
		"escogriffe.scene.done_blocked": "Round %v stopped: nobody could finish a figure any more.",
		"escogriffe.title":              "The Great Escogriffe",
		"escogriffe.title_of":           "Great Escogriffe",
		"escogriffe.title_at":           "The Great Escogriffe",

		// Shown by the bot's /games and /rules.
		"escogriffe.summary": "Build a figure from head to feet whose joins (shape and colour) match, exactly as tall as the objective rolled on the die. First to 50 points.",
		"escogriffe.rules": `Le Grand Escogriffe (Nova Carta, Fred Horn).
Each round the die sets the OBJECTIVE (5 to 12): everyone is dealt that many cards. A join = a shape (● ■ ▲ ★) and a colour (🟥 R red, 🟦 B blue, 🟩 V green, 🟨 J yellow). Cards: 🙂 head, body, 🟧 orange cards (same join top and bottom, the only ones that may be used twice), 👣 feet; 🛌 a lying card (drawing only). A card keeps its number as long as it is in your hand; a card drawn takes the first free number.
On your turn, one action:
• Draw then discard: "draw" or "take 2" (the top of discard pile 2), then "discard 5 1" (your card 5 on pile 1). Taking the last card of a pile means discarding on that same pile.
• Place a card at the top or the bottom of your figure: "place 3 top", "place 3 bottom". Joins must match; a head only goes on top, feet only at the bottom, nothing above a head or below feet; your first card may be any card. A figure may not be closed before the objective.
Whoever completes a figure from head to feet at exactly the objective scores its height + 3. Each other player may then place one last card: completing a figure (any height) scores its height; otherwise "pass".
The first player moves one seat each round. The first to 50 points at the end of a round wins (highest total; equal totals share).
A sentence works too: "I draw a card", "place card three at the top of my figure".`,

		// Refusals.
		"escogriffe.over":             "The game is over.",
		"escogriffe.not_your_turn":    "It is not your turn: waiting for %s.",
		"escogriffe.syntax":           "Move not understood. Examples: \"draw\", \"take 2\", \"discard 5 1\", \"place 3 top\", \"place 3 bottom\", \"pass\".",
		"escogriffe.no_face":          "You have no %s in hand: name the card by its number (\"place 3 top\").",
		"escogriffe.no_face_pile":     "%s is not on discard pile %d: \"take 2\" takes the top card of pile 2.",
		"escogriffe.pioche_empty":     "The draw pile is empty: take a card from a discard pile.",
		"escogriffe.no_pile":          "There is no discard pile %d (there are %d).",
		"escogriffe.pile_empty":       "Discard pile %d is empty.",
		"escogriffe.draw_first":       "Draw a card first (\"draw\" or \"take 1\"), or place a card (\"place 3 top\").",
		"escogriffe.cannot_pass":      "You may only pass at the last chance: draw a card (\"draw\") or place one (\"place 3 top\").",
		"escogriffe.must_discard":     "You drew a card: now discard a card from your hand (\"discard 5 1\").",
		"escogriffe.no_card":          "You have no card %d in your hand: your cards are numbered %s (a card keeps its number as long as it is in your hand).",
		"escogriffe.which_take":       "Which discard pile? \"take 1\" … up to \"take %d\".",
		"escogriffe.must_pile":        "You took the last card of discard pile %d: you must discard on that pile.",
		"escogriffe.which_pile":       "On which discard pile? \"discard %d 1\" … up to pile %d.",
		"escogriffe.which_side":       "Top or bottom? \"place %[1]d top\" or \"place %[1]d bottom\".",
		"escogriffe.above_head":       "Nothing goes above a head.",
		"escogriffe.below_feet":       "Nothing goes below feet.",
		"escogriffe.head_top_only":    "A head only goes at the top of the figure.",
		"escogriffe.feet_bottom_only": "Feet only go at the bottom of the figure.",
		"escogriffe.mismatch_top":     "%s does not fit at the top: the figure needs %s, the card offers %s.",
		"escogriffe.mismatch_bottom":  "%s does not fit at the bottom: the figure needs %s, the card offers %s.",
		"escogriffe.closes_short":     "This card would close your figure at %d {card|cards}, but the objective is %d: it could never grow again.",
		"escogriffe.not_completing":   "Last chance: only a card that completes your figure (head to feet) may be placed.",
		"escogriffe.last_chance_only": "Last chance: place a card that completes your figure (\"place 3 bottom\") or \"pass\".",

		// Events.
		"escogriffe.ev_round":       "Round %d: %s rolls the die and gets %d. Objective: %d {card|cards}.",
		"escogriffe.ev_draw":        "%s draws a card.",
		"escogriffe.ev_drawn":       "You drew %s (card %d of your hand).",
		"escogriffe.ev_take":        "%s takes %s from discard pile %d.",
		"escogriffe.ev_discard":     "%s discards %s on pile %d.",
		"escogriffe.ev_place":       "%s places %s %s of the figure.",
		"escogriffe.ev_complete":    "%s completes a great escogriffe of %d {card|cards}: %d {point|points}!",
		"escogriffe.ev_last_chance": "Last chance: each other player may place one card to complete a figure.",
		"escogriffe.ev_last_done":   "%s places %s and completes a figure of %d {card|cards}.",
		"escogriffe.ev_pass":        "%s passes.",
		"escogriffe.ev_reshuffle":   "The draw pile is empty: the discards are shuffled (%d {card|cards}) and %d new discard {pile|piles} turned; the draw pile holds %d.",
		"escogriffe.ev_blocked":     "Nobody can finish a figure at the objective any more: the round stops without a winner.",
		"escogriffe.ev_score":       "%s: +%d, total %d.",
		"escogriffe.ev_round_end":   "End of round %d.",
		"escogriffe.side_top":       "at the top",
		"escogriffe.side_bottom":    "at the bottom",

		// Views.
		"escogriffe.line_round":        "Round %d · objective %d {card|cards} · draw pile %d.",
		"escogriffe.line_seat":         "%s %s: %d {point|points} · %d {card|cards} in hand · figure %d/%d.",
		"escogriffe.line_turn_draw":    "%s to play: draw, take a discard, or place a card.",
		"escogriffe.line_turn_discard": "%s to discard a card.",
		"escogriffe.line_turn_last":    "Last chance: %s to play.",
		"escogriffe.line_winner":       "🏆 %v.",
		"escogriffe.line_over":         "Game over.",
		"escogriffe.line_done":         "Round %d: %s completed a figure of %d {card|cards} (+%d {point|points}).",
		"escogriffe.line_done_blocked": "Round %d stopped without a winner: nobody could finish a figure any more.",
		"escogriffe.line_last":         "Last move: %s",
		"escogriffe.line_legend":       "Colour marks (French): R red, B blue, V green, J yellow · ● round, ■ square, ▲ triangle, ★ star · 🙂 head, 👣 feet, 🟧 orange card (may be used twice), 🛌 lying card.",
		"escogriffe.line_hand":         "Your hand: %d {card|cards} (figure %d/%d). A card reads: top join/bottom join.",
		"escogriffe.line_discard_now":  "You drew %s: discard a card (\"discard 5 1\").",
		"escogriffe.line_can_place":    "You may place: %s (⬆ top, ⬇ bottom).",
		"escogriffe.line_cannot_place": "No card can be placed right now.",

		// Buttons.
		"escogriffe.btn_draw":    "Draw (%d)",
		"escogriffe.btn_take":    "Take from pile %d: %s",
		"escogriffe.btn_discard": "Discard %d: %s",
		"escogriffe.btn_on_pile": "On pile %d",
		"escogriffe.btn_place":   "Place %d: %s %s",
		"escogriffe.btn_pass":    "Pass",
	})
}
