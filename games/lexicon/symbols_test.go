package lexicon

import (
	"strings"
	"testing"
)

// Symbols, abbreviations and acronyms are no words. Grammalecte marks
// symbols with the KEEPCASE flag (the SI prefixes are affixes of them:
// ACD is the attocandela, ASR the attosteradian, PN the petanewton) and
// writes acronyms in capitals; the generator leaves both out of the common
// words, and acronyms out of the proper nouns.
func TestSymbolsAndAbbreviationsAreNoWords(t *testing.T) {
	lex := Default()
	for _, w := range []string{
		"ACD", "ASR", "KM", "KG", "CM", "HZ", "KWH", "HTTP", "WWW", "COM", "ORG", "ETC", "CF", "VS",
		"ATM", "KCAL", "AC", "AV", "OZ", "UA", "YD", "PN", "TEP", "KO",
		"TV", "BD", "BMW", "SNCF", "ONU", "ADN", "PDG", "HLM",
	} {
		if lex.Has(w) {
			t.Errorf("%s accepted as a word", w)
		}
	}
	for _, w := range []string{"HMM", "PFF", "BRRR", "CRWTH", "COL", "MAISON", "OU", "QI", "ID", "BAR", "BIT", "OS", "CAP", "BAC"} {
		if !lex.Has(w) {
			t.Errorf("%s refused", w)
		}
	}
}

// La Coquillaude accepts proper nouns: acronyms and unit symbols must not
// be among them, while names stay (EVA is Éva, JO is Jo).
func TestAcronymsAreNoProperNouns(t *testing.T) {
	names := ProperNouns()
	for _, w := range []string{"TV", "BD", "PN", "BMW", "SNCF", "ONU", "CNRS", "ADN", "GHZ", "MBQ", "GRAD", "IV", "XIV"} {
		if names.Has(w) {
			t.Errorf("%s is a proper noun", w)
		}
	}
	for _, w := range []string{"PARIS", "ARISTOTE", "EVA", "JO", "NDJAMENA", "MCKINLEY", "BIDEN"} {
		if !names.Has(w) {
			t.Errorf("%s is not a proper noun", w)
		}
	}
}

func TestIsAcronym(t *testing.T) {
	for _, w := range []string{"TV", "tv", "BD", "BMW", "SNCF", "ONU", "ADN", "ARNm", "CNRS", "URSS"} {
		if !IsAcronym(w) {
			t.Errorf("IsAcronym(%q) = false", w)
		}
	}
	// A unit symbol is no acronym; a string that is a word or a name as
	// well is that word or name.
	for _, w := range []string{"PN", "KM", "OS", "EVA", "PARIS", "MAISON", "", "T-V"} {
		if IsAcronym(w) {
			t.Errorf("IsAcronym(%q) = true", w)
		}
	}
}

// The acronym list is folded, sorted and disjoint from the words and the
// names, as IsAcronym's binary search and its meaning need.
func TestCommittedAcronyms(t *testing.T) {
	list, err := gunzipLines(embeddedAcronymsGz)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) < 400 {
		t.Fatalf("only %d acronyms", len(list))
	}
	lex, names := Default(), ProperNouns()
	for i, a := range list {
		if f, ok := Fold(a); !ok || f != a {
			t.Fatalf("acronym %q folds to %q %v", a, f, ok)
		}
		if i > 0 && list[i-1] >= a {
			t.Fatalf("acronyms out of order at %q", a)
		}
		if lex.Has(a) || names.Has(a) {
			t.Errorf("acronym %s is also a word or a name", a)
		}
	}
}

// Words French writes with an inner apostrophe are in the graph without
// it, as in the Scrabble list, and are found whichever way they are typed;
// elided forms are no words.
func TestInnerApostropheWords(t *testing.T) {
	lex := Default()
	for _, w := range []string{
		"AUJOURDHUI", "aujourd'hui", "aujourd’hui", "PRESQUILE", "presqu’île", "presqu'île",
		"QUELQUUN", "quelqu'un", "QUELQUUNE", "PRUDHOMME", "prud'homme", "PRUDHOMMES", "PRUDHOMIE",
		"entr'ouvrir", "ENTROUVRIRONS", "entrʼouvert", "Presqu'Île",
	} {
		if !lex.Has(w) {
			t.Errorf("%s refused", w)
		}
	}
	for _, w := range []string{"NIMPORTE", "n'importe", "DAUCUNS", "TIL", "l'arbre", "qu'il", "aujourd'", "'hui"} {
		if lex.Has(w) {
			t.Errorf("%s accepted as a word", w)
		}
	}
	if got := strings.Join(lex.Spellings("AUJOURDHUI"), " "); got != "aujourd’hui" {
		t.Errorf("Spellings(AUJOURDHUI) = %q", got)
	}
}

// frequentWords are common French words: leaving symbols out must keep
// every one of them.
const frequentWords = "" +
	"le de un être et à il avoir ne je son que se qui ce dans en du elle au pour pas vous par " +
	"sur faire plus dire me on mon lui nous comme mais pouvoir avec tout y aller voir bien où " +
	"sans tu ou leur homme si deux mari moi vouloir te femme venir quand grand celui notre " +
	"devoir là jour prendre même votre rien petit encore aussi quelque dont mer trouver " +
	"donner temps ça peu falloir sous parler alors main chose ton mettre vie savoir yeux " +
	"passer autre après regarder toujours puis jamais cela aimer non heure croire cent monde " +
	"donc enfant fois seul entendre contre tête depuis ami père mère maison rester répondre " +
	"nuit porte eau terre noir blanc rouge vert bleu jaune cœur âme dieu roi reine pays ville " +
	"rue route chemin voiture train avion bateau école livre lettre mot phrase question " +
	"réponse travail argent prix marché pain vin lait fromage viande poisson pomme fleur " +
	"arbre forêt montagne rivière ciel soleil lune étoile vent pluie neige froid chaud été " +
	"hiver printemps automne matin soir midi semaine mois année siècle histoire guerre paix " +
	"loi droit état peuple gens famille frère sœur fils fille oncle tante cousin chien chat " +
	"cheval oiseau vache mouton cochon poule lapin souris table chaise lit fenêtre mur toit " +
	"jardin cuisine chambre salle bureau clé feu lumière ombre couleur forme bruit silence " +
	"voix chant musique danse jeu carte dé pion plateau partie joueur gagner perdre jouer " +
	"lire écrire compter chanter danser courir marcher sauter nager manger boire dormir rêver " +
	"penser oublier apprendre comprendre connaître ouvrir fermer monter descendre entrer " +
	"sortir partir arriver tomber mourir naître vivre beau belle joli laid bon mauvais vrai " +
	"faux facile difficile rapide lent haut bas long court gros mince jeune vieux nouveau " +
	"ancien premier dernier heureux triste content fatigué malade fort faible riche pauvre " +
	"libre plein vide ouvert fermé chaque plusieurs beaucoup trop assez très moins souvent " +
	"parfois hier demain maintenant bientôt tard tôt ici ailleurs dehors dedans devant " +
	"derrière entre vers chez pendant avant élève élevé garçon œuvre naïf noël cerise hôpital " +
	"île château"

func TestFrequentWordsKept(t *testing.T) {
	lex := Default()
	words := strings.Fields(frequentWords)
	if len(words) < 300 {
		t.Fatalf("only %d frequent words", len(words))
	}
	for _, w := range words {
		if !lex.Has(w) {
			t.Errorf("%s refused", w)
		}
	}
}
