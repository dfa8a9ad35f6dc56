// Extracts Tablée's French word lists from the Grammalecte dictionary
// (MPL-2.0) as packaged in @cspell/dict-fr-fr, and writes them, gzipped,
// into the directory given as the first argument (games/lexicon/data).
//
//   npm ci && node generate.mjs ../../games/lexicon/data
//
// Outputs (one entry a line, sorted, UTF-8):
//   words.txt.gz      folded common words (A-Z only)
//   names.txt.gz      folded proper nouns
//   spellings.txt.gz  accented spellings, in the order of their folded form,
//                     of the common words whose display form is not simply
//                     the lowercase fold (ELEVE: élève, élevé); Go refolds
//                     each line to find its word, so the fold isn't stored
//
// The folding must match lexicon.Fold in Go: NFD, drop combining marks,
// Œ -> OE and Æ -> AE, uppercase, keep only strings of A-Z.
import { importTrie } from 'cspell-trie-lib';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gunzipSync, gzipSync } from 'node:zlib';
import { join, dirname } from 'node:path';

const outDir = process.argv[2];
if (!outDir) {
  console.error('usage: node generate.mjs OUT_DIR');
  process.exit(2);
}

const require = createRequire(import.meta.url);
const dictDir = dirname(require.resolve('@cspell/dict-fr-fr/cspell-ext.json'));
const raw = gunzipSync(readFileSync(join(dictDir, 'fr-fr.trie.gz'))).toString('utf8');
const root = importTrie(raw);

function fold(s) {
  const f = s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/œ/g, 'oe').replace(/Œ/g, 'OE')
    .replace(/æ/g, 'ae').replace(/Æ/g, 'AE')
    .toUpperCase();
  return /^[A-Z]+$/.test(f) ? f : null;
}

// The trie also stores elided forms (d’, l’, qu’… in front of every word),
// compounds and an accent-free "~" copy of everything: enumerating all of it
// exhausts memory. Walking the trie ourselves lets us prune a branch at the
// first character that can never fold to a letter.
const letterCache = new Map();
function isLetter(ch) {
  let ok = letterCache.get(ch);
  if (ok === undefined) {
    ok = fold(ch) !== null;
    letterCache.set(ch, ok);
  }
  return ok;
}

// Grammalecte lists unit symbols and abbreviations among its lowercase
// entries (km, kg, http, etc, atm). The trie has lost the tags that mark
// them, so they are recognised here: a string of two letters or more with
// no vowel is a symbol, but for the interjections that French dictionaries
// accept; and a few abbreviations with a vowel are named one by one. A game
// that accepts "KM" as a word would not be honest.
const vowelless = /^[^AEIOUY]{2,}$/;
const interjections = new Set(['BRR', 'BRRR', 'GRRR', 'HM', 'HMM', 'MMM', 'PFF', 'PFFT', 'PST', 'PSST', 'TSS', 'ZZZ', 'ZZZZ', 'CRWTH', 'CRWTHS']);
// Two-letter unit symbols and abbreviations with a vowel: ac (alternating
// current), ag (assemblée générale), av (avenue), ed (édition), oz, ua
// (unité astronomique), the yocto- units (yd, yg, ym, ys...), and a few
// more that no French word game accepts.
const abbreviations = new Set(['ETC', 'ATM', 'KCAL',
  'AB', 'AC', 'AD', 'AE', 'AG', 'AL', 'AM', 'AV', 'ED', 'OE', 'OZ', 'QU', 'UA', 'UD',
  'YD', 'YG', 'YL', 'YM', 'YS']);
function isSymbol(folded) {
  return (vowelless.test(folded) && !interjections.has(folded)) || abbreviations.has(folded);
}

const common = new Map(); // folded -> Set of spellings
const names = new Set();
let entries = 0;

function walk(node, prefix) {
  if (node.f) {
    entries++;
    const folded = fold(prefix);
    if (folded) {
      if (prefix === prefix.toLowerCase()) {
        if (isSymbol(folded)) {
          symbols++;
          return walkChildren(node, prefix);
        }
        let set = common.get(folded);
        if (!set) common.set(folded, (set = new Set()));
        set.add(prefix);
      } else if (prefix[0] !== prefix[0].toLowerCase()) {
        names.add(folded);
      }
      // Anything else starts lowercase but holds capitals: unit symbols
      // such as "kWh" or "aBq", neither common words nor names.
    }
  }
  walkChildren(node, prefix);
}

function walkChildren(node, prefix) {
  if (!node.c) return;
  for (const [ch, child] of Object.entries(node.c)) {
    if (isLetter(ch)) walk(child, prefix + ch);
  }
}
let symbols = 0;
walk(root, '');

const byCodeUnit = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
const words = [...common.keys()].sort(byCodeUnit);
const spellings = [];
for (const w of words) {
  const forms = [...common.get(w)].sort(byCodeUnit);
  if (forms.length > 1 || forms[0] !== w.toLowerCase()) {
    spellings.push(...forms);
  }
}
const nameList = [...names].sort(byCodeUnit);

mkdirSync(outDir, { recursive: true });
const write = (file, lines) => {
  // mtime 0 in the gzip header: regenerating gives byte-identical files.
  const data = gzipSync(Buffer.from(lines.join('\n') + '\n', 'utf8'), { level: 9 });
  data.writeUInt32LE(0, 4);
  writeFileSync(join(outDir, file), data);
};
write('words.txt.gz', words);
write('names.txt.gz', nameList);
write('spellings.txt.gz', spellings);
console.log(`${entries} letter-only entries: ${words.length} common words, ` +
  `${nameList.length} proper nouns, ${spellings.length} accented spellings; ` +
  `${symbols} symbols and abbreviations left out`);
