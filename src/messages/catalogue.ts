// Every message brochure prints, by code, in English and Italian: `{name}` marks a value filled in when the message is made.
//
// How to add a message:
// 1. Add an entry below: a new code, its English and its Italian, each with the same `{name}`s. The
//    Italian may explain more (editors are not developers). test/unit/messages.test.ts checks both.
// 2. Make it with `say('code', { name: value })` (src/messages/text.ts): TypeScript checks the values
//    against the English's `{name}`s. Hand it on as it is (`new ContentError(file, line, field, say(…))`,
//    `new OutputRefused(say(…))`); whatever prints it renders it in the reader's language.
// 3. A value that needs translating too (a kind of value, a folder's name) is itself a `say(…)` of a
//    fragment below; names, paths, sizes and quoted content are plain strings.
// 4. `editor`: the Italian the web editor shows instead, where she meets a photo she picked and a field
//    by its label, not files and keys; the same `{name}`s or fewer (src/cms/entry-check.ts).
// Never compose a message's English anywhere else, and never read a message's English back.

/** One message: its English and its Italian, and the web editor's Italian where it differs. */
export interface Message {
  readonly en: string;
  readonly it: string;
  readonly editor?: string;
}

/** Photos as the editor meets them, picked on her phone or computer: the editor converts a HEIC it can read. */
const EDITOR_HEIC =
  'la foto "{image}" è in formato HEIC (quello dell’iPhone), che il sito non può mostrare: caricala di nuovo con «Sostituisci l’immagine», e l’area di redazione la converte da sola. Se non ci riesce, prendila in JPEG: sull’iPhone, Impostazioni › Fotocamera › Formati › «Più compatibile» fa salvare in JPEG le foto da lì in poi; sul Mac, aprila in Anteprima e usa File › Esporta › JPEG';

