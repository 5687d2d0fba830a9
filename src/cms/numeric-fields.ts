// Which fields take a number or a word: the editor's text box hands over digits as text, saved as the number (used in the browser by src/cms/browser/editor.ts).
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
