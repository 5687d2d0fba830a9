// kept(): children on the server; in the browser bundle, the HTML of the element's twin in the page instead.
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { kept } from '../../templates/islands/kept.ts';

afterEach(() => {
  delete globalThis.BROCHURE_CLIENT;
});

describe('kept', () => {
  it('renders its children on the server, and never asks for the page', () => {
    const source = () => {
      throw new Error('the server has no page to read');
    };
    const html = renderToStaticMarkup(
      <p
        className="x"
        {...kept(
          !globalThis.BROCHURE_CLIENT && (
            <>
              Testo <a href="/privacy">informativa</a>
            </>
          ),
          source,
        )}
      />,
    );
    expect(html).toBe('<p class="x">Testo <a href="/privacy">informativa</a></p>');
  });

  it('in the client bundle, gives the element the HTML its twin in the page holds, read at each render', () => {
    globalThis.BROCHURE_CLIENT = true;
    let html = 'Testo <a href="/privacy">informativa</a>';
    const twin = {
      get innerHTML() {
        return html;
      },
    } as Element;
    expect(kept(false, () => twin)).toEqual({
      dangerouslySetInnerHTML: { __html: 'Testo <a href="/privacy">informativa</a>' },
    });
    html = 'cambiato';
    expect(kept(false, () => twin)).toEqual({ dangerouslySetInnerHTML: { __html: 'cambiato' } });
  });

  it('passes no children in the browser, so React or Preact cannot be given both', () => {
    globalThis.BROCHURE_CLIENT = true;
    expect(kept(false, () => ({ innerHTML: '' }) as Element)).not.toHaveProperty('children');
  });
});
