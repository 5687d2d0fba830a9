// <Island>: the marker element the client hydrates, its JSON props (escaped so no text can break out of the attribute) and the server-rendered children.
import { useState, type ComponentType, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Island as RegistryIsland, type IslandName } from '../../src/render/island.tsx';
import { parseHtml } from '../helpers/html.ts';

// The marker does not depend on which component it wraps: these tests use stand-ins, so they drop the
// type check that `component` is the registry's component for `name`.
const Island = RegistryIsland as unknown as <P extends object>(props: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  serverProps?: Partial<P>;
}) => ReactElement;

/** Text or an attribute value as the browser reads it: character references decoded (html-validate leaves them). */
function decode(value: string): string {
  const named: Record<string, string> = { quot: '"', amp: '&', lt: '<', gt: '>', apos: "'" };
  return value.replace(
    /&(?:#x([0-9a-f]+)|#(\d+)|(\w+));/gi,
    (match, hex: string | undefined, decimal: string | undefined, name: string | undefined) =>
      hex
        ? String.fromCodePoint(parseInt(hex, 16))
        : decimal
          ? String.fromCodePoint(Number(decimal))
          : (named[name!] ?? match),
  );
}

/** The single island marker of `html`, its name, its props as the client parses them, and its inner HTML. */
function marker(html: string) {
  const root = parseHtml(html);
  const markers = root.querySelectorAll('[data-island]');
  expect(markers).toHaveLength(1);
  const element = markers[0]!;
  const json = decode(String(element.getAttributeValue('data-props')));
  return { name: element.getAttributeValue('data-island'), json, props: JSON.parse(json) as unknown, root, element };
}

function Greeting({ who, count }: { who: string; count: number }) {
  return (
    <p>
      Ciao {who}, {count} messaggi
    </p>
  );
}

describe('Island', () => {
  it('wraps the server HTML of the component in a div naming the island and carrying its props', () => {
    expect(
      renderToStaticMarkup(<Island name="ContactForm" component={Greeting} props={{ who: 'Maria', count: 2 }} />),
    ).toBe(
      '<div data-island="ContactForm" data-props="{&quot;who&quot;:&quot;Maria&quot;,&quot;count&quot;:2}"><p>Ciao Maria, 2 messaggi</p></div>',
    );
  });

  it('renders the component with exactly the props it sends to the browser', () => {
    function Echo(props: object) {
      return <pre>{JSON.stringify(props)}</pre>;
    }
    const props = { services: [{ title: 'Colloquio', duration: 50 }], open: null, label: 'Percorsi' };
    const island = marker(renderToStaticMarkup(<Island name="ServicesAccordion" component={Echo} props={props} />));
    expect(island.name).toBe('ServicesAccordion');
    expect(island.props).toEqual(props);
    expect(decode(island.element.textContent)).toBe(JSON.stringify(props));
  });

  it('keeps text that would end a script, open a comment or close the attribute inside the attribute, and back out unchanged', () => {
    const hostile = {
      note: '</script><script>alert(1)</script>',
      quote: 'She said "yes" & he said \'no\'',
      comment: '<!-- x --> ]]> `backtick`',
      accents: 'Però, più città – “virgolette”',
      separators: 'line\u2028paragraph\u2029end',
    };
    const html = renderToStaticMarkup(
      <Island name="CookieConsent" component={() => <span>banner</span>} props={hostile} />,
    );
    const attribute = html.slice(html.indexOf('data-props="') + 'data-props="'.length, html.indexOf('">'));
    // Within the attribute nothing can close it or open markup: quotes and angle brackets are escaped.
    expect(attribute).not.toMatch(/["<>]/);
    expect(html).not.toContain('<script');
    const island = marker(html);
    expect(island.json).toBe(JSON.stringify(hostile));
    expect(island.props).toEqual(hostile);
    expect(island.root.querySelectorAll('span').map((span) => span.textContent)).toEqual(['banner']);
  });

  it('sends JSON-plain props only: undefined values are dropped, as the client would never see them', () => {
    const island = marker(
      renderToStaticMarkup(
        <Island
          name="MapEmbed"
          component={() => <iframe title="Mappa" />}
          props={{ src: 'https://maps.example.org', width: undefined }}
        />,
      ),
    );
    expect(island.props).toEqual({ src: 'https://maps.example.org' });
  });

  it('server-renders the first state of a component with hooks, which the client hydrates from', () => {
    function Toggle({ label }: { label: string }) {
      const [open] = useState(false);
      return (
        <button type="button" aria-expanded={open}>
          {label}
        </button>
      );
    }
    const island = marker(renderToStaticMarkup(<Island name="SiteNav" component={Toggle} props={{ label: 'Menu' }} />));
    const button = island.root.querySelector('button')!;
    expect(button.getAttributeValue('aria-expanded')).toBe('false');
    expect(button.textContent).toBe('Menu');
  });

  it('renders with serverProps but never sends them: rich text travels once, in the HTML', () => {
    function Panel({ id, html }: { id: string; html?: string }) {
      return <section id={id} dangerouslySetInnerHTML={{ __html: html ?? '' }} />;
    }
    const island = marker(
      renderToStaticMarkup(
        <Island
          name="ServicesAccordion"
          component={Panel as ComponentType<{ id: string; html?: string }>}
          props={{ id: 'colloquio' } as { id: string; html?: string }}
          serverProps={{ html: '<p>Descrizione <em>lunga</em></p>' }}
        />,
      ),
    );
    expect(island.json).toBe('{"id":"colloquio"}');
    expect(island.root.querySelector('#colloquio em')?.textContent).toBe('lunga');
  });

  it('renders an empty object for a component without props', () => {
    const island = marker(
      renderToStaticMarkup(<Island name="ReviewsLoader" component={() => <div id="reviews" />} props={{}} />),
    );
    expect(island.json).toBe('{}');
    expect(island.root.querySelector('#reviews')).not.toBeNull();
  });
});
