// The large site both benchmarks build: the sample content plus generated professionals and services.
import { cp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Copies the sample content and adds generated professionals (all but 10 unlisted) and services. */
export async function generateBigSite(dir: string, professionals: number, services: number): Promise<void> {
  await cp(path.join(root, 'content'), path.join(dir, 'content'), { recursive: true });
  const writes: Promise<void>[] = [];
  for (let i = 1; i <= professionals; i++) {
    const timeline = Array.from(
      { length: 6 },
      (_, n) =>
        `  - date: "${2000 + n}-0${(n % 9) + 1}"\n    title: Tappa ${n + 1} del percorso\n    place: Pescara\n    type: ${n % 2 ? 'work' : 'study'}`,
    ).join('\n');
    writes.push(
      writeFile(
        path.join(dir, 'content', 'professionals', `professionista-${i}.md`),
        `---\nname: Professionista ${i}\nrole: Psicologa\ndescription: Scheda della professionista numero ${i}.\nphoto:\n  image: images/giulia-marchetti.jpg\n  alt: Ritratto\norder: ${100 + i}\nphone: "+39 333 000 ${String(i).padStart(4, '0')}"\nemail: professionista${i}@example.com\nlinkedin: https://www.linkedin.com/in/professionista-${i}-example\nregistration: Iscritta all'Ordine degli Psicologi della Regione Abruzzo, n. ${1000 + i}\nspecialisation:\n  - Sostegno psicologico\n  - Psicodiagnostica\nlisted: ${i <= 10}\ntimeline:\n${timeline}\n---\n\nBiografia della professionista ${i}. Si occupa di **sostegno psicologico** e di valutazione.\n\nHa lavorato in diversi servizi del territorio.\n`,
      ),
    );
  }
  for (let i = 1; i <= services; i++) {
    writes.push(
      writeFile(
        path.join(dir, 'content', 'services', `${String(i + 100).padStart(4, '0')}-servizio-${i}.md`),
        `---\ntitle: Servizio ${i}\nduration: 50\n---\n\nDescrizione del servizio ${i}: un percorso di *sostegno* pensato per chi ne ha bisogno.\n`,
      ),
    );
  }
  await Promise.all(writes);
}
