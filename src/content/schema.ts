// Zod schemas for every content file; the site model's types are inferred from these.
import { z } from 'zod';
import type { PlainCode } from '../messages/text.ts';
import { imagePathProblem } from './image-path.ts';
import { isValidVatNumber } from './vat.ts';

// zod compiles object parsers with `new Function` for speed on hot paths; a build parses each file
// once, so compiling costs more than it saves.
z.config({ jitless: true });

/** A path inside `content/`, e.g. `images/hero.jpg`. Existence is checked after validation. */
const imagePath = z
  .string()
  .superRefine((value, context) => {
    const problem = imagePathProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem.code, params: { text: problem } });
  })
  .meta({ widget: 'image' });

/**
 * A check's message: a code of src/messages/catalogue.ts, which zod keeps as the issue's message;
 * src/content/validate.ts makes the report's words of it.
 */
const says = (code: PlainCode) => ({ error: code });

const nonEmpty = z.string().trim().min(1, says('mustNotBeEmpty'));

const httpsUrl = z.url({ protocol: /^https?$/, ...says('httpUrl') });
/** A third party the pages load from: its origin goes into the Content-Security-Policy, which must name https origins only. */
const thirdPartyUrl = httpsUrl.refine((url) => !/^http:/i.test(url), says('httpInCsp'));

/** `2019`, `2019-10` or `2019-10-01`: YAML reads a bare year as a number, so accept both. */
const timelineDate = z
  .union([z.number(), z.string()])
  .transform((value) => String(value))
  .refine((value) => DATE_SHAPE.test(value), { ...says('dateShape'), abort: true })
  .refine(isCalendarDate, says('calendarDate'))
  .meta({ pattern: '^\\d{4}(?:-\\d{2}(?:-\\d{2})?)?$' });

const DATE_SHAPE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;

function isCalendarDate(value: string): boolean {
  const [, year, month, day] = DATE_SHAPE.exec(value) ?? [];
  if (month === undefined) return true;
  const m = Number(month);
  if (m < 1 || m > 12) return false;
  if (day === undefined) return true;
  const d = Number(day);
  const daysInMonth = new Date(Date.UTC(Number(year), m, 0)).getUTCDate();
  return d >= 1 && d <= daysInMonth;
}

/**
 * A partita IVA. Unquoted in YAML it is read as a number and a leading zero is lost, so the shape
 * message asks for quotes; the check digit catches a mistyped digit.
 */
const vatNumber = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .refine((value) => /^\d{11}$/.test(value), { ...says('vatShape'), abort: true })
  .refine(isValidVatNumber, says('vatCheckDigit'))
  .meta({ pattern: '^\\d{11}$' });

export const timelineEntrySchema = z.object({
  date: timelineDate.meta({ label: 'Data', hint: 'Anno (2019), mese (2019-03) o giorno (2019-03-15) di inizio' }),
  /** Optional end of a period; `in corso` for one still going on. */
  end: z.union([timelineDate, z.literal('in corso')]).optional().meta({ label: 'Fine', hint: 'Data di fine nello stesso formato, oppure “in corso”; vuoto per un evento di un solo giorno' }),
  title: nonEmpty.meta({ label: 'Titolo', hint: 'Il titolo di studio, il corso o l’incarico' }),
  place: nonEmpty.optional().meta({ label: 'Luogo', hint: 'Università, ente o città; facoltativo' }),
  type: z.enum(['study', 'work']).meta({ options: { study: 'Formazione', work: 'Lavoro' }, label: 'Tipo', hint: 'Formazione (icona del tocco) o lavoro (icona della valigetta)' }),
});

/**
 * The contact forms' options (docs/privacy-and-compliance.md, "Contact forms"); the defaults keep the spec. Their wording
 * lives in the pages' front matter: `formNotice` in contatti.md, `formFailureContacts` in home.md.
 */
const formsOptions = z
  .object({
    /** Contacts page: `log` only logs, with consent (spec §2); `notice` tells the visitor how to reach each professional instead; `send` sends like the home form. */
    contactsPage: z
      .enum(['log', 'notice', 'send'])
      .default('log')
      .meta({
        options: { log: 'Non invia nulla (come da specifica)', notice: 'Non invia, ma mostra come contattarci', send: 'Invia come il modulo della home' },
        label: 'Modulo della pagina Contatti',
        hint: 'Cosa succede quando si preme Invia nella pagina Contatti',
      }),
    /** True: a failed send adds each listed professional's phone and e-mail as the way to reach the practice now. */
    contactsOnFailure: z
      .boolean()
      .default(false)
      .meta({ label: 'Contatti in caso di errore', hint: 'Se l’invio non riesce, mostra telefono ed e-mail delle professioniste' }),
  })
  .default({ contactsPage: 'log', contactsOnFailure: false })
  .meta({ label: 'Moduli di contatto', hint: 'Come si comportano i moduli di contatto' });

