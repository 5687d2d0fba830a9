// The seam between templates/ and src/: every import of src/ from templates/ goes through src/render/for-templates.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT as root } from '../helpers/fixtures.ts';

const templates = join(root, 'templates');
const src = join(root, 'src');
const gate = join(src, 'render', 'for-templates.ts');

/** Every specifier in `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')`. */
function specifiers(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)(['"])([^'"]+)\1/g)) found.push(match[2]!);
  return found;
}

describe('templates/ imports src/ through one module', () => {
  it('reads the specifiers a file names', () => {
    const code =
      "import { a } from '../x.ts';\nimport type {\n  B,\n} from \"../../src/y.ts\";\nimport './z.css';\nconst c = await import('../w.ts');\nexport { d } from './d.ts';";
    expect(specifiers(code)).toEqual(['../x.ts', '../../src/y.ts', './z.css', '../w.ts', './d.ts']);
  });

  it('names src/render/for-templates.ts as the only src/ module any template imports', () => {
    const files = readdirSync(templates, { recursive: true, encoding: 'utf8' }).filter((file) =>
      /\.(ts|tsx)$/.test(file),
    );
    const outside: string[] = [];
    let fromSrc = 0;
    for (const file of files) {
      const path = join(templates, file);
      for (const specifier of specifiers(readFileSync(path, 'utf8'))) {
        if (!specifier.startsWith('.')) continue;
        const target = resolve(dirname(path), specifier);
        if (relative(src, target).startsWith('..')) continue;
        if (target === gate) fromSrc += 1;
        else outside.push(`templates/${file} imports ${relative(root, target)}`);
      }
    }
    expect(outside).toEqual([]);
    // The scan saw the templates' real imports, so an empty list above means something.
    expect(fromSrc).toBeGreaterThan(10);
  });
});
