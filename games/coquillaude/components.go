package coquillaude

// Components of the game (rules page, "Components"): the bag, the board, the
// dice and the booklet entries.

// Size is the side of the board: 21 x 21, columns A-U, rows 1-21 from the top.
const Size = 21

// BagSize is the number of pions (CQ-D1).
const BagSize = 171

// bagLetters is CQ-D1: E24 A14 I13 S12 N11 R11 T11 U10 O10 L9 C6 D6 M5 P5 G3
// B3 F3 H3 V3 J2 Q2 X1 Y1 Z1 K1 W1 (171 pions).
var bagLetters = []struct {
	l byte
	n int
}{
	{'E', 24}, {'A', 14}, {'I', 13}, {'S', 12}, {'N', 11}, {'R', 11}, {'T', 11}, {'U', 10}, {'O', 10},
	{'L', 9}, {'C', 6}, {'D', 6}, {'M', 5}, {'P', 5}, {'G', 3}, {'B', 3}, {'F', 3}, {'H', 3},
	{'V', 3}, {'J', 2}, {'Q', 2}, {'X', 1}, {'Y', 1}, {'Z', 1}, {'K', 1}, {'W', 1},
}

// fullBag returns the 171 pions in alphabetical-frequency order (unshuffled).
func fullBag() []byte {
	out := make([]byte, 0, BagSize)
	for _, bl := range bagLetters {
		for i := 0; i < bl.n; i++ {
			out = append(out, bl.l)
		}
	}
	return out
}

// shellCells are the 20 coquilles, 0-indexed (row, col), as the page lists them.
var shellCells = [20][2]int{
	{2, 2}, {2, 10}, {2, 18}, {10, 2}, {10, 18}, {18, 2}, {18, 10}, {18, 18},
	{5, 7}, {5, 13}, {7, 5}, {7, 15}, {13, 5}, {13, 15}, {15, 7}, {15, 13},
	{8, 10}, {10, 8}, {10, 12}, {12, 10},
}

var isShell [Size * Size]bool

func init() {
	for _, rc := range shellCells {
		isShell[rc[0]*Size+rc[1]] = true
	}
}

// inOrange tells whether a cell lies in the orange zone, the centre 5 x 5
// (I9 to M13: rows and columns 8-12, 0-indexed).
func inOrange(r, c int) bool { return r >= 8 && r <= 12 && c >= 8 && c <= 12 }

// Entry kinds of the booklet (CQ-D2).
const (
	entryStar1  = 1 // 1-star question: 4 pions if right
	entryStar2  = 2 // 2 stars: 6
	entryStar3  = 3 // 3 stars: 8
	entryFree6  = 4 // coquillaudinette: 6 pions, no question
	entryFree8  = 5 // coquillaudette: 8
	entryFree10 = 6 // coquillaude: 10
)

// entryPions is what an entry gives: for a question, the pions of a right
// answer (a wrong one or none gives 2).
func entryPions(kind int) int {
	switch kind {
	case entryStar1:
		return 4
	case entryStar2:
		return 6
	case entryStar3:
		return 8
	case entryFree6:
		return 6
	case entryFree8:
		return 8
	case entryFree10:
		return 10
	}
	return 0
}

// wrongPions is what a wrong answer, or none, still gives.
const wrongPions = 2

func isQuestion(kind int) bool { return kind >= entryStar1 && kind <= entryStar3 }

// fixedEntries are the sheet's examples (CQ-D2).
var fixedEntries = map[int]int{6432: entryStar2, 4315: entryFree6, 5322: entryStar3, 5516: entryStar1}

// entryKind is the kind of the entry of a number (1111-6666): the sheet's
// examples, else a fixed hash of the number (CQ-D2: about 40 % one star,
// 28 % two, 20 % three, 6 % / 4 % / 2 % the free draws). The hash is the same
// in every game and every version, so that players learn nothing new by
// reloading.
func entryKind(number int) int {
	if k, ok := fixedEntries[number]; ok {
		return k
	}
	h := mix64(uint64(number)*0x2545f4914f6cdd1d+0x436f7175696c6c61) % 100
	switch {
	case h < 40:
		return entryStar1
	case h < 68:
		return entryStar2
	case h < 88:
		return entryStar3
	case h < 94:
		return entryFree6
	case h < 98:
		return entryFree8
	}
	return entryFree10
}

// validNumber tells whether n is a roll of four dice (digits 1-6).
func validNumber(n int) bool {
	if n < 1111 || n > 6666 {
		return false
	}
	for i := 0; i < 4; i++ {
		if d := n % 10; d < 1 || d > 6 {
			return false
		}
		n /= 10
	}
	return true
}

// giftCount is CQ-D3: the pions each other player gives for a roll. Only
// the highest rule applies: four equal digits 4; the last three equal 3; an
// ordered double pair (AABB with A != B: 2233, 5522; not 2323, 2332) 2; the
// last two equal 1.
func giftCount(n int) int {
	d := [4]int{n / 1000, n / 100 % 10, n / 10 % 10, n % 10}
	switch {
	case d[0] == d[1] && d[1] == d[2] && d[2] == d[3]:
		return 4
	case d[1] == d[2] && d[2] == d[3]:
		return 3
	case d[0] == d[1] && d[2] == d[3]:
		return 2
	case d[2] == d[3]:
		return 1
	}
	return 0
}

// mix64 is the splitmix64 finaliser.
func mix64(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Directions of a word (CQ-D4).
const (
	dirRight     = iota // horizontal, left to right
	dirDown             // vertical, top to bottom
	dirDownRight        // diagonal down-right, read left to right
	dirUpRight          // diagonal up-right, read left to right
)

var dirStep = [4][2]int{{0, 1}, {1, 0}, {1, 1}, {-1, 1}}

// cellName is "H11".
func cellName(r, c int) string {
	return string(rune('A'+c)) + itoa(r+1)
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