export const siteSchema = z.object({
  name: nonEmpty.meta({ label: 'Nome dello studio', hint: 'Compare nell’intestazione, nei titoli delle pagine e nel piè di pagina' }),
  subtitle: nonEmpty.meta({ label: 'Sottotitolo', hint: 'La riga sotto il nome dello studio' }),
  /** Public URL of the deployed site, for canonical URLs and the sitemap; a path in it (`https://x.github.io/studio/`) is the base path of every link. */
  url: httpsUrl.meta({ label: 'Indirizzo del sito', hint: 'L’indirizzo pubblico completo, come https://www.esempio.it' }),
  description: nonEmpty.meta({ label: 'Descrizione', hint: 'Una o due frasi sullo studio, usate dai motori di ricerca' }),
  logo: imagePath.meta({ label: 'Logo', hint: 'L’immagine del logo, nella cartella images' }),
  /** Square image for the browser tab and the home-screen icon; the logo when left out. */
  favicon: imagePath.optional().meta({ label: 'Icona del sito', hint: 'Un’immagine quadrata per la scheda del browser e la schermata home del telefono; vuoto: il logo' }),
  address: z
    .object({
      street: nonEmpty.meta({ label: 'Via e numero civico', hint: 'Come su una busta, per esempio Via dei Mandorli 14' }),
      postalCode: nonEmpty.meta({ label: 'CAP', hint: 'Il codice di avviamento postale, per esempio 65122' }),
      city: nonEmpty.meta({ label: 'Città', hint: 'Per esempio Pescara' }),
      province: nonEmpty.meta({ label: 'Provincia', hint: 'La sigla della provincia, per esempio PE' }),
      country: z.string().length(2).default('IT').meta({ label: 'Paese', hint: 'Il codice del paese in due lettere maiuscole; IT se vuoto' }),
    }).meta({ label: 'Indirizzo', hint: 'L’indirizzo dello studio, nei contatti e nel piè di pagina' }),
  social: z
    .object({
      label: nonEmpty.meta({ label: 'Nome del social', hint: 'Il nome mostrato sul collegamento, per esempio Instagram' }),
      url: httpsUrl.meta({ label: 'Indirizzo del profilo', hint: 'L’indirizzo completo della pagina social' }),
    }).meta({ label: 'Social', hint: 'Il profilo social dello studio' }),
  map: z
    .object({
      embedUrl: thirdPartyUrl.meta({ label: 'Indirizzo della mappa incorporata', hint: 'L’indirizzo “embed” che il servizio di mappe dà per incorporare la mappa' }),
      link: httpsUrl.meta({ label: 'Collegamento alla mappa', hint: 'L’indirizzo che apre la mappa completa' }),
      title: nonEmpty.meta({ label: 'Titolo della mappa', hint: 'Descrive la mappa a chi usa un lettore di schermo' }),
    }).meta({ label: 'Mappa', hint: 'La mappa nella pagina dei contatti' }),
  reviews: z
    .object({
      scriptUrl: thirdPartyUrl.meta({ label: 'Script delle recensioni', hint: 'L’indirizzo dello script dato dal servizio di recensioni' }),
      widgetClass: nonEmpty.meta({ label: 'Classe del widget', hint: 'Il nome della classe indicato dal servizio di recensioni' }),
    }).meta({ label: 'Recensioni', hint: 'Il widget delle recensioni nella home' }),
  emailjs: z
    .object({
      endpoint: thirdPartyUrl.default('https://api.emailjs.com/api/v1.0/email/send').meta({ label: 'Indirizzo di invio', hint: 'Vuoto: quello predefinito di EmailJS' }),
      libVersion: nonEmpty.meta({ label: 'Versione della libreria', hint: 'La versione di EmailJS, per esempio 4.4.1' }),
      userId: nonEmpty.meta({ label: 'Chiave pubblica', hint: 'La “Public Key” dal pannello di EmailJS' }),
      serviceId: nonEmpty.meta({ label: 'ID del servizio', hint: 'Il “Service ID” dal pannello di EmailJS' }),
      templateId: nonEmpty.meta({ label: 'ID del modello', hint: 'Il “Template ID” dal pannello di EmailJS' }),
    }).meta({ label: 'EmailJS', hint: 'Il servizio che invia i messaggi del modulo della home' }),
  privacy: z
    .object({
      /** True: the map and the reviews widget wait for marketing consent (Garante, 10 June 2021); false keeps spec §2. */
      thirdPartyNeedsConsent: z.boolean().default(false).meta({ label: 'Mappa e recensioni solo con consenso', hint: 'Attivo: mappa e recensioni si caricano solo dopo il consenso ai cookie di marketing' }),
    })
    .default({ thirdPartyNeedsConsent: false }).meta({ label: 'Privacy', hint: 'Il caricamento dei servizi di terze parti' }),
  consent: z
    .object({
      /** Days after which a stored choice counts as none and the banner asks again; unset means never. */
      maxAgeDays: z.number().int().positive().optional().meta({ label: 'Durata della scelta (giorni)', hint: 'Dopo quanti giorni il banner dei cookie chiede di nuovo; vuoto: la scelta non scade (il Garante suggerisce 180)' }),
    })
    .default({}).meta({ label: 'Consenso ai cookie', hint: 'Per quanto tempo vale la scelta sui cookie' }),
  /** Performance-metrics reporting (spec §7); unset means no metrics code is ever requested. */
  metrics: z
    .object({ endpoint: thirdPartyUrl.meta({ label: 'Indirizzo di raccolta', hint: 'Il server che riceve le misure, solo da chi accetta i cookie statistici' }) })
    .optional().meta({ label: 'Misure delle prestazioni', hint: 'Facoltativo: vuoto, nessuna misura viene raccolta' }),
  /** The language of brochure's own messages (errors, warnings, the watch overlay); unset means English. */
  language: z
    .enum(['it', 'en'])
    .optional()
    .meta({ options: { it: 'Italiano', en: 'English' }, label: 'Lingua dei messaggi', hint: 'La lingua degli errori e degli avvisi di brochure; vuoto: inglese' }),
  /** Where the site is published: the build writes only what that host reads (docs/deploying.md); unset, everything. HOSTS of src/host/repository-files.ts, which the editor's bundle cannot import. */
  host: z.enum(['github-pages', 'netlify', 'cloudflare-pages', 'nginx']).optional().meta({ options: { 'github-pages': 'GitHub Pages', netlify: 'Netlify', 'cloudflare-pages': 'Cloudflare Pages', nginx: 'nginx' }, label: 'Dove è pubblicato il sito', hint: 'La build scrive solo i file che questo servizio legge; vuoto: tutti' }),
  /** The Git repository the web editor at /admin/ saves to; unset, /admin/ exists only under `watch --edit`. */
  cms: z
    .object({
      repo: z
        .string()
        .regex(/^[\w.-]+\/[\w.-]+$/, says('githubRepo'))
        .meta({ label: 'Repository GitHub', hint: 'Il repository del sito, come proprietario/nome (per esempio studio-pss/sito)' }),
      branch: nonEmpty.default('main').meta({ label: 'Ramo', hint: 'Il ramo che viene pubblicato; main se vuoto' }),
      /** The one way in /admin offers (docs/web-editor.md): GitHub's sign-in (OAuth) or an access token; unset, both. */
      signIn: z.enum(['oauth', 'token']).optional().meta({ options: { oauth: 'Accedi con GitHub', token: 'Token di accesso' }, label: 'Modo di accesso', hint: 'Il solo modo di entrare offerto dalla pagina di accesso; vuoto: entrambi' }),
      /** The OAuth client that signs editors in to GitHub; unset means Netlify's (the site is on Netlify). */
      authUrl: httpsUrl.optional().meta({ label: 'Servizio di accesso', hint: 'Solo fuori da Netlify (per esempio il Worker di Sveltia su Cloudflare): l’indirizzo del servizio OAuth che fa entrare con GitHub' }),
    })
    .optional()
    .meta({ label: 'Redazione online', hint: 'Dove salva le modifiche l’area di redazione /admin/' }),
  forms: formsOptions,
  copyrightYear: z.number().int().min(2000).max(2100).meta({ label: 'Anno del copyright', hint: 'L’anno nel piè di pagina, per esempio 2025' }),
});

