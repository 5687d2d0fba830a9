// The state of the last publication, in a line at the foot of the editor: what the host reported back on the published branch's last commit (GitHub's commit statuses and check runs).
import { parse } from 'yaml';

type State = 'building' | 'live' | 'failed';
interface Report {
  state?: State;
  message?: string | null;
  url?: string | null;
}
interface CheckRun {
  status: string;
  conclusion: string | null;
  html_url: string | null;
  output?: { title: string | null; summary: string | null };
}

/** A status's state or a check run's conclusion as hers; skipped, cancelled and neutral ones say nothing of the site. */
const stateOf = (word: string): State | undefined =>
  word === 'building' ? 'building' : word === 'success' ? 'live' : FAILED.includes(word) ? 'failed' : undefined;
const FAILED = ['failure', 'error', 'timed_out', 'action_required', 'startup_failure'];

/**
 * Asks GitHub every 20 seconds while the page is in view and she is signed in to GitHub (Sveltia keeps
 * her token in local storage), at the API address and branch of config.yml. A host that reports
 * nothing (nginx without a report, docs/web-editor.md) shows no line.
 */
export function watchPublication(site: string, configUrl: string): void {
  const line = Object.assign(document.createElement('p'), { id: 'publication', role: 'status', hidden: true });
  const backend = fetch(configUrl)
    .then((response) => response.text())
    .then((text) => (parse(text) as { backend: { repo: string; branch: string; api_root?: string } }).backend);
  const check = async () => {
    const token = (JSON.parse(localStorage.getItem('sveltia-cms.user') ?? '{}') as { token?: string }).token;
    if (!token || document.hidden) return;
    const { repo, branch, api_root = 'https://api.github.com' } = await backend;
    // Sveltia's own rule: GitHub Enterprise's REST API is under /api/v3 of the root config.yml names.
    const api = /api\.github\.com$|\/api\/v3$/.test(api_root) ? api_root : `${api_root.replace(/\/api$/, '')}/api/v3`;
    const get = (path: string) =>
      fetch(`${api}/repos/${repo}/commits/${branch}/${path}`, { headers: { Authorization: `token ${token}` } })
        .then((response) => (response.ok ? response.json() : {}))
        .catch(() => ({}));
    const [{ statuses = [] }, { check_runs = [] }] = (await Promise.all([get('status'), get('check-runs')])) as [
      { statuses?: { state: string; description: string | null; target_url: string | null }[] },
      { check_runs?: CheckRun[] },
    ];
    const reports: Report[] = [
      ...statuses.map(({ state, description, target_url }) => ({
        state: stateOf(state === 'pending' ? 'building' : state),
        message: description,
        url: target_url,
      })),
      ...check_runs.map(({ status, conclusion, html_url, output }) => ({
        state: stateOf(status === 'completed' ? (conclusion ?? '') : 'building'),
        message: output?.title ?? output?.summary?.split('\n')[0],
        url: html_url,
      })),
    ];
    const report = (['failed', 'building', 'live'] as const)
      .map((state) => reports.find((r) => r.state === state))
      .find(Boolean);
    line.hidden = !report;
    line.dataset['state'] = report?.state ?? '';
    line.replaceChildren(...(report ? said(report, site) : []));
  };
  document.body.append(line);
  void check();
  setInterval(() => void check(), 20_000);
  // Back to this tab, she sees the state as it is now.
  window.addEventListener('focus', () => void check());
}

/** Her words for a report: what it means for the site, and the link she (or whoever looks after the site) follows. */
function said({ state, message, url }: Report, site: string): (string | Node)[] {
  const link = (href: string, text: string) =>
    Object.assign(document.createElement('a'), { href, text, target: '_blank' });
  if (state === 'building') return ['Il sito si sta aggiornando con l’ultima pubblicazione…'];
  if (state === 'live') return ['Il sito è aggiornato con l’ultima pubblicazione. ', link(site, 'Apri il sito')];
  return [
    `L’ultima pubblicazione non è andata online: il sito mostra ancora la versione precedente${message ? ` («${message}»)` : ''}. Avvisa chi gestisce il sito. `,
    ...(url ? [link(url, 'Dettagli')] : []),
  ];
}