/** Every message and every piece of one, by code. */
export const CATALOGUE = {
  // What a field expects: the words after "expected" (`expected`, `expectedGot`), and the part of an
  // `expected … or …` list a check contributes (src/content/validate.ts).
  imagePath: {
    en: 'a path like "images/photo.jpg" (jpg, png, webp, avif or svg inside content/images/)',
    it: 'il percorso di un’immagine come "images/foto.jpg" (jpg, png, webp, avif o svg nella cartella content/images/)',
  },
  httpUrl: { en: 'an absolute http(s) URL', it: 'un indirizzo web completo, che inizia con https://' },
  dateShape: {
    en: 'a date written as YYYY, YYYY-MM or YYYY-MM-DD',
    it: 'una data scritta come AAAA, AAAA-MM o AAAA-MM-GG (per esempio 2019-03)',
  },
  calendarDate: {
    en: 'a real calendar date (check the month and the day)',
    it: 'una data che esista nel calendario (controlla il mese e il giorno)',
  },
  vatShape: {
    en: 'the 11 digits of a partita IVA, in quotes, such as "01234567897"',
    it: 'le 11 cifre della partita IVA, tra virgolette, come "01234567897"',
  },
  phone: { en: 'a phone number such as "+39 333 000 0000"', it: 'un numero di telefono come "+39 333 000 0000"' },
  email: { en: 'an e-mail address', it: 'un indirizzo e-mail, come nome@esempio.it' },
  githubRepo: {
    en: 'a GitHub repository as owner/name, such as "studio-pss/sito"',
    it: 'un repository GitHub scritto come proprietario/nome, per esempio "studio-pss/sito"',
  },
  httpInCsp: {
    en: 'an https:// URL; this origin goes into the Content-Security-Policy, and over http:// anyone on the network could change what it loads',
    it: 'un indirizzo https://: questa origine entra nella Content-Security-Policy, e con http:// chiunque sulla rete potrebbe cambiare ciò che carica',
  },
  // Kinds of value, and how a file's value is described (`{expected}`, `{got}`).
  text: { en: 'text', it: 'un testo' },
  number: { en: 'a number', it: 'un numero' },
  wholeNumber: { en: 'a whole number', it: 'un numero intero' },
  boolean: { en: 'true or false', it: 'true (sì) o false (no)' },
  list: { en: 'a list', it: 'un elenco' },
  fields: { en: 'a set of fields', it: 'un gruppo di campi' },
  emptyValue: { en: 'an empty value', it: 'un valore vuoto' },
  emptyList: { en: 'an empty list', it: 'un elenco vuoto' },
  somethingElse: { en: 'something else', it: 'un altro valore' },
  // Field checks (src/content/validate.ts, src/content/schema.ts)
  expected: { en: 'expected {what}', it: 'serve {what}' },
  expectedGot: { en: 'expected {expected}, got {got}', it: 'serve {expected}, invece c’è {got}' },
  // A check's own message followed by the value found.
  // The editor shows the value in its field.
  gotValue: { en: '{message}, got {got}', it: '{message}; c’è {got}', editor: '{message}' },
  // A number's bounds and a text's exact length, as zod words them in English (src/content/validate.ts).
  numberAbove: { en: 'Too small: expected number to be >{limit}', it: 'serve un numero maggiore di {limit}' },
  numberAtLeast: { en: 'Too small: expected number to be >={limit}', it: 'serve un numero da {limit} in su' },
  numberBelow: { en: 'Too big: expected number to be <{limit}', it: 'serve un numero minore di {limit}' },
  numberAtMost: { en: 'Too big: expected number to be <={limit}', it: 'serve un numero fino a {limit}' },
  textTooLongExact: {
    en: 'Too big: expected string to have exactly {limit} characters',
    it: 'servono esattamente {limit} caratteri',
  },
  textTooShortExact: {
    en: 'Too small: expected string to have exactly {limit} characters',
    it: 'servono esattamente {limit} caratteri',
  },
  // zod's own wording, for any other check the schema gives no message of its own, alone
  // and with the value found: zod says it in English only.
  schemaOther: { en: '{message}', it: '{message}' },
  schemaOtherGot: { en: '{message}, got {got}', it: '{message}, got {got}' },
  requiredMissing: { en: 'required field is missing', it: 'manca questo campo, che è obbligatorio: aggiungilo' },
  unknownFieldSuggestion: {
    en: 'unknown field, ignored; did you mean "{suggestion}"?',
    it: 'campo sconosciuto, ignorato (il sito non lo usa): forse volevi scrivere "{suggestion}"?',
  },
  unknownFieldList: {
    en: 'unknown field, ignored; known fields: {known}',
    it: 'campo sconosciuto, ignorato (il sito non lo usa); i campi possibili sono: {known}',
  },
  unknownFields: { en: 'unknown fields {keys}', it: 'campi sconosciuti: {keys}' },
  imageNotFound: {
    en: 'image "{image}" not found; add it to content/images/ or fix the name',
    it: 'l’immagine "{image}" non c’è: aggiungila nella cartella content/images/ o correggi il nome',
  },
  duplicateSlug: {
    en: '"{slug}" is already used by {other}; two professionals cannot share a URL, rename one of the files',
    it: '"{slug}" è già usato da {other}: due professionisti non possono avere lo stesso indirizzo, rinomina uno dei due file',
  },
  reservedSlug: {
    en: '"{slug}" is a built-in route of the site ({routes}); rename the file',
    it: '"{slug}" è già un indirizzo del sito ({routes}): rinomina il file',
  },
  mustNotBeEmpty: { en: 'must not be empty', it: 'non può essere vuoto', editor: 'è vuoto: scrivi qualcosa' },
  vatCheckDigit: {
    en: 'the check digit (the last one) does not match the other ten, so a digit is probably mistyped; copy the partita IVA again from its VAT registration',
    it: 'l’ultima cifra (di controllo) non corrisponde alle altre dieci, quindi probabilmente una cifra è sbagliata: ricopia la partita IVA dal certificato di attribuzione',
  },
  specialisationMin: { en: 'list at least one specialisation', it: 'scrivi almeno una specializzazione' },
  // Files and folders (src/content/load.ts)
  fileMissing: {
    en: 'is missing; every site needs it (see README, "Content layout")',
    it: 'manca: ogni sito ha bisogno di questo file',
  },
  frontMatterMissing: {
    en: 'is missing; start the file with a block between two "---" lines holding its fields (see README, "Content layout")',
    it: 'manca: il file deve iniziare con i suoi campi, racchiusi tra due righe "---"',
  },
  professionalFileName: {
    en: '"{name}" cannot be a URL; use lowercase letters, digits and dashes, such as "{example}"',
    it: '"{name}" non può diventare un indirizzo: usa solo lettere minuscole, cifre e trattini, come "{example}"',
  },
  noServices: {
    en: 'no service files found; the Percorsi page needs at least one, such as services/01-colloquio.md',
    it: 'non c’è nessun percorso: la pagina Percorsi ne vuole almeno uno, come services/01-colloquio.md',
  },
  serviceFileName: {
    en: '"{name}" needs a number prefix that sets its place in the list, such as "{example}"',
    it: '"{name}" deve iniziare con un numero, che ne stabilisce il posto nell’elenco, come "{example}"',
  },
  brokenLink: {
    en: '{where} links to {url}, which is not a page or file of the site',
    it: '{where} punta a {url}, che non è una pagina né un file del sito',
  },
  // A template or stylesheet that does not compile: esbuild's own words (src/bundle/esbuild-cache.ts).
  compileError: { en: '{text}', it: '{text}' },
  compileErrorAt: { en: '{text} (column {column})', it: '{text} (colonna {column})' },
  // Inputs brochure refuses (src/refusals.ts); refusals.test.ts builds each one and checks it is found here.
  // What a path is when it is not a regular file (`{kind}`).
  kindFolder: { en: 'a folder', it: 'una cartella' },
  kindPipe: { en: 'a named pipe', it: 'una pipe con nome' },
  kindSocket: { en: 'a socket', it: 'un socket' },
  kindDevice: { en: 'a device', it: 'un dispositivo' },
  kindOther: { en: 'not a regular file', it: 'non un file normale' },
  fileSpecial: {
    en: 'is {kind}, not a file; remove it or replace it with a regular file',
    it: 'non è un file normale ({kind}): toglilo o sostituiscilo con un file vero',
  },
  fileTooLarge: {
    en: 'is {size}; content files may be at most {limit} (a page that long would not be read anyway); split it or shorten it',
    it: 'pesa {size}, ma un file dei contenuti può arrivare al massimo a {limit} (una pagina così lunga nessuno la leggerebbe): dividilo o accorcialo',
  },
  fileLoop: {
    en: 'is a symbolic link that leads back to itself (a loop); replace it with the file it should point to',
    it: 'è un collegamento che rimanda a sé stesso (un giro chiuso): sostituiscilo con il file a cui dovrebbe puntare',
  },
  fileUnreadable: {
    en: 'cannot be read: permission denied; check who owns it (ls -l) and make it readable (chmod a+r)',
    it: 'non si può leggere (permesso negato): controlla a chi appartiene (ls -l) e rendilo leggibile (chmod a+r)',
  },
  fileFolder: {
    en: 'is a folder, not a file; remove it or rename it',
    it: 'è una cartella, non un file: toglila o rinominala',
  },
  notUtf8Byte: {
    en: 'the file is not UTF-8 text; it looks like {encoding} (byte 0x{byte} cannot start a UTF-8 character). Open it in your editor and save it with the encoding "UTF-8" (for example in VS Code: "Save with Encoding", in Notepad: "Save as", Encoding: UTF-8)',
    it: 'il file non è salvato come testo UTF-8: sembra {encoding} (il byte 0x{byte} non può iniziare un carattere UTF-8). Aprilo nel tuo editor e salvalo con la codifica "UTF-8" (in VS Code: "Salva con codifica", nel Blocco note: "Salva con nome", Codifica: UTF-8)',
  },
  notUtf8: {
    en: 'the file is not UTF-8 text; it looks like {encoding}. Open it in your editor and save it with the encoding "UTF-8" (for example in VS Code: "Save with Encoding", in Notepad: "Save as", Encoding: UTF-8)',
    it: 'il file non è salvato come testo UTF-8: sembra {encoding}. Aprilo nel tuo editor e salvalo con la codifica "UTF-8" (in VS Code: "Salva con codifica", nel Blocco note: "Salva con nome", Codifica: UTF-8)',
  },
  aliasBomb: {
    en: 'the aliases (*name) expand to too much data (more than {limit} copies); write the values out instead of repeating aliases of aliases',
    it: 'gli alias (*nome) producono troppi dati (più di {limit} copie): scrivi i valori per esteso invece di ripetere alias di alias',
  },
  bodyTooLarge: {
    en: 'is {size}; a page body may be at most {limit} (about 40,000 words); split it into several pages',
    it: 'pesa {size}, ma il testo di una pagina può arrivare al massimo a {limit} (circa 40.000 parole): dividilo in più pagine',
  },
  headingTooHigh: {
    en: 'a level-{level} heading ("{marks} …") would stand beside the page\'s own titles; the headings of this text start at level {lowest} ("{lowestMarks} …")',
    it: 'un titolo di livello {level} ("{marks} …") starebbe alla pari dei titoli della pagina: in questo testo i titoli partono dal livello {lowest} ("{lowestMarks} …"); scegli quel livello',
  },
  strikethrough: {
    en: 'strikethrough ("~~text~~") is not shown by the site, the tildes would appear as typed; remove them, or say in words what changed',
    it: 'il testo barrato ("~~testo~~") il sito non lo mostra: le tilde comparirebbero così come sono scritte; toglile, oppure scrivi a parole che cosa è cambiato',
  },
  tooDeepQuotes: {
    en: 'blockquotes (">") nested {depth} levels deep; at most {limit} are allowed, and a page never needs more than a few',
    it: 'citazioni (">") annidate su {depth} livelli: se ne ammettono al massimo {limit}, e a una pagina ne bastano poche',
  },
  tooDeepLists: {
    en: 'list items nested {depth} levels deep; at most {limit} are allowed, and a page never needs more than a few',
    it: 'voci di elenco annidate su {depth} livelli: se ne ammettono al massimo {limit}, e a una pagina ne bastano poche',
  },
  tooDeepQuotesAndLists: {
    en: 'blockquotes (">") and list items nested {depth} levels deep; at most {limit} are allowed, and a page never needs more than a few',
    it: 'citazioni (">") e voci di elenco annidate su {depth} livelli: se ne ammettono al massimo {limit}, e a una pagina ne bastano poche',
  },
  tooDeepEmphasis: {
    en: 'emphasis (* or _) nested {depth} levels deep; at most {limit} are allowed, and a page never needs more than a few',
    it: 'enfasi (* o _) annidate su {depth} livelli, una dentro l’altra: se ne ammettono al massimo {limit}, e a una pagina ne bastano poche',
  },
  itemsOpeningContainers: {
    en: 'has more than {limit} list items that start another list or a quote on their own line (such as "- - text"), and each slows reading the whole page; write the inner item on a line of its own, indented under its item',
    it: 'ha più di {limit} voci di elenco che iniziano un altro elenco o una citazione sulla loro stessa riga (come "- - testo"), e ognuna rallenta la lettura di tutta la pagina: scrivi la voce interna su una riga a sé, rientrata sotto la sua voce',
  },
  tooManyListed: {
    en: '{count} professionals are listed, and each is on every page (menu, footer); at most {limit} can be: set "listed: false" on those who keep their page without being listed',
    it: 'ci sono {count} professionisti elencati, e ognuno compare in ogni pagina (menu, piè di pagina): se ne possono elencare al massimo {limit}. Scrivi "listed: false" in quelli che devono avere la loro pagina senza comparire negli elenchi',
  },
  tooDeepHtml: {
    en: 'HTML elements nested {depth} levels deep; at most {limit} are allowed, and a page never needs more than a few',
    it: 'elementi HTML annidati su {depth} livelli: se ne ammettono al massimo {limit}, e a una pagina ne bastano pochi',
  },
  heicName: {
    en: '"{image}" is a HEIC photo (what iPhones save), which browsers cannot show; convert it to JPEG (on a Mac: open it in Preview, File > Export, Format JPEG; on Windows: open it in Photos, "Save as" JPEG; on the iPhone, Settings > Camera > Formats > Most Compatible makes future photos JPEG), put the .jpg in content/images/ and write "{jpeg}"',
    it: '"{image}" è una foto HEIC (il formato degli iPhone), che i browser non sanno mostrare: convertila in JPEG (su Mac: aprila in Anteprima, File > Esporta, Formato JPEG; su Windows: aprila in Foto, "Salva con nome" JPEG; sull’iPhone, Impostazioni > Fotocamera > Formati > Più compatibile fa salvare in JPEG le prossime foto), metti il .jpg in content/images/ e scrivi "{jpeg}"',
    editor: EDITOR_HEIC,
  },
  heicContent: {
    en: '"{image}" is a HEIC photo (what iPhones save) under another name, which browsers cannot show; convert it to JPEG (on a Mac: Preview, File > Export, JPEG; on Windows: Photos, "Save as" JPEG) and put the .jpg in its place',
    it: '"{image}" è in realtà una foto HEIC (il formato degli iPhone), che i browser non sanno mostrare: convertila in JPEG (su Mac: Anteprima, File > Esporta, JPEG; su Windows: Foto, "Salva con nome" JPEG) e metti il .jpg al suo posto',
    editor: EDITOR_HEIC,
  },
  imageSpaces: {
    en: '"{image}" has a space in its name, which would break the image\'s address; rename the file in content/images/ to "{name}" and write "{fixed}"',
    it: '"{image}" ha uno spazio nel nome, che romperebbe l’indirizzo dell’immagine: rinomina il file in content/images/ come "{name}" e scrivi "{fixed}"',
  },
  imageCharacters: {
    en: '"{image}" may use only letters, digits, dots, dashes, underscores and "/" in its name; rename the file, such as "images/photo-1.jpg"',
    it: 'nel nome di "{image}" possono esserci solo lettere, cifre, punti, trattini, trattini bassi e "/": rinomina il file, per esempio "images/foto-1.jpg"',
  },
  imageSpecial: {
    en: '"{image}" is {kind}, not an image file; replace it with the image',
    it: '"{image}" non è un file di immagine ({kind}): sostituiscilo con l’immagine',
  },
  imageEmpty: {
    en: '"{image}" is empty (0 bytes); open it in an image editor and export it again as JPEG or PNG, or copy it again if the copy was cut short',
    it: '"{image}" è vuota (0 byte): aprila in un programma di grafica ed esportala di nuovo in JPEG o PNG, oppure copiala di nuovo se la copia si è interrotta',
  },
  imageDanglingLink: {
    en: '"{image}" is a symbolic link to a file that does not exist; replace it with the image itself',
    it: '"{image}" è un collegamento a un file che non esiste: sostituiscilo con l’immagine vera',
  },
  imageNotImage: {
    en: '"{image}" is not an image brochure can read (not a JPEG, PNG, WebP or AVIF, or its header is damaged); open it in an image editor and export it again as JPEG or PNG, or copy it again if the copy was cut short',
    it: '"{image}" non è un’immagine che brochure sa leggere (non è JPEG, PNG, WebP o AVIF, oppure è rovinata): aprila in un programma di grafica ed esportala di nuovo in JPEG o PNG, oppure copiala di nuovo se la copia si è interrotta',
  },
  imageFormat: {
    en: '"{image}" is a {format} file; use JPEG, PNG, WebP, AVIF or SVG (export it again in one of those formats)',
    it: '"{image}" è un file {format}: usa JPEG, PNG, WebP, AVIF o SVG (esportala di nuovo in uno di questi formati)',
  },
  imageTooManyPixels: {
    en: '"{image}" is {size} pixels ({megapixels} megapixels), more than the {limit} megapixels brochure decodes; the site shows images at most 2400 pixels wide, so resize it to that width',
    it: '"{image}" misura {size} pixel ({megapixels} megapixel), più dei {limit} megapixel che brochure legge; il sito mostra le immagini larghe al massimo 2400 pixel, quindi ridimensionala a quella larghezza',
    editor:
      'la foto "{image}" misura {size} pixel ({megapixels} megapixel), più dei {limit} megapixel che il sito accetta: rimpiccioliscila a 2400 pixel di larghezza (la misura più grande che il sito mostra) e caricala di nuovo con «Sostituisci l’immagine»',
  },
  // The web editor's note over the preview when the portrait is a landscape photo (src/cms/entry-check.ts).
  portraitShape: {
    en: 'the photo is landscape ({size} pixels), but the portrait on the page is upright (4:5): only its middle will show; pick an upright photo, or crop it',
    it: 'la foto è orizzontale ({size} pixel), ma il ritratto nella pagina è verticale (4:5): se ne vedrà solo la parte centrale; scegli una foto verticale, o ritagliala',
  },
  imageDamaged: {
    en: '"{image}" is damaged or incomplete ({reason}); open it in an image editor and export it again as JPEG or PNG, or copy it again if the copy was cut short',
    it: '"{image}" è rovinata o incompleta ({reason}): aprila in un programma di grafica ed esportala di nuovo in JPEG o PNG, oppure copiala di nuovo se la copia si è interrotta',
  },
  // `{reason}` of imageDamaged when the decoder gives none.
  imageDecoderStopped: {
    en: 'the decoder stopped before its end',
    it: 'la lettura si è fermata prima della fine del file',
  },
  svgInvalid: { en: '"{image}" is not a valid SVG: {reason}', it: '"{image}" non è un SVG valido: {reason}' },
  notSvg: {
    en: '"{image}" is not an SVG drawing (no <svg> element); export it again as SVG, or use PNG',
    it: '"{image}" non è un disegno SVG (manca l’elemento <svg>): esportalo di nuovo come SVG, oppure usa PNG',
  },
  // What makes an SVG unsafe (`{what}` of unsafeSvg), with the line it is on.
  svgOnLine: { en: '{what} on line {line}', it: '{what} alla riga {line}' },
  svgScript: { en: 'a <script> element', it: 'un elemento <script>' },
  svgForeignObject: {
    en: 'a <foreignObject> element (HTML inside the drawing)',
    it: 'un elemento <foreignObject> (HTML dentro il disegno)',
  },
  svgEntity: { en: 'an <!ENTITY> declaration', it: 'una dichiarazione <!ENTITY>' },
  svgStylesheet: {
    en: 'an external stylesheet (<?xml-stylesheet?>)',
    it: 'un foglio di stile esterno (<?xml-stylesheet?>)',
  },
  svgEmbedded: {
    en: 'an embedded document or media element',
    it: 'un documento o un elemento multimediale incorporato',
  },
  svgHandler: {
    en: 'an event handler attribute (such as onload=)',
    it: 'un attributo che gestisce eventi (come onload=)',
  },
  svgJavascriptUrl: { en: 'a javascript: URL', it: 'un indirizzo javascript:' },
  svgCssImport: { en: 'a CSS @import', it: 'un @import CSS' },
  svgCssUrl: { en: 'a CSS url() that points outside the drawing', it: 'un url() CSS che punta fuori dal disegno' },
  svgReference: {
    en: 'a link or reference to another file or site (href=)',
    it: 'un collegamento o un riferimento a un altro file o sito (href=)',
  },
  unsafeSvg: {
    en: '"{image}" contains {what}, which could run script or load other files when the SVG is opened on its own; export it again without scripts, links and embedded content (in Inkscape: "Plain SVG"), or use PNG',
    it: '"{image}" contiene {what}, che potrebbe eseguire codice o caricare altri file quando l’SVG viene aperto da solo: esportalo di nuovo senza script, collegamenti e contenuti incorporati (in Inkscape: "SVG semplice"), oppure usa PNG',
  },
  svgSize: {
    en: '"{image}" has no size: its <svg> element needs width and height attributes or a viewBox, such as viewBox="0 0 64 64"',
    it: '"{image}" non ha dimensioni: il suo elemento <svg> ha bisogno degli attributi width e height o di un viewBox, come viewBox="0 0 64 64"',
  },
  // Files of content/public/ that would replace or hide what brochure writes (src/host/public-files.ts).
  publicClash: {
    en: 'clashes with {file}, which brochure generates; remove or rename {source}',
    it: 'ha lo stesso nome di {file}, che brochure genera da sé: togli o rinomina {source}',
  },
  publicShadowsPage: {
    en: 'would be served at {url} in place of {file}, which brochure generates; remove or rename {source}',
    it: 'verrebbe mostrato all’indirizzo {url} al posto di {file}, che brochure genera da sé: togli o rinomina {source}',
  },
  publicCompressedForm: {
    en: 'would be served as the compressed form of {file}, which brochure generates; remove or rename {source}',
    it: 'verrebbe servito come versione compressa di {file}, che brochure genera da sé: togli o rinomina {source}',
  },
  publicBuiltFolder: {
    en: 'is inside {folder}/, a folder brochure writes itself; move {source} out of it or remove it',
    it: 'è dentro {folder}/, una cartella che brochure scrive da sé: sposta {source} fuori da lì oppure toglilo',
  },
  // An image read when the content was checked, which changed before the build encoded it (src/bundle/images.ts).
  imageUnreadableFile: { en: '"{image}" {problem}', it: '"{image}" {problem}' },
  imageChangedUnreadable: {
    en: '"{image}" cannot be read ({reason}); it was readable when the content was checked, so it changed or was removed while building: save it again',
    it: '"{image}" non si può leggere ({reason}): si leggeva quando i contenuti sono stati controllati, quindi è cambiata o è stata tolta durante la build: salvala di nuovo',
  },
  imageChangedUnencodable: {
    en: '"{image}" cannot be encoded ({reason}); it decoded when the content was checked, so it changed while building: save it again, or export it again as JPEG or PNG',
    it: '"{image}" non si può convertire ({reason}): si leggeva quando i contenuti sono stati controllati, quindi è cambiata durante la build: salvala di nuovo, oppure esportala di nuovo in JPEG o PNG',
  },
  imageChangedNoSize: {
    en: '"{image}" has no size: give its <svg> element width and height attributes or a viewBox',
    it: '"{image}" non ha dimensioni: dai al suo elemento <svg> gli attributi width e height o un viewBox',
  },
  // Failures of the machine (src/cli/environment-error.ts): `{advice}` is one of the `advice…` fragments below.
  environmentWrite: { en: 'cannot write {path}: {advice}.', it: 'impossibile scrivere {path}: {advice}.' },
  environmentAccess: { en: 'cannot access {path}: {advice}.', it: 'impossibile accedere a {path}: {advice}.' },
  environmentNoPath: { en: 'brochure could not finish: {advice}.', it: 'brochure non ha potuto finire: {advice}.' },
  adviceEACCES: {
    en: 'permission denied; check who owns it (ls -l) or choose a folder you can write to',
    it: 'permesso negato: controlla a chi appartiene (ls -l) oppure scegli una cartella in cui puoi scrivere',
  },
  adviceEPERM: {
    en: 'operation not permitted; check who owns it (ls -l) or choose a folder you can write to',
    it: 'operazione non permessa: controlla a chi appartiene (ls -l) oppure scegli una cartella in cui puoi scrivere',
  },
  adviceEROFS: {
    en: 'the disk is read-only; choose a folder on a writable disk with --out',
    it: 'il disco è in sola lettura: scegli con --out una cartella su un disco in cui si può scrivere',
  },
  adviceENOSPC: {
    en: 'the disk is full; free some space and run again',
    it: 'il disco è pieno: libera un po’ di spazio e rilancia il comando',
  },
  adviceEDQUOT: {
    en: 'your disk quota is used up; free some space and run again',
    it: 'hai esaurito lo spazio a te assegnato sul disco: libera un po’ di spazio e rilancia il comando',
  },
  adviceEMFILE: {
    en: 'too many files are open; close some programs (or raise "ulimit -n") and run again',
    it: 'ci sono troppi file aperti: chiudi qualche programma (o alza "ulimit -n") e rilancia il comando',
  },
  adviceENFILE: {
    en: 'too many files are open on this system; close some programs and run again',
    it: 'nel sistema ci sono troppi file aperti: chiudi qualche programma e rilancia il comando',
  },
  adviceEIO: {
    en: 'the disk reported an input/output error; check the disk and run again',
    it: 'il disco ha dato un errore di lettura o scrittura: controlla il disco e rilancia il comando',
  },
  adviceENAMETOOLONG: {
    en: 'the path is too long; choose a shorter folder name',
    it: 'il percorso è troppo lungo: scegli una cartella con un nome più corto',
  },
  adviceENOTDIR: {
    en: 'a part of the path is a file, not a folder; fix the path',
    it: 'una parte del percorso è un file, non una cartella: correggi il percorso',
  },
  adviceEBUSY: {
    en: 'it is in use by another program; close that program and run again',
    it: 'è in uso da un altro programma: chiudi quel programma e rilancia il comando',
  },
  // A folder that cannot be renamed while mounted: the output folder is a mount point, which a build cannot replace.
  adviceMountPoint: {
    en: 'it is a mount point (a disk of its own) or in use by another program, and a build replaces its output folder as a whole; choose a folder inside it with --out',
    it: 'è il punto di montaggio di un disco (o è in uso da un altro programma), e una build sostituisce per intero la cartella in cui scrive: scegli con --out una cartella al suo interno',
  },
  // Output folders a command refuses (src/refusals.ts, outputRefusals): said before any content is read.
  outputIsProtected: {
    en: '{shown} is {folder}; a build replaces its output folder entirely, so brochure will not write there (not even with --force). Choose another folder with --out, such as "dist".',
    it: '{shown} è {folder}: una build sostituisce per intero la cartella in cui scrive, quindi brochure non scriverà lì (nemmeno con --force). Scegli un’altra cartella con --out, per esempio "dist".',
  },
  outputContainsProtected: {
    en: '{shown} contains {folder}; a build replaces its output folder entirely, so brochure will not write there (not even with --force). Choose another folder with --out, such as "dist".',
    it: '{shown} contiene {folder}: una build sostituisce per intero la cartella in cui scrive, quindi brochure non scriverà lì (nemmeno con --force). Scegli un’altra cartella con --out, per esempio "dist".',
  },
  outputInsideInput: {
    en: '{shown} is inside {input}/, which brochure reads while building; choose an output folder outside it with --out, such as "dist".',
    it: '{shown} è dentro {input}/, che brochure legge mentre costruisce il sito: scegli con --out una cartella fuori da lì, per esempio "dist".',
  },
  outputLiteralTilde: {
    en: '{shown} names a folder called "~", not your home folder: the shell replaces ~ only at the start of a word outside quotes (not in --out=~/… or "~/…"). Write the path in full, such as --out "$HOME/site", or choose another folder.',
    it: '{shown} indica una cartella chiamata "~", non la tua cartella personale: la shell sostituisce ~ solo all’inizio di una parola fuori dalle virgolette (non in --out=~/… né in "~/…"). Scrivi il percorso per intero, per esempio --out "$HOME/sito", oppure scegli un’altra cartella.',
  },
  outputDanglingLink: {
    en: '{shown} is a symbolic link to a folder that does not exist; create that folder, or remove the link.',
    it: '{shown} è un collegamento a una cartella che non esiste: crea quella cartella, oppure togli il collegamento.',
  },
  outputExistingFile: {
    en: '{shown} is an existing file, not a folder; brochure will not replace it (not even with --force). Choose another --out, or move the file away.',
    it: '{shown} è un file che esiste già, non una cartella: brochure non lo sostituisce (nemmeno con --force). Scegli un’altra cartella con --out, oppure sposta il file.',
  },
  outputForeignMarked: {
    en: '{shown} holds files brochure did not write ({listed}); a build replaces the whole folder, so they would be lost. Move them elsewhere, choose another --out, or run again with --force to replace the folder anyway.',
    it: '{shown} contiene file che brochure non ha scritto ({listed}): una build sostituisce l’intera cartella, quindi andrebbero persi. Spostali altrove, scegli un’altra cartella con --out, oppure rilancia il comando con --force per sostituire comunque la cartella.',
  },
  outputBusy: {
    en: '{shown} is being written by another build (process {pid}), so this one wrote nothing. Build again once it has finished, or remove {lock} if no build is running.',
    it: 'Un’altra build (processo {pid}) sta scrivendo {shown}, quindi questa non ha scritto nulla. Ripeti la build quando l’altra ha finito, oppure elimina {lock} se nessuna build è in corso.',
  },
  outputForeign: {
    en: '{shown} was not written by brochure (it holds {listed}); a build replaces the whole folder, so they would be lost. Move them elsewhere, choose another --out, or run again with --force to replace the folder anyway.',
    it: '{shown} non è stata scritta da brochure (contiene {listed}): una build sostituisce l’intera cartella, quindi andrebbero persi. Spostali altrove, scegli un’altra cartella con --out, oppure rilancia il comando con --force per sostituire comunque la cartella.',
  },
  // YAML mistakes, explained: the English is the parser's (yaml) message.
  yamlColonInText: {
    en: 'Nested mappings are not allowed in compact mappings',
    it: 'il testo contiene due punti seguiti da uno spazio (": "), che nel file separa il nome di un campo dal suo valore: metti il testo tra virgolette, per esempio titolo: "Ansia: come riconoscerla"',
  },
  yamlTextAfterQuotes: {
    en: 'Unexpected scalar at node end',
    it: 'dopo un testo tra virgolette c’è dell’altro testo sulla stessa riga: metti tutto il testo tra virgolette doppie ("…"); dentro, per l’apostrofo usa ’ oppure scrivi due apostrofi (\'\')',
  },
  yamlMissingQuote: {
    en: 'Missing closing "quote',
    it: 'un testo tra virgolette non è chiuso: aggiungi la virgoletta di chiusura alla fine del testo',
  },
  yamlDuplicateKey: { en: 'Map keys must be unique', it: 'lo stesso campo compare due volte: tienine uno solo' },
  yamlTab: { en: 'Tabs are not allowed as indentation', it: 'il rientro della riga usa il tasto Tab: usa solo spazi' },
  yamlKeyOnOneLine: {
    en: 'Implicit keys need to be on a single line',
    it: 'una riga non ha la forma campo: valore; controlla che ci siano i due punti dopo il nome del campo e che il rientro sia uguale a quello delle righe vicine',
  },
  yamlReservedCharacter: {
    en: 'Plain value cannot start with reserved character {character}',
    it: 'un testo non può iniziare con {character}: mettilo tra virgolette',
  },
  yamlUnclosedList: {
    en: 'Flow sequence in block collection must be sufficiently indented and end with a ]',
    it: 'il valore inizia con [ ma la parentesi non è chiusa: chiudila con ], oppure metti il testo tra virgolette',
  },
  yamlUnclosedMap: {
    en: 'Flow map in block collection must be sufficiently indented and end with a }',
    it: 'il valore inizia con { ma la parentesi non è chiusa: chiudila con }, oppure metti il testo tra virgolette',
  },
  // yaml refuses a field name over 1,024 characters (YAML 1.2's limit on implicit keys), in words an editor cannot act on.
  yamlTooDeep: {
    en: 'lists or fields nested inside one another far too deeply for a content file: no page uses more than a few levels; remove the extra [ or {',
    it: 'elenchi o campi annidati uno dentro l’altro troppo in profondità per un file dei contenuti: nessuna pagina ne usa più di pochi livelli; togli le [ o { in più',
  },
  yamlKeyTooLong: {
    en: 'this line is read as a field name longer than 1,024 characters (everything before ": " is the name): if it is a long text, put it in quotes after the field name, as in description: "…"',
    it: 'questa riga viene letta come il nome di un campo lungo più di 1.024 caratteri (tutto ciò che precede ": " è il nome): se è un testo lungo, mettilo tra virgolette dopo il nome del campo, come in description: "…"',
  },
  // Any other YAML mistake: the parser's own words.
  yamlOther: { en: '{message}', it: '{message}' },
  // How the output refusals name the folders no output may be or contain (`{folder}`), with its path in brackets or without.
  folderAt: { en: '{folder} ({path})', it: '{folder} ({path})' },
  folderWorking: { en: 'the working folder', it: 'la cartella di lavoro' },
  folderBrochure: { en: "brochure's own folder", it: 'la cartella di brochure stesso' },
  folderContent: { en: 'the content folder', it: 'la cartella dei contenuti' },
  folderTemplates: { en: 'the templates folder', it: 'la cartella dei modelli delle pagine (templates)' },
  folderBrowser: { en: "brochure's browser sources", it: 'la cartella del codice che brochure manda al browser' },
  folderHome: { en: 'your home folder', it: 'la tua cartella personale (home)' },
  folderRoot: { en: 'the root of the file system', it: 'la radice del disco' },
  // `{listed}` of a refusal when more than four names were found.
  listedMore: { en: '{names}, and {count} more', it: '{names} e altri {count}' },
  // Field names that are not schema fields: the file as a whole, its name, its YAML.
  fieldFrontMatter: { en: 'front matter', it: 'intestazione del file' },
  fieldFileName: { en: 'file name', it: 'nome del file' },
  fieldFile: { en: 'file', it: 'file' },
  fieldServices: { en: 'services', it: 'percorsi' },
  fieldSlug: { en: 'slug', it: 'indirizzo' },
  fieldYaml: { en: 'YAML', it: 'scrittura del file' },
  fieldLink: { en: 'link', it: 'collegamento' },
  fieldCode: { en: 'code', it: 'codice' },
  // The words around the messages: report lines and totals.
  warning: { en: 'warning: ', it: 'attenzione: ' },
  // Between the last two of `a, b or c` (the `oneOf` of src/messages/text.ts).
  or: { en: ' or ', it: ' o ' },
  and: { en: ' and ', it: ' e ' },
  error: { en: '{count} error', it: '{count} errore' },
  errors: { en: '{count} errors', it: '{count} errori' },
  warningCount: { en: '{count} warning', it: '{count} avviso' },
  warnings: { en: '{count} warnings', it: '{count} avvisi' },
  // English reports keep the path as zod writes it (`timeline[0]` is the first); Italian counts from 1.
  item: { en: '[{position}]', it: 'voce {position}' },
  leftUnchanged: { en: '{folder} was left unchanged.', it: '{folder} non è stata modificata.' },
  nothingWritten: { en: 'Nothing was written.', it: 'Non è stato scritto nulla.' },
  nothingPrinted: { en: 'Nothing was printed.', it: 'Non è stato stampato nulla.' },
  contentValid: { en: 'Content in {folder} is valid.', it: 'I contenuti in {folder} sono corretti.' },
  stillServing: {
    en: 'Still serving the last good build; fix the file and save.',
    it: 'Il sito mostra ancora l’ultima versione riuscita: correggi il file e salva.',
  },
  nothingToServe: {
    en: 'Nothing to serve yet; fix the file and save.',
    it: 'Ancora nulla da mostrare: correggi il file e salva.',
  },
  buildFailed: { en: 'The build failed', it: 'Il sito non si è potuto aggiornare' },
  buildCrashed: { en: 'The build crashed', it: 'L’aggiornamento si è interrotto per un errore' },
  failedIntro: {
    en: 'This page still shows the last good build. Fix the file and save: the page reloads by itself.',
    it: 'La pagina mostra ancora l’ultima versione riuscita. Correggi il file e salva: la pagina si ricarica da sola.',
  },
  warningsTitle: { en: 'Warnings', it: 'Avvisi' },
  warningsIntro: {
    en: 'The page is up to date; these lines of the content were ignored or look wrong.',
    it: 'La pagina è aggiornata, ma queste righe dei contenuti sono state ignorate o sembrano sbagliate.',
  },
  close: { en: 'Close', it: 'Chiudi' },
  // A value shown as it is (a URL, a registration as written).
  asIs: { en: '{text}', it: '{text}' },
  // The compliance report (src/compliance/): `check --compliance` and the line `build` adds.
  complianceTotals: { en: '{warnings}, {passed}.', it: '{warnings}, {passed}.' },
  complianceSummary: {
    en: 'Compliance: {warnings} (run "npx brochure check --compliance")',
    it: 'Conformità: {warnings} (lancia "npx brochure check --compliance")',
  },
  compliancePassed: { en: '{count} passed', it: '{count} superati' },
  compliancePassedOne: { en: '{count} passed', it: '{count} superato' },
  complianceVat: { en: 'P. IVA {vat}', it: 'P. IVA {vat}' },
  complianceNoVat: {
    en: 'no "vat": add the partita IVA (11 digits, in quotes); the footer shows it as required by DPR 633/1972 art. 35',
    it: 'manca "vat": aggiungi la partita IVA (11 cifre, tra virgolette); il piè di pagina la mostra, come richiede il DPR 633/1972 art. 35',
  },
  complianceNoRegistrationNumber: {
    en: '"registration" has no number: write the order and the number, such as "Iscritta all\'Ordine degli Psicologi della Regione Abruzzo, n. 1234"',
    it: '"registration" non ha un numero: scrivi l’ordine e il numero di iscrizione, come "Iscritta all\'Ordine degli Psicologi della Regione Abruzzo, n. 1234"',
  },
  compliancePrivacyEmpty: {
    en: 'the privacy notice has no text: write it in the body of the file',
    it: 'l’informativa privacy non ha testo: scrivila nel corpo del file',
  },
  compliancePrivacyUnlinked: { en: '{path} is not linked from {places}', it: '{path} non è collegata da {places}' },
  complianceBannerOf: { en: 'the cookie banner of {page}', it: 'il banner dei cookie di {page}' },
  complianceFormOn: { en: 'a form on {page}', it: 'un modulo in {page}' },
  compliancePrivacyLinked: {
    en: '{path} is linked from the cookie banner of {pages} pages and from {forms}',
    it: '{path} è collegata dal banner dei cookie di {pages} pagine e da {forms}',
  },
  formCount: { en: '{count} form', it: '{count} modulo' },
  formsCount: { en: '{count} forms', it: '{count} moduli' },
  // A page without a path of its own (the 404 page), as the reports name it.
  pageOfFile: { en: 'the {file} page', it: 'la pagina {file}' },
  complianceThirdPartyWaits: {
    en: 'the map and the reviews widget load only after marketing consent or a click',
    it: 'la mappa e il widget delle recensioni si caricano solo dopo il consenso ai cookie di marketing o un clic',
  },
  complianceThirdPartyLoads: {
    en: 'the map and the reviews widget load before any consent; set privacy.thirdPartyNeedsConsent: true so they wait for marketing consent (Garante, 10 June 2021)',
    it: 'la mappa e il widget delle recensioni si caricano prima di qualsiasi consenso; imposta privacy.thirdPartyNeedsConsent: true perché aspettino il consenso ai cookie di marketing (Garante, 10 giugno 2021)',
  },
  complianceConsentNeverExpires: {
    en: 'a consent choice never expires; set consent.maxAgeDays (the Garante suggests 6 months: {days})',
    it: 'la scelta sui cookie non scade mai; imposta consent.maxAgeDays (il Garante suggerisce 6 mesi: {days})',
  },
  complianceConsentExpires: {
    en: 'a consent choice expires after {days} days',
    it: 'la scelta sui cookie scade dopo {days} giorni',
  },
  complianceEmailSample: {
    en: 'emailjs.{keys} still hold the sample values, so the home form cannot send; copy your own from the EmailJS dashboard',
    it: 'emailjs.{keys} contengono ancora i valori di esempio, quindi il modulo della home non può inviare; copia i vostri dal pannello di EmailJS',
  },
  complianceEmailSet: { en: 'the EmailJS ids are set', it: 'gli identificativi di EmailJS sono impostati' },
  complianceNoTitle: { en: '{page} has no title', it: '{page} non ha un titolo' },
  complianceNoDescription: { en: '{page} has no description', it: '{page} non ha una descrizione' },
  complianceNoTitleNoDescription: {
    en: '{page} has no title and no description',
    it: '{page} non ha né un titolo né una descrizione',
  },
  complianceMetadataAll: {
    en: 'all {count} pages have a title and a description',
    it: 'tutte le {count} pagine hanno un titolo e una descrizione',
  },
  // Deploying and serving: host-config (src/host/host-config.ts), preview and watch's port and browser (src/serve/serving.ts).
  portBusy: {
    en: 'Port {port} is already in use. Stop the program using it, choose another port with --port <number>, or leave out --port to take the next free one.',
    it: 'La porta {port} è già occupata. Chiudi il programma che la usa, scegli un’altra porta con --port <numero>, oppure togli --port per prendere la prima libera.',
  },
  portsBusy: {
    en: 'Ports {port} to {last} are all in use. Stop the programs using them, or choose another port with --port <number>.',
    it: 'Le porte da {port} a {last} sono tutte occupate. Chiudi i programmi che le usano, oppure scegli un’altra porta con --port <numero>.',
  },
  siteMissing: {
    en: '{folder} does not exist. Run "npx brochure build" first, then "npx brochure preview".',
    it: '{folder} non esiste. Lancia prima "npx brochure build", poi "npx brochure preview".',
  },
  siteNotFolder: {
    en: '{folder} is not a directory. Run "npx brochure build" first, then "npx brochure preview".',
    it: '{folder} non è una cartella. Lancia prima "npx brochure build", poi "npx brochure preview".',
  },
  siteNoIndex: {
    en: '{folder} has no index.html. Run "npx brochure build" first, then "npx brochure preview".',
    it: '{folder} non contiene index.html. Lancia prima "npx brochure build", poi "npx brochure preview".',
  },
  portTaken: {
    en: 'Port {port} is in use, so the site is served on {chosen}.',
    it: 'La porta {port} è occupata, quindi il sito è servito sulla {chosen}.',
  },
  browserNotOpened: {
    en: 'Could not open a browser ({reason}); open {url} yourself.',
    it: 'Non sono riuscito ad aprire il browser ({reason}): apri tu {url}.',
  },
  // The `{reason}` of browserNotOpened when the opener is not installed (src/serve/open-browser.ts).
  openerMissing: { en: '{command} not found', it: '{command} non trovato' },
  openerNoDisplay: { en: 'no graphical display here', it: 'qui non c’è uno schermo grafico' },
  // `--port` below 1024 as a normal user (src/cli/environment-error.ts).
  portPrivileged: {
    en: 'port {port} needs administrator rights; choose a port from 1024 up, such as --port 4321.',
    it: 'la porta {port} richiede i permessi di amministratore: scegli una porta da 1024 in su, per esempio --port 4321.',
  },
  // The command line's own lines: build's summary (src/cli/summary.ts), the progress line (src/cli/progress.ts),
  // preview's and watch's (src/cli.ts, src/watch/watch.ts). `{urls}` is every address the site is served at.
  pageCount: { en: '{count} page', it: '{count} pagina' },
  pagesCount: { en: '{count} pages', it: '{count} pagine' },
  fileCount: { en: '{count} file', it: '{count} file' },
  filesCount: { en: '{count} files', it: '{count} file' },
  imageEncoded: { en: '{count} image encoded', it: '{count} immagine convertita' },
  imagesEncoded: { en: '{count} images encoded', it: '{count} immagini convertite' },
  summaryAssets: { en: 'assets', it: 'altri file' },
  summaryBuilt: {
    en: 'Built {pages}, {size} in {seconds} s into {folder} (content {content} ms, assets {assets} ms, render {render} ms).',
    it: 'Sito pronto in {folder}: {pages}, {size} in {seconds} s (contenuti {content} ms, altri file {assets} ms, pagine {render} ms).',
  },
  encodingImages: { en: 'Encoding images: {done}/{total}', it: 'Preparo le immagini: {done}/{total}' },
  previewServing: {
    en: 'Serving {folder} at {urls} (Ctrl-C to stop)',
    it: 'Anteprima di {folder} su {urls} (Ctrl-C per fermare)',
  },
  watchBuilt: { en: 'Built {pages} in {seconds} s.', it: 'Sito pronto: {pages} in {seconds} s.' },
  watchServing: {
    en: 'Serving {urls} (watching {folders}; Ctrl-C to stop)',
    it: 'Anteprima su {urls}, aggiornata a ogni modifica in {folders} (Ctrl-C per fermare)',
  },
  watchUnchanged: {
    en: '{files}: {rendered} of {total} pages rendered in {ms} ms, output unchanged.',
    it: '{files}: pagine rigenerate {rendered} su {total} in {ms} ms, il sito non cambia.',
  },
  watchReloading: {
    en: '{files}: {rendered} of {total} pages rendered in {ms} ms, reloading (revision {revision}).',
    it: '{files}: pagine rigenerate {rendered} su {total} in {ms} ms, ricarico le pagine aperte (versione {revision}).',
  },
  watchNotWritten: { en: 'Could not write {folder}: {reason}', it: 'Non sono riuscito a scrivere {folder}: {reason}' },
  watchFilesFailed: {
    en: 'Watching files failed: {reason}',
    it: 'Ho smesso di seguire le modifiche ai file: {reason}',
  },
  // What `watch --edit` prints: Sveltia saves from the browser, which browsers allow only on localhost.
  editorLocal: {
    en: 'Editor: {url} (in Chrome or Edge on this computer: "Lavora con Repository Locale", then pick the project folder {folder}; the browser saves the files under content/ itself, this server accepts no writes)',
    it: 'Editor: {url} (in Chrome o Edge su questo computer: "Lavora con Repository Locale", poi scegli la cartella del progetto {folder}; è il browser a salvare i file in content/, questo server non scrive nulla)',
  },
  editorNetwork: {
    en: "Other devices on the network can open /admin but cannot save anything to this computer: local editing works only at {url}, in this computer's browser.",
    it: 'Gli altri dispositivi della rete possono aprire /admin ma non salvare nulla su questo computer: si modifica solo da {url}, nel browser di questo computer.',
  },
  // What the servers of preview and watch answer in place of a page (src/serve/).
  noGoodBuild: {
    en: 'No good build yet: the terminal lists the problems. This page reloads once they are fixed.',
    it: 'Il sito non si è ancora potuto costruire: il terminale elenca i problemi. Questa pagina si ricarica appena sono corretti.',
  },
  hostRefused: {
    en: 'This server answers only to {names}; open it as http://localhost:<port>.',
    it: 'Questo server risponde solo a {names}: aprilo come http://localhost:<porta>.',
  },
  originRefused: { en: 'Requests from other sites are refused.', it: 'Le richieste da altri siti sono rifiutate.' },
  methodNotAllowed: { en: 'Method not allowed', it: 'Metodo non consentito' },
  badRequest: { en: 'Bad request', it: 'Richiesta non valida' },
  notFound: { en: 'Not found', it: 'Pagina non trovata' },
  serverError: { en: 'Internal server error', it: 'Errore interno del server' },
  // The launch findings (src/launch/rules.ts).
  launchListComma: { en: '{list}, {next}', it: '{list}, {next}' },
  launchListSemicolon: { en: '{list}; {next}', it: '{list}; {next}' },
  launchValue: { en: '{value}', it: '{value}' },
  launchFormsBothFail: {
    en: 'the home and contacts forms fail',
    it: 'il modulo della home e quello dei contatti falliscono',
  },
  launchFormHomeFails: { en: 'the home form fails', it: 'il modulo della home fallisce' },
  launchEmailSampleOne: {
    en: '{keys} is a sample value, so {forms} on every send ("The user ID is invalid"); copy the Public Key, Service ID and Template ID from the EmailJS dashboard',
    it: '{keys} è un valore di esempio, quindi {forms} a ogni invio ("The user ID is invalid"): copia Public Key, Service ID e Template ID dalla dashboard di EmailJS',
  },
  launchEmailSample: {
    en: '{keys} are sample values, so {forms} on every send ("The user ID is invalid"); copy the Public Key, Service ID and Template ID from the EmailJS dashboard',
    it: '{keys} sono valori di esempio, quindi {forms} a ogni invio ("The user ID is invalid"): copia Public Key, Service ID e Template ID dalla dashboard di EmailJS',
  },
  launchEmailOwn: {
    en: "the EmailJS ids are the practice's own",
    it: 'gli identificativi EmailJS sono quelli dello studio',
  },
  launchReviewsPlaceholder: {
    en: "{what} is a placeholder, so the home page shows 'Recensioni' over an empty band; copy it from the widget's embed code",
    it: "{what} è un segnaposto, quindi la home mostra il titolo 'Recensioni' sopra una fascia vuota: copialo dal codice di incorporamento del widget",
  },
  launchReviewsPlaceholders: {
    en: "{first} and {second} are placeholders, so the home page shows 'Recensioni' over an empty band; copy them from the widget's embed code",
    it: "{first} e {second} sono segnaposto, quindi la home mostra il titolo 'Recensioni' sopra una fascia vuota: copiali dal codice di incorporamento del widget",
  },
  launchReviewsOwn: { en: 'reviews widget {widget}', it: 'widget delle recensioni {widget}' },
  launchUrlExample: {
    en: "url {url} is an example address, and every canonical link and the sitemap point there; set it to the site's real address, such as https://www.studiopss.it",
    it: 'url {url} è un indirizzo di esempio, e tutti i link canonici e la sitemap puntano lì: scrivi l’indirizzo vero del sito, come https://www.studiopss.it',
  },
  launchUrlNotHttps: {
    en: 'url {url} is not https: browsers will mark the site "Not secure"; serve it over https and write https:// here',
    it: 'url {url} non è https: i browser segneranno il sito come "Non sicuro"; pubblicalo in https e scrivi qui https://',
  },
  launchMadeUpOne: {
    en: "{made} is made up; write {name}'s real one",
    it: '{made} è inventato: scrivi quello vero di {name}',
  },
  launchMadeUp: {
    en: "{made} are made up; write {name}'s real ones",
    it: '{made} sono inventati: scrivi quelli veri di {name}',
  },
  launchSampleAddress: { en: 'address "{street}" (the sample\'s)', it: 'indirizzo "{street}" (quello dell’esempio)' },
  launchSampleMap: {
    en: "map.embedUrl and map.link (they show the sample's location)",
    it: 'map.embedUrl e map.link (mostrano il luogo dell’esempio)',
  },
  launchReplaceOwn: {
    en: "{list}: replace with the practice's own",
    it: '{list}: sostituisci con quelli dello studio',
  },
  launchTextAddressOne: {
    en: 'the text gives {addresses}, which reaches nobody; write the real address',
    it: 'il testo dà {addresses}, che non arriva a nessuno: scrivi l’indirizzo vero',
  },
  launchTextAddress: {
    en: 'the text gives {addresses}, which reach nobody; write the real address',
    it: 'il testo dà {addresses}, che non arrivano a nessuno: scrivi l’indirizzo vero',
  },
  launchNoMadeUp: {
    en: 'no made-up phone number, e-mail address, link or address',
    it: 'nessun telefono, e-mail, link o indirizzo inventato',
  },
  launchSamplePortrait: {
    en: "{what} is the sample's placeholder portrait; put the professional's photo in content/images/ and name it here",
    it: '{what} è il ritratto segnaposto dell’esempio: metti la foto del professionista in content/images/ e scrivi qui il suo nome',
  },
  launchSampleImageOne: {
    en: "{list} is the sample's image; replace it unless you mean to keep it",
    it: '{list} è l’immagine dell’esempio: sostituiscila, a meno che tu non voglia tenerla',
  },
  launchSampleImages: {
    en: "{list} are the sample's images; replace them unless you mean to keep them",
    it: '{list} sono le immagini dell’esempio: sostituiscile, a meno che tu non voglia tenerle',
  },
  launchNoSampleImage: {
    en: "none of the {count} images is one of the sample's",
    it: 'nessuna delle {count} immagini è dell’esempio',
  },
  launchSamplePrivacy: {
    en: "the text is still the sample's, written about people who do not exist; write the practice's privacy notice",
    it: 'il testo è ancora quello dell’esempio, scritto per persone che non esistono: scrivi l’informativa privacy dello studio',
  },
  launchSampleBiography: {
    en: "the text is still the sample's, written about people who do not exist; write the professional's own biography",
    it: 'il testo è ancora quello dell’esempio, scritto per persone che non esistono: scrivi la biografia vera del professionista',
  },
  launchSamplePageOne: {
    en: '{files} still reads word for word as the sample; make sure it says what the practice offers',
    it: '{files} è ancora parola per parola come nell’esempio: controlla che dica quello che lo studio offre',
  },
  launchSamplePages: {
    en: '{files} still read word for word as the sample; make sure each says what the practice offers',
    it: '{files} sono ancora parola per parola come nell’esempio: controlla che ognuno dica quello che lo studio offre',
  },
  launchNoSampleText: { en: "no page text is the sample's", it: 'nessun testo è quello dell’esempio' },
  topicController: {
    en: 'the controller (Titolare del trattamento) and how to reach them',
    it: 'il Titolare del trattamento e come contattarlo',
  },
  topicPurposes: {
    en: 'the purposes and legal bases (finalità, base giuridica)',
    it: 'le finalità e le basi giuridiche',
  },
  topicRetention: {
    en: 'how long data are kept (conservazione)',
    it: 'per quanto tempo si conservano i dati (conservazione)',
  },
  topicRecipients: {
    en: 'who receives the data (destinatari, responsabili)',
    it: 'chi riceve i dati (destinatari, responsabili)',
  },
  topicRights: { en: "the visitor's rights (diritti, artt. 15-22)", it: 'i diritti del visitatore (artt. 15-22)' },
  topicComplaint: { en: 'the right to complain to the Garante (reclamo)', it: 'il diritto di reclamo al Garante' },
  topicCookies: { en: 'the cookies and local storage used', it: 'i cookie e la memoria locale usati' },
  topicEmailjs: {
    en: 'EmailJS, which receives what the forms send',
    it: 'EmailJS, che riceve quello che i moduli inviano',
  },
  topicMap: { en: 'the map provider ({provider})', it: 'il fornitore della mappa ({provider})' },
  topicReviews: { en: 'the reviews provider ({provider})', it: 'il fornitore delle recensioni ({provider})' },
  topicMetrics: { en: 'the metrics endpoint ({host})', it: 'il servizio delle statistiche ({host})' },
  launchPrivacyMissingOne: {
    en: 'the privacy notice does not cover {topics}: add it (GDPR art. 13)',
    it: 'l’informativa privacy non tratta {topics}: aggiungilo (art. 13 GDPR)',
  },
  launchPrivacyMissing: {
    en: 'the privacy notice does not cover {topics}: add them (GDPR art. 13)',
    it: 'l’informativa privacy non tratta {topics}: aggiungili (art. 13 GDPR)',
  },
  launchPrivacyCovered: {
    en: 'the privacy notice covers all {count} topics this site needs',
    it: 'l’informativa privacy tratta tutti i {count} argomenti che servono a questo sito',
  },
  launchContactsFormLog: {
    en: "on /contatti, 'Invia' sends nothing and shows nothing, so visitors believe their message reached you; set forms.contactsPage: send (sends like the home form) or notice (says how to call or write instead)",
    it: "su /contatti, 'Invia' non invia nulla e non mostra nulla, quindi i visitatori credono che il messaggio vi sia arrivato: imposta forms.contactsPage: send (invia come il modulo della home) oppure notice (dice come telefonare o scrivere)",
  },
  launchContactsFormSend: {
    en: 'the contacts form sends like the home form',
    it: 'il modulo dei contatti invia come quello della home',
  },
  launchContactsFormNotice: {
    en: 'the contacts form tells visitors it sends nothing and how to reach each professional',
    it: 'il modulo dei contatti dice ai visitatori che non invia nulla e come raggiungere ogni professionista',
  },
  launchFailureContacts: {
    en: "a failed send lists each professional's phone and e-mail",
    it: 'un invio non riuscito elenca telefono ed e-mail di ogni professionista',
  },
  launchFailureBare: {
    en: "a failed send shows only the error sentence and the e-mail service's English reply; set forms.contactsOnFailure: true to add each professional's phone and e-mail",
    it: 'un invio non riuscito mostra solo la frase d’errore e la risposta in inglese del servizio e-mail: imposta forms.contactsOnFailure: true per aggiungere telefono ed e-mail di ogni professionista',
  },
  launchGroupAddress: { en: 'The site’s address', it: 'L’indirizzo del sito' },
  launchGroupContacts: {
    en: 'Phone numbers, e-mail addresses, links and the practice’s address',
    it: 'Telefoni, e-mail, link e indirizzo dello studio',
  },
  launchGroupImages: { en: 'Photos and images', it: 'Foto e immagini' },
  launchGroupTexts: {
    en: 'Texts: biographies, the privacy notice, the pages',
    it: 'Testi: biografie, informativa privacy, pagine',
  },
  launchGroupAccounts: {
    en: 'Accounts: EmailJS for the forms, the reviews widget',
    it: 'Account: EmailJS per i moduli, widget delle recensioni',
  },
  launchGroupForms: { en: 'Choices about the contact forms', it: 'Scelte sui moduli di contatto' },
  launchFailed: { en: '{count} failed', it: '{count} non superati' },
  launchFailedOne: { en: '{count} failed', it: '{count} non superato' },
  launchPassed: { en: '{count} passed', it: '{count} superati' },
  launchPassedOne: { en: '{count} passed', it: '{count} superato' },
  launchNotReady: { en: 'Not ready to launch: {totals}.', it: 'Non ancora pronto per andare online: {totals}.' },
  launchReady: { en: 'Ready to launch: {totals}.', it: 'Pronto per andare online: {totals}.' },
  launchChecks: { en: 'checks fail', it: 'controlli non superati' },
  launchCheckOne: { en: 'check fails', it: 'controllo non superato' },
  launchSummary: {
    en: 'Launch: {count} {checks} (run "npx brochure check --launch")',
    it: 'Lancio: {count} {checks} (lancia "npx brochure check --launch")',
  },
  launchSummaryPlaceholders: {
    en: 'Launch: {count} {checks}, as expected of the sample content: its placeholders are still in place. Replace {first} first ({file}); "npx brochure check --launch" lists the rest.',
    it: 'Lancio: {count} {checks}, come previsto con i contenuti di esempio: ci sono ancora i loro segnaposto. Sostituisci per prima cosa {first} ({file}); "npx brochure check --launch" elenca il resto.',
  },
  hostFileWritten: {
    en: 'Wrote {file}. Commit it, and the host reads it from the next push: git add {file} && git commit -m "Deploy to {host}" && git push',
    it: 'Ho scritto {file}. Fai il commit, e dal prossimo push l’host lo legge: git add {file} && git commit -m "Deploy to {host}" && git push',
  },
  hostFileUnchanged: {
    en: '{file} is already what brochure writes for {host}; nothing to do. If it is not committed yet: git add {file} && git commit -m "Deploy to {host}" && git push',
    it: '{file} è già quello che brochure scrive per {host}: non c’è niente da fare. Se non è ancora nel repository: git add {file} && git commit -m "Deploy to {host}" && git push',
  },
  hostNotNamed: {
    en: 'Add "host: {host}" to {file}: builds then write only what {host} reads (docs/deploying.md).',
    it: 'Aggiungi "host: {host}" a {file}: così le build scrivono solo i file che {host} legge (docs/deploying.md).',
  },
  hostFileNotPlain: {
    en: '{file}: not a plain file of the project (a folder, or a link to elsewhere), so nothing was written: brochure never writes outside the project. Remove it, or see what brochure writes with "npx brochure host-config {host} --print".',
    it: '{file}: non è un normale file del progetto (è una cartella, o un collegamento a un altro posto), quindi non ho scritto nulla: brochure non scrive mai fuori dal progetto. Eliminalo, oppure guarda cosa scriverebbe brochure con "npx brochure host-config {host} --print".',
  },
  hostFileDiffers: {
    en: '{file} already exists and differs from what brochure writes for {host}, so it was left as it is. Compare it with "npx brochure host-config {host} --print", or run "npx brochure host-config {host} --force" to replace it.',
    it: '{file} esiste già ed è diverso da quello che brochure scrive per {host}, quindi non l’ho toccato. Confrontalo con "npx brochure host-config {host} --print", oppure lancia "npx brochure host-config {host} --force" per sostituirlo.',
  },
  hostPagesSource: {
    en: 'Once, in the repository’s Settings > Pages, choose "GitHub Actions" as the source (no file can set it).',
    it: 'Una volta sola, nelle Settings > Pages del repository, scegli "GitHub Actions" come Source (nessun file può impostarlo).',
  },
  hostNetlifyReads: {
    en: 'Netlify installs the dependencies (npm ci) and builds on every push; the headers and redirects are the {out}/_headers and {out}/_redirects every build writes.',
    it: 'Netlify installa le dipendenze (npm ci) e costruisce il sito a ogni push; header e redirect sono i file {out}/_headers e {out}/_redirects che ogni build scrive.',
  },
  hostCloudflareReads: {
    en: 'Cloudflare Pages reads from the repository only {file} (Node {node}) and, from each build, {out}/_headers and {out}/_redirects. Set the rest once in its dashboard (Workers & Pages > Create > Pages > Connect to Git):',
    it: 'Cloudflare Pages legge dal repository solo {file} (Node {node}) e, da ogni build, {out}/_headers e {out}/_redirects. Il resto va impostato una volta nella sua dashboard (Workers & Pages > Create > Pages > Connect to Git):',
  },
} as const satisfies Record<string, Message>;