const pageFields = {
  title: nonEmpty.meta({ label: 'Titolo della pagina', hint: 'Il titolo nella scheda del browser e nei risultati di ricerca' }),
  description: nonEmpty.meta({ label: 'Descrizione della pagina', hint: 'Una o due frasi mostrate nei risultati di ricerca' }),
};

export const homeSchema = z.object({
  ...pageFields,
  heading: nonEmpty.meta({ label: 'Titolo principale', hint: 'Il titolo grande sopra la foto di apertura' }),
  hero: z
    .object({
      image: imagePath.meta({ label: 'Immagine', hint: 'La foto di apertura, nella cartella images' }),
      alt: z.string().meta({ label: 'Testo alternativo', hint: 'Descrive la foto a chi non la vede; vuoto se è solo decorativa' }),
    }).meta({ label: 'Foto di apertura', hint: 'La grande foto in cima alla home' }),
  reviews: z
    .object({
      title: nonEmpty.meta({ label: 'Titolo', hint: 'Il titolo della sezione delle recensioni' }),
      subtitle: nonEmpty.meta({ label: 'Sottotitolo', hint: 'La riga sotto il titolo delle recensioni' }),
    }).meta({ label: 'Recensioni', hint: 'La sezione delle recensioni' }),
  form: z
    .object({
      title: nonEmpty.meta({ label: 'Titolo', hint: 'Il titolo sopra il modulo di contatto' }),
      noscript: nonEmpty.meta({ label: 'Avviso senza JavaScript', hint: 'Il testo al posto del modulo quando il browser non esegue JavaScript' }),
    }).meta({ label: 'Modulo di contatto', hint: 'Il modulo in fondo alla home' }),
  /** Before the professionals' phone and e-mail links when a send fails (site.yaml `forms.contactsOnFailure`). */
  formFailureContacts: nonEmpty
    .default('Se preferisci, puoi contattarci subito per telefono o per e-mail:')
    .meta({ label: 'Frase prima dei contatti', hint: 'Se l’invio non riesce e sono attivi i contatti in caso di errore, precede telefono ed e-mail' }),
});

