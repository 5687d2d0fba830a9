// Test-only client entry: hydrates like the real entry and records what hydration changed in the server HTML.
import { h, render, type ComponentType } from 'preact';
import { hydrateIslands } from '../../../src/browser/hydrate-islands.ts';
import { islands } from '../../../templates/islands/registry.ts';

/** What the probe leaves on `window.__probe` for the test to read. */
export interface ProbeReport {
  /** DOM mutations made while hydrating, e.g. `childList P`, `attributes BUTTON[aria-expanded]`. */
  mutations: string[];
  /** Per island: where a fresh client render differs from the server HTML, or null when equal. */
  differences: Record<string, string | null>;
}

declare global {
  interface Window {
    __probe?: ProbeReport;
  }
}

function describeNode(node: Node): string {
  return node instanceof Element
    ? `<${node.localName}${[...node.attributes].map((a) => ` ${a.name}="${a.value}"`).join('')}>`
    : JSON.stringify(node.textContent);
}

/** The first place two DOM trees differ (attributes in any order, as isEqualNode), or null. */
function firstDifference(server: Node, client: Node, path: string): string | null {
  if (server.isEqualNode(client)) return null;
  const here = `${path}: server ${describeNode(server)} vs client ${describeNode(client)}`;
  if (server.nodeName !== client.nodeName || !(server instanceof Element) || !(client instanceof Element)) return here;
  const attributes = (element: Element) =>
    [...element.attributes]
      .map((a) => `${a.name}=${a.value}`)
      .sort()
      .join(' ');
  if (attributes(server) !== attributes(client)) return here;
  const [serverChildren, clientChildren] = [[...server.childNodes], [...client.childNodes]];
  if (serverChildren.length !== clientChildren.length) {
    return `${here}: ${serverChildren.length} vs ${clientChildren.length} children (${serverChildren.map(describeNode).join(', ')} | ${clientChildren.map(describeNode).join(', ')})`;
  }
  for (const [index, child] of serverChildren.entries()) {
    const difference = firstDifference(child, clientChildren[index] as Node, `${path} > ${server.localName}[${index}]`);
    if (difference) return difference;
  }
  return here;
}

const markers = [...document.querySelectorAll<HTMLElement>('[data-island]')];
const serverCopies = markers.map((marker) => marker.cloneNode(true));

const observer = new MutationObserver(() => {});
observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
hydrateIslands();
// takeRecords() before any microtask: only hydration itself (and synchronous layout effects) can have run.
const mutations = observer
  .takeRecords()
  .map(
    (record) => `${record.type} ${record.target.nodeName}${record.attributeName ? `[${record.attributeName}]` : ''}`,
  );
observer.disconnect();

// Hydration never compares attributes, so also render each island afresh and compare whole trees.
const differences: Record<string, string | null> = {};
for (const [index, marker] of markers.entries()) {
  const name = marker.dataset.island ?? '';
  const fresh = document.createElement('div');
  const component = islands[name as keyof typeof islands] as unknown as ComponentType<object>;
  render(h(component, JSON.parse(marker.dataset.props ?? '{}') as object), fresh);
  const server = serverCopies[index] as Element;
  const wrapper = server.cloneNode(false) as Element;
  wrapper.append(...fresh.childNodes);
  differences[name] = firstDifference(server, wrapper, name);
  render(null, fresh);
}

window.__probe = { mutations, differences };
