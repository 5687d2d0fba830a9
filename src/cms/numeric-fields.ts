// Which fields take a number or a word: the editor's text box hands over digits as text, saved as the number (used in the browser by src/cms/browser/editor.ts and preview.ts).
import {
  contactsSchema,
  homeSchema,
  privacySchema,
  professionalSchema,
  serviceSchema,
  servicesPageSchema,
  siteSchema,
} from '../content/schema.ts';
import { numericTextFields } from './fields.ts';

/** Per collection, the fields whose digits the editor must save as a number (see numericTextFields). */
export function numericFieldsByCollection(): Record<string, string[]> {
  const found: Record<string, string[]> = {
    services: numericTextFields(serviceSchema),
    professionals: numericTextFields(professionalSchema),
    pages: [...new Set([homeSchema, contactsSchema, servicesPageSchema, privacySchema].flatMap(numericTextFields))],
    settings: numericTextFields(siteSchema),
  };
  return Object.fromEntries(Object.entries(found).filter(([, fields]) => fields.length > 0));
}

const numeric = numericFieldsByCollection();

/** Makes the digits typed where a number or a word goes (50 or "caso per caso") the number, as saved; the fields changed. */
export function typedNumbers(collection: string, data: Record<string, unknown>): string[] {
  return (numeric[collection] ?? []).filter((name) => {
    const value = data[name];
    if (typeof value !== 'string' || !/^\d+$/.test(value.trim())) return false;
    data[name] = Number(value);
    return true;
  });
}
