// routes: the reserved slugs and the one clean-URL rule that link checking and every server follow.
import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_PATHS,
  filesForPath,
  fileOfPath,
  PRIVACY_PATH,
  pathOfFile,
  RESERVED_SLUGS,
} from '../../src/routes.ts';

describe('RESERVED_SLUGS', () => {
  it('lists every built-in page, index, 404, the static folder and the editor’s folder, in the order the error message shows them', () => {
    expect(RESERVED_SLUGS).toEqual(['index', 'contatti', 'percorsi', 'privacy', '404', 'static', 'admin']);
  });
});

describe('the built-in paths', () => {
  it('put the privacy notice at /privacy', () => {
    expect(PRIVACY_PATH).toBe('/privacy');
    expect(BUILT_IN_PATHS).toEqual({ home: '/', contacts: '/contatti', services: '/percorsi', privacy: '/privacy' });
  });
});

describe('the clean-URL rule', () => {
  it('writes / to index.html and /<name> to <name>.html, and reads them back', () => {
    for (const [url, file] of [
      ['/', 'index.html'],
      ['/contatti', 'contatti.html'],
      ['/giulia-marchetti', 'giulia-marchetti.html'],
    ] as const) {
      expect(fileOfPath(url)).toBe(file);
      expect(pathOfFile(file)).toBe(url);
    }
    expect(pathOfFile('static/js/site.0123abcd.js')).toBe('/static/js/site.0123abcd.js');
  });

  it('answers a URL with the file itself, then <path>.html, then <path>/index.html, ignoring a trailing slash', () => {
    expect(filesForPath('/')).toEqual(['index.html']);
    expect(filesForPath('/contatti')).toEqual(['contatti', 'contatti.html', 'contatti/index.html']);
    expect(filesForPath('/guida/')).toEqual(['guida', 'guida.html', 'guida/index.html']);
    expect(filesForPath('/static/css/site.css')).toEqual([
      'static/css/site.css',
      'static/css/site.css.html',
      'static/css/site.css/index.html',
    ]);
  });
});
