import { readFile } from 'node:fs/promises';
import { checkContent } from './src/build.ts';
import { resolveOptions } from './src/options.ts';
import { formatReport } from './src/errors.ts';
const r = await checkContent(resolveOptions({}, 'test/fixtures/every-error'));
console.log(formatReport(r.problems, 'it'));
for (const f of ['wrong-type','invalid-date','unknown-timeline-type','missing-field','malformed-yaml']) { const x = await checkContent(resolveOptions({}, 'test/fixtures/'+f)); console.log(formatReport(x.problems,'it')); }