export const contactsSchema = z.object({
  ...pageFields,
  heading: nonEmpty.meta({ label: 'Titolo principale', hint: 'Il titolo in cima alla pagina, per esempio Contattaci' }),
  subtitle: nonEmpty.meta({ label: 'Sottotitolo', hint: 'La riga sotto il titolo' }),
  socialCard: z
    .object({
      title: nonEmpty.meta({ label: 'Titolo', hint: 'Il titolo del riquadro' }),
      text: nonEmpty.meta({ label: 'Testo', hint: 'Il testo del riquadro' }),
    }).meta({ label: 'Riquadro social', hint: 'Il riquadro con il collegamento al profilo social' }),
  addressCard: z
    .object({
      title: nonEmpty.meta({ label: 'Titolo', hint: 'Il titolo del riquadro' }),
      linkText: nonEmpty.meta({ label: 'Testo del collegamento', hint: 'Il testo del collegamento che apre la mappa' }),
    }).meta({ label: 'Riquadro indirizzo', hint: 'Il riquadro con l’indirizzo e la mappa' }),
  /** What a submit shows, before the professionals' phone and e-mail links, when site.yaml has `forms.contactsPage: notice`. */
  formNotice: nonEmpty
    .default('Questo modulo non invia messaggi: quello che hai scritto non ci è arrivato. Per contattarci, telefona o scrivi direttamente:')
    .meta({ label: 'Avviso del modulo', hint: 'Con il modulo in modalità “mostra come contattarci”, il testo che compare dopo Invia, prima dei contatti' }),
});

export const servicesPageSchema = z.object({
  ...pageFields,
  heading: nonEmpty.meta({ label: 'Titolo principale', hint: 'Il titolo in cima alla pagina dei percorsi' }),
  callout: nonEmpty.meta({ label: 'Frase in evidenza', hint: 'La frase messa in risalto sotto il titolo' }),
  badge: z
    .object({
      text: nonEmpty.meta({ label: 'Testo', hint: 'Il testo accanto all’immagine' }),
      image: imagePath.meta({ label: 'Immagine', hint: 'La piccola immagine, nella cartella images' }),
      alt: z.string().meta({ label: 'Testo alternativo', hint: 'Descrive l’immagine a chi non la vede; vuoto se è solo decorativa' }),
    }).meta({ label: 'Distintivo', hint: 'Il piccolo riquadro con immagine e testo' }),
});

