// reachHtml: the contacts a form's live region may show, rendered on the server from the content.
import { describe, expect, it } from 'vitest';
import { reachHtml } from '../../templates/components/reach.tsx';

describe('reachHtml', () => {
  it('renders the sentence, then one line per professional with a tel: and a mailto: link', () => {
    expect(
      reachHtml('Chiamaci:', [{ name: 'Maria Rossi', phone: '+39 347 218 4409', email: 'maria@studioprova.it' }]),
    ).toBe(
      'Chiamaci:<span class="form-reach__person">Maria Rossi: <a href="tel:+393472184409">+39\u00a0347\u00a0218\u00a04409</a>, <a href="mailto:maria@studioprova.it">maria@studioprova.it</a></span>',
    );
  });

  it('escapes the content, since the client inserts the HTML as it is', () => {
    const html = reachHtml('<b>Scrivici</b> & chiama', [
      { name: 'A <script>', phone: '+39 347 218 4409', email: 'a@b.it' },
    ]);
    expect(html).toContain('&lt;b&gt;Scrivici&lt;/b&gt; &amp; chiama');
    expect(html).toContain('A &lt;script&gt;: ');
    expect(html).not.toMatch(/<script|<b>/);
  });

  it('is the sentence alone without professionals', () => {
    expect(reachHtml('Chiamaci:', [])).toBe('Chiamaci:');
  });
});
