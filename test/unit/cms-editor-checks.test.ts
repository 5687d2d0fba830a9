// The web editor's own code, run in Node: the build's checks on an entry about to be saved (src/cms/entry-check.ts) and the file format it reads and writes (src/cms/browser/file-format.ts).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryRefusals, shapeNotes } from '../../src/cms/entry-check.ts';
import { fromMarkdown, fromYaml, toMarkdown, toYaml } from '../../src/cms/browser/file-format.ts';
import { bodyMarkupProblems } from '../../src/content/body-markup.ts';
import { ROOT } from '../helpers/fixtures.ts';

const professional = {
  name: 'Maria Rossi',
  role: 'Psicologa',
  description: 'Psicologa a Pescara.',
  photo: { image: 'images/maria.jpg', alt: 'Ritratto' },
  order: 3,
  phone: '+39 333 000 0000',
  email: 'maria@example.com',
  linkedin: 'https://www.linkedin.com/in/maria',
  registration: 'Albo n. 1',
  specialisation: ['Adulti'],
  // What Sveltia hands over for optional fields left empty.
  vat: '',
  timeline: [{ date: '2019', end: '', title: 'Laurea', place: '', type: 'study' }],
  body: 'Testo.',
};
const entry = (data: Record<string, unknown>) => ({
  collection: 'professionals',
  path: 'content/professionals/maria-rossi.md',
  data: { ...professional, ...data },
});