export const privacySchema = z.object({
  ...pageFields,
  heading: nonEmpty.meta({ label: 'Titolo principale', hint: 'Il titolo in cima all’informativa' }),
  updated: timelineDate.meta({ label: 'Ultimo aggiornamento', hint: 'La data dell’ultima modifica, per esempio 2025-01-31' }),
});

export const professionalSchema = z.object({
  name: nonEmpty.meta({ label: 'Nome e cognome', hint: 'Come compare nel titolo della pagina e nel menu' }),
  role: nonEmpty.meta({ label: 'Qualifica', hint: 'Per esempio Psicologa clinica' }),
  description: nonEmpty.meta({ label: 'Descrizione', hint: 'Una o due frasi per i motori di ricerca' }),
  photo: z
    .object({
      image: imagePath.meta({ label: 'Foto', hint: 'Il ritratto, nella cartella images' }),
      alt: z.string().meta({ label: 'Testo alternativo', hint: 'Descrive la foto a chi non la vede, per esempio Ritratto di Maria Rossi' }),
    }).meta({ label: 'Ritratto', hint: 'La foto nella pagina e nelle schede della home' }),
  order: z.number().int().meta({ label: 'Posizione', hint: 'Un numero: ordina i professionisti nel menu, nel piè di pagina e nella home' }),
  phone: z.string().regex(/^\+?[\d ]{6,20}$/, says('phone')).meta({ label: 'Telefono', hint: 'Con il prefisso, per esempio +39 333 000 0000' }),
  email: z.email(says('email')).meta({ label: 'E-mail', hint: 'Per esempio nome.cognome@esempio.it' }),
  linkedin: httpsUrl.meta({ label: 'LinkedIn', hint: 'L’indirizzo completo del profilo LinkedIn' }),
  /** Partita IVA (DPR 633/1972 art. 35), shown in the footer; optional, `check --compliance` warns when missing. */
  vat: vatNumber.optional().meta({ label: 'Partita IVA', hint: 'Le 11 cifre della partita IVA; compare nel piè di pagina' }),
  registration: nonEmpty.meta({ label: 'Iscrizione all’Albo', hint: 'Per esempio Iscritta all’Ordine degli Psicologi della Regione Abruzzo, n. 1234' }),
  specialisation: z
    .array(nonEmpty.meta({ label: 'Specializzazione', hint: 'Un ambito di lavoro' }))
    .min(1, says('specialisationMin')).meta({ label: 'Specializzazioni', hint: 'Almeno una; ogni voce è una riga dell’elenco' }),
  listed: z.boolean().default(true).meta({ label: 'Visibile nel menu', hint: 'Spento: la pagina esiste ma non compare nel menu, nel piè di pagina e nella home' }),
  timeline: z.array(timelineEntrySchema.meta({ label: 'Tappa', hint: 'Una tappa della formazione o del lavoro' })).default([]).meta({ label: 'Percorso professionale', hint: 'Le tappe di formazione e lavoro, dalla più vecchia' }),
});

export const serviceSchema = z.object({
  title: nonEmpty.meta({ label: 'Titolo', hint: 'Il nome del percorso, come compare nella pagina Percorsi' }),
  /**
   * Minutes per session, or `caso per caso` when duration and frequency are agreed individually.
   * Left out, the page says nothing about duration (the spec has one such service).
   */
  duration: z.union([z.number().int().positive(), z.literal('caso per caso')]).optional().meta({ label: 'Durata', hint: 'Minuti per seduta (per esempio 50), oppure “caso per caso”; vuoto per non indicarla' }),
  /**
   * The service's place in the list, written by the web editor when she reorders the services (each
   * gets 1, 2, 3…). Left out, the `<nn>-` prefix of the file name decides, as before.
   */
  order: z.number().int().positive().optional().meta({ label: 'Posizione', hint: 'Il posto nella pagina Percorsi (1 è il primo); vuoto: decide il numero all’inizio del nome del file. Per spostare i percorsi usa «Riordina» nell’elenco' }),
});

export type SiteConfig = z.infer<typeof siteSchema>;
export type HomeData = z.infer<typeof homeSchema>;
export type ContactsData = z.infer<typeof contactsSchema>;
export type ServicesPageData = z.infer<typeof servicesPageSchema>;
export type PrivacyData = z.infer<typeof privacySchema>;
export type ProfessionalData = z.infer<typeof professionalSchema>;
export type ServiceData = z.infer<typeof serviceSchema>;
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;
