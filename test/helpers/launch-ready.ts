// The minimal fixture made ready to launch: real-looking contacts, a widget id, a full privacy notice, the forms set.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileMap } from './files.ts';
import { fixture } from './fixtures.ts';

/** minimal's own site.yaml and rossi.md, and the launch-ready versions of them and of privacy.md. */
export async function launchReady() {
  const minimal = async (file: string) => readFile(path.join(fixture('minimal'), file), 'utf8');
  const [minimalSite, minimalRossi] = await Promise.all([
    minimal('content/site.yaml'),
    minimal('content/professionals/rossi.md'),
  ]);

  /** minimal's site.yaml with real-looking values, the forms set to tell visitors what happens. */
  const READY_SITE = minimalSite
    .replace('https://prova.example.com', 'https://www.studioprova.it')
    .replace('https://www.instagram.com/prova.example', 'https://www.instagram.com/studioprova')
    .replace('https://reviews.example.com/widget.js', 'https://static.elfsight.com/platform/platform.js')
    .replace('widgetClass: reviews-widget', 'widgetClass: elfsight-app-3f2a9c1e-77b0-4d2e-9a51-0c6d8e4b2f10')
    .concat('forms:\n  contactsPage: send\n  contactsOnFailure: true\n');
  const READY_ROSSI = minimalRossi
    .replace('+39 333 000 0001', '+39 347 218 4409')
    .replace('maria.rossi@example.com', 'maria.rossi@studioprova.it')
    .replace('maria-rossi-example', 'maria-rossi-4b1a2');
  const READY_PRIVACY = `---
title: Privacy
description: Informativa sulla privacy.
heading: Informativa sulla privacy
updated: "2025-01-01"
---

## Titolare del trattamento

Maria Rossi, [maria.rossi@studioprova.it](mailto:maria.rossi@studioprova.it).

## Finalità e basi giuridiche

Rispondere ai messaggi; base giuridica: le misure precontrattuali.

## Conservazione

Dodici mesi.

## Destinatari

EmailJS, responsabile del trattamento; la mappa di OpenStreetMap e le recensioni di Elfsight.

## Cookie

Solo tecnici, salvo consenso.

## Diritti e reclamo

Hai i diritti degli artt. 15-22 e puoi proporre reclamo al Garante.
`;
  return { minimalSite, minimalRossi, READY_SITE, READY_ROSSI, READY_PRIVACY };
}

/** The overlay (paths relative to the project) that makes minimal pass every launch rule but the shared decorative images. */
export async function launchReadyFiles(): Promise<FileMap> {
  const { READY_SITE, READY_ROSSI, READY_PRIVACY } = await launchReady();
  return {
    'content/site.yaml': READY_SITE,
    'content/professionals/rossi.md': READY_ROSSI,
    'content/privacy.md': READY_PRIVACY,
  };
}