describe('entryRefusals', () => {
  it('lets through what the build accepts, optional fields left empty included', () => {
    expect(entryRefusals(entry({}))).toEqual([]);
  });

  it('refuses what the build refuses, naming the field by its labels in the form, in the editor’s Italian', () => {
    expect(entryRefusals(entry({ timeline: [{ date: 'marzo 2024', title: 'Laurea', type: 'study' }] }))).toEqual([
      'Percorso professionale › voce 1 › Data: serve una data scritta come AAAA, AAAA-MM o AAAA-MM-GG (per esempio 2019-03), invece c’è "marzo 2024"',
    ]);
    expect(
      entryRefusals({
        collection: 'services',
        path: 'content/services/99-nuovo.md',
        data: { title: 'Nuovo', duration: '50 minuti' },
      }),
    ).toEqual(['Durata: serve un numero o "caso per caso", invece c’è "50 minuti"']);
    expect(entryRefusals(entry({ vat: '01234567890' }))[0]).toMatch(/^Partita IVA: l’ultima cifra/);
  });

  // Issue 31: the editor spoke of files and keys («Foto (photo, image): … metti il .jpg in
  // content/images/ e scrivi "images/img_1234.jpg"», «Titolo (title): non può essere vuoto; c'è ""»).
  it('speaks of her photo and her fields, not of files and keys, where check keeps the file-level words', () => {
    const [heic] = entryRefusals(entry({ photo: { image: '/images/img_1234.heic', alt: '' } }));
    expect(heic).toMatch(/^Ritratto › Foto: la foto "images\/img_1234\.heic" è in formato HEIC \(quello dell’iPhone\)/);
    expect(heic).toContain('caricala di nuovo con «Sostituisci l’immagine»');
    expect(heic).toContain('Impostazioni › Fotocamera › Formati › «Più compatibile»');
    expect(heic).not.toMatch(/content\/images|scrivi "/);
    const service = { collection: 'services', path: 'content/services/02-x.md' };
    expect(entryRefusals({ ...service, data: { title: ' ' } })).toEqual(['Titolo: è vuoto: scrivi qualcosa']);
    expect(entryRefusals(entry({ timeline: [{ date: '2019', title: '', type: 'study' }] }))).toEqual([
      'Percorso professionale › voce 1 › Titolo: è vuoto: scrivi qualcosa',
    ]);
  });

  it('refuses a body with a heading above the page’s own and with strikethrough, which the page would not show as meant', () => {
    const refusals = entryRefusals({
      collection: 'services',
      path: 'content/services/02-x.md',
      data: { title: 'X', body: '## Prezzi\n\nPrima ~~80 euro~~ ora 60.\n\n### Dettagli' },
    });
    expect(refusals).toEqual([
      'Testo: un titolo di livello 2 ("## …") starebbe alla pari dei titoli della pagina: in questo testo i titoli partono dal livello 3 ("### …"); scegli quel livello',
      'Testo: il testo barrato ("~~testo~~") il sito non lo mostra: le tilde comparirebbero così come sono scritte; toglile, oppure scrivi a parole che cosa è cambiato',
    ]);
  });

  it('refuses an upload with more pixels than the build decodes', () => {
    expect(entryRefusals(entry({}), [{ image: 'images/maria.jpg', width: 12000, height: 9000 }])).toEqual([
      'la foto "images/maria.jpg" misura 12000×9000 pixel (108 megapixel), più dei 100 megapixel che il sito accetta: rimpiccioliscila a 2400 pixel di larghezza (la misura più grande che il sito mostra) e caricala di nuovo con «Sostituisci l’immagine»',
    ]);
    expect(entryRefusals(entry({}), [{ image: 'images/maria.jpg', width: 6000, height: 4000 }])).toEqual([]);
  });

  // Issue 31: a 1280×800 screen capture was taken as a portrait without a word.
  it('notes a landscape photo given as the portrait, which the page crops to its middle', () => {
    const sizes = (width: number, height: number) => new Map([['images/maria.jpg', { width, height }]]);
    expect(shapeNotes(entry({}), sizes(1280, 800))).toEqual([
      'Ritratto › Foto: la foto è orizzontale (1280×800 pixel), ma il ritratto nella pagina è verticale (4:5): se ne vedrà solo la parte centrale; scegli una foto verticale, o ritagliala',
    ]);
    // A phone's portrait (3:4), a square, or a photo of unknown size: nothing to say.
    for (const [width, height] of [
      [3024, 4032],
      [800, 800],
      [0, 0],
    ] as const)
      expect(shapeNotes(entry({}), sizes(width, height))).toEqual([]);
    // Places of no one shape (the home's hero, drawn across the page at any height) have no note.
    expect(
      shapeNotes(
        { collection: 'pages', path: 'content/home.md', data: { hero: { image: 'images/maria.jpg' } } },
        sizes(1280, 800),
      ),
    ).toEqual([]);
  });

  it('accepts every file of the sample content as it is', async () => {
    for (const [collection, folder] of [
      ['services', 'services'],
      ['professionals', 'professionals'],
    ] as const) {
      for (const name of await readdir(path.join(ROOT, 'content', folder))) {
        const file = `content/${folder}/${name}`;
        const text = await readFile(path.join(ROOT, file), 'utf8');
        const data = fromMarkdown(text.trim());
        expect(entryRefusals({ collection, path: file, data }), file).toEqual([]);
      }
    }
    for (const name of ['home', 'contatti', 'percorsi', 'privacy']) {
      const file = `content/${name}.md`;
      expect(
        entryRefusals({
          collection: 'pages',
          path: file,
          data: fromMarkdown((await readFile(path.join(ROOT, file), 'utf8')).trim()),
        }),
        file,
      ).toEqual([]);
    }
  });
});

describe('bodyMarkupProblems', () => {
  it('finds ATX and setext headings above the lowest level, outside code, and strikethrough once', () => {
    const body = [
      '# Uno',
      '',
      'Due',
      '===',
      '',
      '```',
      '# non un titolo',
      '```',
      '',
      '## Tre',
      '',
      'Testo ~~barrato~~ e ~~ancora~~.',
      '',
      '`~~codice~~`',
    ].join('\n');
    const problems = bodyMarkupProblems('service', 'content/services/01-a.md', body, 5);
    expect(
      problems.map((problem) => [
        problem.line,
        problem.severity,
        problem.message.split(' would')[0]!.split(' is not')[0],
      ]),
    ).toEqual([
      [5, 'warning', 'a level-1 heading ("# …")'],
      [8, 'warning', 'a level-1 heading ("# …")'],
      [14, 'warning', 'a level-2 heading ("## …")'],
      [16, 'warning', 'strikethrough ("~~text~~")'],
    ]);
    expect(bodyMarkupProblems('professional', 'x.md', '## Ok\n\n### Ok\n\n- elenco\n---\n\ntesto', 1)).toEqual([]);
  });
});

describe('the editor’s file format', () => {
  it('reads and writes every service byte for byte (so a save changes only what she changed), and keeps every body of the other files', async () => {
    for (const name of await readdir(path.join(ROOT, 'content', 'services'))) {
      const text = await readFile(path.join(ROOT, 'content', 'services', name), 'utf8');
      expect(toMarkdown('service', fromMarkdown(text.trim())), name).toBe(text);
    }
    // Their front matter is rewritten in the editor's style on a first save (folded lines joined); bodies never.
    for (const [file, kind] of [
      ['home.md', 'home'],
      ['contatti.md', 'contacts'],
      ['privacy.md', 'privacy'],
      ['professionals/giulia-marchetti.md', 'professional'],
    ] as const) {
      const text = await readFile(path.join(ROOT, 'content', file), 'utf8');
      const written = toMarkdown(kind, fromMarkdown(text.trim()));
      expect(written.slice(written.indexOf('\n---\n')), file).toBe(text.slice(text.indexOf('\n---\n')));
      expect(fromMarkdown(written.trim()), file).toEqual(fromMarkdown(text.trim()));
    }
  });

  it('hands Sveltia images as /images/… (its public folder, how it knows a photo is in use) and writes them as content names them', async () => {
    const text = await readFile(path.join(ROOT, 'content', 'professionals', 'giulia-marchetti.md'), 'utf8');
    const data = fromMarkdown(text.trim());
    expect(data['photo']).toMatchObject({ image: '/images/giulia-marchetti.jpg' });
    expect(toMarkdown('professional', data)).toContain('  image: images/giulia-marchetti.jpg\n');
    const site = fromYaml(await readFile(path.join(ROOT, 'content', 'site.yaml'), 'utf8'));
    expect(site['logo']).toBe('/images/logo.svg');
    expect(toYaml(site)).toContain('\nlogo: images/logo.svg\n');
  });

  it('leaves out optional fields left empty, keeps a required one even if empty, and puts a service’s order last, where the sample has it', () => {
    expect(toMarkdown('service', { order: 4, title: 'A', duration: null, body: 'Testo.' })).toBe(
      '---\ntitle: A\norder: 4\n---\n\nTesto.\n',
    );
    expect(toMarkdown('service', { order: null, title: 'A', body: '' })).toBe('---\ntitle: A\n---\n');
    const written = toMarkdown('professional', { ...professional, photo: { image: '/images/maria.jpg', alt: '' } });
    expect(written).toContain("photo:\n  image: images/maria.jpg\n  alt: ''\n");
    expect(written).not.toContain('vat:');
    expect(written).toContain("timeline:\n  - date: '2019'\n    title: Laurea\n    type: study\n");
  });
});
