// The state of the last publication, in a line at the foot of the editor: what the host reported on the published branch's last commit (GitHub's commit statuses and check runs).
import { parse } from 'yaml';

/** What GitHub answers, cut to what is read (a check run's `conclusion` is null while it runs). */
type Found = { state?: string; description?: string | null; target_url?: string | null };
type Run = { conclusion: string | null; html_url: string; output?: { title: string | null } };

const a = (href: string, text: string) => Object.assign(document.createElement('a'), { href, text, target: '_blank' });
// A run as a status; skipped, cancelled and neutral ones then match no state: they say nothing of the site.
const status = (r: Run) => ({ state: r.conclusion ?? 'pending', description: r.output?.title, target_url: r.html_url });

/**
 * Asks GitHub on load, when she comes back to the tab and every 20 s, with Sveltia's token, at its API address
 * (under /api/v3 on GitHub Enterprise, as Sveltia reads `api_root`) and branch. A host that reports nothing (nginx, unless told to: docs/web-editor.md) shows no line.
 */
export function watchPublication(site: string, configUrl: string): void {
  const line = Object.assign(document.createElement('p'), { id: 'publication', role: 'status', hidden: true });
  const config = fetch(configUrl).then(async (answer) => parse(await answer.text()).backend as Record<string, string>);
  const check = async () => {
    const { token } = JSON.parse(localStorage.getItem('sveltia-cms.user') ?? '{}') as { token?: string };
    if (!token || document.hidden) return;
    const { repo, branch, api_root: root = 'https://api.github.com' } = await config;
    const api = /api\.github\.com$|\/api\/v3$/.test(root) ? root : `${root.replace(/\/api$/, '')}/api/v3`;
    const [base, init] = [`${api}/repos/${repo}/commits/${branch}`, { headers: { Authorization: `token ${token}` } }];
    const get = (path: string): Promise<{ statuses?: Found[]; check_runs?: Run[] }> =>
      fetch(`${base}/${path}`, init).then(
        (r) => (r.ok ? r.json() : {}),
        () => ({}),
      );
    const [{ statuses = [] }, { check_runs = [] }] = await Promise.all([get('status'), get('check-runs')]);
    const reports = [...statuses, ...check_runs.map(status)];
    const [failed, building, live] = [/failure|error|timed_out/, /pending/, /success/].map((word) =>
      reports.find(({ state }) => word.test(state ?? '')),
    );
    const why = failed?.description ? ` («${failed.description}»)` : '';
    const gone = `L’ultima pubblicazione non è andata online: il sito mostra ancora la versione precedente${why}.`;
    const words: (string | Node)[] = failed
      ? [`${gone} Avvisa chi gestisce il sito. `]
      : building
        ? ['Il sito si sta aggiornando con l’ultima pubblicazione…']
        : live
          ? ['Il sito è aggiornato con l’ultima pubblicazione. ', a(site, 'Apri il sito')]
          : [];
    if (failed?.target_url) words.push(a(failed.target_url, 'Dettagli'));
    line.hidden = !words.length;
    line.dataset['state'] = failed ? 'failed' : '';
    line.replaceChildren(...words);
  };
  document.body.append(line);
  void check();
  setInterval(() => void check(), 20_000);
  window.addEventListener('focus', () => void check());
}
