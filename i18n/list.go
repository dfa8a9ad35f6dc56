package i18n

// And lists items as a sentence says them: "alice", "alice et bob",
// "alice, bob et chloé" ("alice, bob and chloé" in English). An item is
// whatever a message takes as an argument: a Seat, a Msg, a word. No
// items make the zero Msg: the caller says "nobody" in its own words.
func And(items ...any) Msg { return list("i18n.list.and", items) }

// Or lists items as a choice: "a", "a ou b", "a, b ou c".
func Or(items ...any) Msg { return list("i18n.list.or", items) }

// list joins items with commas and the last with the key's word.
func list(last string, items []any) Msg {
	switch len(items) {
	case 0:
		return Msg{}
	case 1:
		return T("i18n.list.one", items[0])
	}
	head := T("i18n.list.one", items[0])
	for _, it := range items[1 : len(items)-1] {
		head = T("i18n.list.comma", head, it)
	}
	return T(last, head, items[len(items)-1])
}
