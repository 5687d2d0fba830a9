// Browser side of `brochure watch`: reloads the page after each good build and shows a failed one in an overlay.
// Served at /__brochure/reload.js in watch mode only; `build` output never loads it.
// Types only from live-reload.ts (esbuild drops the import): the bundle carries none of the server code.
// Problems read as the terminal prints them: the overlay uses the same formatter (src/errors.ts).
import { problemLocation, problemText } from '../problem-line.ts';
import type { FailureReport, ReloadEvents } from '../watch/live-reload.ts';

// The page's script tag is LiveReload.scriptTag(), added by the server; it always names the events URL.
const { events, session, revision } = (document.currentScript as HTMLScriptElement).dataset;
let overlay: HTMLElement | undefined;
let notice: HTMLElement | undefined;

const source = new EventSource(events!);
source.addEventListener('hello', (event) => {
  const hello = parse<ReloadEvents['hello']>(event);
  // A rebuild between serving this page and connecting, or a restarted server: the page is stale.
  if (hello.session !== session || String(hello.revision) !== revision) location.reload();
  else if (hello.failure) show(hello.failure);
  if (hello.warnings) showWarnings(hello.warnings);
});
source.addEventListener('warnings', (event) => showWarnings(parse<ReloadEvents['warnings']>(event)));
source.addEventListener('reload', (event) => {
  if (String(parse<ReloadEvents['reload']>(event).revision) !== revision) location.reload();
});
source.addEventListener('failure', (event) => show(parse<ReloadEvents['failure']>(event)));

function parse<T>(event: Event): T {
  return JSON.parse((event as MessageEvent<string>).data) as T;
}

function show(failure: FailureReport): void {
  overlay?.remove();
  // The failure lists the warnings too; one panel at a time.
  notice?.remove();
  notice = undefined;
  overlay = document.createElement('brochure-overlay');
  // A shadow root keeps the site's styles off the overlay and the overlay's styles off the site;
  // a constructed stylesheet, unlike a <style> element, passes the site's CSP (no 'unsafe-inline').
  const root = overlay.attachShadow({ mode: 'open' });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(STYLES);
  root.adoptedStyleSheets = [sheet];
  const panel = element('section', { role: 'alertdialog', 'aria-modal': 'true', 'aria-labelledby': 'title' });
  const words = failure.words;
  panel.append(
    element(
      'h2',
      { id: 'title' },
      failure.error ? (words?.crashed ?? 'The build crashed') : (words?.failed ?? 'The build failed'),
    ),
    element(
      'p',
      {},
      words?.intro ?? 'This page still shows the last good build. Fix the file and save: the page reloads by itself.',
    ),
  );
  if (failure.problems.length > 0) panel.append(problemList(failure));
  if (failure.error) panel.append(element('pre', {}, failure.error.stack || failure.error.message));
  const close = element('button', { type: 'button' }, words?.close ?? 'Close');
  close.addEventListener('click', () => overlay?.remove());
  panel.append(close);
  root.append(panel);
  document.body.append(overlay);
  close.focus();
}

function problemList(report: FailureReport): HTMLElement {
  const list = element('ul');
  for (const problem of report.problems) {
    list.append(
      element(
        'li',
        {},
        element('code', {}, problemLocation(problem)),
        ` ${problemText(problem, report.words?.warning)}`,
      ),
    );
  }
  return list;
}

/**
 * The warnings of a good build: a panel in a corner, amber rather than red, that leaves the page
 * usable; closing it hides these warnings until the next save.
 */
function showWarnings(report: FailureReport): void {
  notice?.remove();
  notice = undefined;
  if (report.problems.length === 0) return;
  notice = document.createElement('brochure-warnings');
  const root = notice.attachShadow({ mode: 'open' });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(WARNING_STYLES);
  root.adoptedStyleSheets = [sheet];
  const panel = element('section', { role: 'status', 'aria-labelledby': 'title' });
  const close = element('button', { type: 'button' }, report.words?.close ?? 'Close');
  close.addEventListener('click', () => {
    notice?.remove();
    notice = undefined;
  });
  panel.append(
    element('h2', { id: 'title' }, report.words?.warningsTitle ?? 'Warnings'),
    element(
      'p',
      {},
      report.words?.warningsIntro ?? 'The page is up to date; these lines of the content were ignored or look wrong.',
    ),
    problemList(report),
    close,
  );
  root.append(panel);
  document.body.append(notice);
}

const WARNING_STYLES = `
  :host { position: fixed; right: 1rem; bottom: 1rem; z-index: 2147483646; max-width: min(40rem, calc(100vw - 2rem));
    font: 15px/1.45 system-ui, sans-serif; }
  section { background: #fffbea; color: #1a1a1a; border-left: 6px solid #b26a00; border-radius: 6px;
    padding: 0.75rem 1rem; box-shadow: 0 6px 24px rgb(0 0 0 / 0.25); max-height: 50vh; overflow: auto; }
  h2 { margin: 0 0 0.25rem; font-size: 1.05rem; color: #7a4800; }
  p { margin: 0 0 0.25rem; }
  ul { padding-left: 1.25rem; margin: 0.25rem 0 0.5rem; }
  code { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.85rem; font-weight: 700; }
  button { font: inherit; padding: 0.25rem 0.9rem; cursor: pointer; }
`;

function element(tag: string, attributes: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElement {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

const STYLES = `
  :host { position: fixed; inset: 0; z-index: 2147483647; display: grid; place-items: start center;
    padding: 5vh 1rem; background: rgb(0 0 0 / 0.55); overflow: auto; font: 16px/1.5 system-ui, sans-serif; }
  section { max-width: 60rem; width: 100%; background: #fff; color: #1a1a1a; border-top: 6px solid #b00020;
    border-radius: 6px; padding: 1.25rem 1.5rem; box-shadow: 0 10px 40px rgb(0 0 0 / 0.4); }
  h2 { margin: 0 0 0.5rem; font-size: 1.25rem; color: #b00020; }
  ul { padding-left: 1.25rem; }
  li { margin: 0.4rem 0; }
  code, pre { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.875rem; }
  code { font-weight: 700; }
  pre { white-space: pre-wrap; background: #f6f6f6; padding: 0.75rem; border-radius: 4px; max-height: 50vh; overflow: auto; }
  button { font: inherit; padding: 0.4rem 1rem; cursor: pointer; }
`;
