// Our Italian for the editor's interface: the strings Sveltia 0.221's Italian locale lacks (it falls back to English for them) and those we word for the psychologists.
// Sveltia's messages use MessageFormat 2 (`.input {$count :integer} .match $count one {{…}} * {{…}}`); placeholders keep their names.
// The configuration errors (config.error.*) stay in English: they can only come from a wrong generated config.yml, which the tests guard.

const count = (one: string, other: string, zero?: string) =>
  `.input {$count :integer} .match $count${zero === undefined ? '' : ` 0 {{${zero}}}`} one {{${one}}} * {{${other}}}`;

export const ITALIAN_STRINGS = {
  // Missing from Sveltia's Italian locale.
  select_item: 'Seleziona {$name}',
  folders: 'Cartelle',
  more_folders: 'Altre cartelle',
  sign_in_using_access_token_workflow_note:
    'Poiché le bozze sono attive, il token deve poter anche leggere e scrivere le pull request.',
  sign_in_with_link: 'Accedi con un link',
  sign_in_with_link_confirmation:
    'Questo link ti fa entrare come {$account} su {$service} e copia le impostazioni del dispositivo su cui è stato creato. Continua solo se il link l’hai creato tu.',
  domain: 'Dominio',
  file_unavailable: 'Non disponibile',
  file_unavailable_description: 'Non è stato possibile aprire questo file: forse è stato spostato o eliminato.',
  back_to_parent_folder: 'Torna alla cartella superiore',
  new_folder: 'Nuova cartella',
  new_folder_name: 'Nome della cartella',
  new_folder_create: 'Crea',
  new_folder_description: 'La nuova cartella sarà creata in “{$folder}”.',
  new_folder_error: {
    empty: 'Il nome della cartella non può essere vuoto.',
    invalid: 'Il nome della cartella non può contenere barre né iniziare con un punto.',
    duplicate: 'Qui c’è già una cartella o un file con questo nome.',
  },
  creating_folder: 'Creazione della cartella…',
  creating_folder_failed: 'Non è stato possibile creare la cartella.',
  folder_options: 'Opzioni della cartella',
  show_folder_options: 'Mostra le opzioni della cartella',
  rename_folder: 'Rinomina la cartella',
  delete_folder: 'Elimina la cartella',
  enter_new_name_for_folder: count(
    'Scrivi qui sotto il nuovo nome. Il file che contiene verrà spostato e le voci che lo usano saranno aggiornate.',
    'Scrivi qui sotto il nuovo nome. I {$count} file che contiene verranno spostati e le voci che li usano saranno aggiornate.',
    'Scrivi qui sotto il nuovo nome.',
  ),
  enter_new_name_for_external_folder: count(
    'Scrivi qui sotto il nuovo nome. Il file che contiene verrà spostato e il suo indirizzo cambierà: aggiorna le voci che lo usano.',
    'Scrivi qui sotto il nuovo nome. I {$count} file che contiene verranno spostati e i loro indirizzi cambieranno: aggiorna le voci che li usano.',
    'Scrivi qui sotto il nuovo nome.',
  ),
  confirm_deleting_folder: count(
    'Vuoi davvero eliminare la cartella “{$name}” e il file che contiene?',
    'Vuoi davvero eliminare la cartella “{$name}” e i {$count} file che contiene?',
    'Vuoi davvero eliminare la cartella vuota “{$name}”?',
  ),
  renaming_folder: 'Cambio del nome della cartella…',
  renaming_folder_failed: 'Non è stato possibile rinominare la cartella.',
  deleting_folder: 'Eliminazione della cartella…',
  deleting_folder_failed: 'Non è stato possibile eliminare la cartella.',
  replace_file: 'Sostituisci il file',
  replace_image: 'Sostituisci l’immagine',
  remove_file: 'Togli il file',
  remove_image: 'Togli l’immagine',
  deleting_referenced_assets_note: count(
    'Verrà tolta anche dalla voce che la usa.',
    'Verrà tolta anche dalle {$count} voci che la usano.',
  ),
  cannot_delete_referenced_assets: count(
    'Questa immagine non si può eliminare: la usa la pagina qui sotto, nel campo indicato. Prima metti un’altra immagine in quel campo e salva, poi eliminala.',
    'Queste immagini non si possono eliminare: le usano le pagine qui sotto, nei campi indicati. Prima metti altre immagini in quei campi e salva, poi eliminale.',
  ),
  deleting_referenced_entries_note: count(
    'Verrà tolta anche dall’altra voce che la richiama.',
    'Verrà tolta anche dalle {$count} voci che la richiamano.',
  ),
  cannot_delete_referenced_entries: count(
    'Questa voce non si può eliminare: la richiamano i campi qui sotto, che senza di essa non sarebbero più validi. Prima cambia quelle voci.',
    'Queste voci non si possono eliminare: le richiamano i campi qui sotto, che senza di esse non sarebbero più validi. Prima cambia quelle voci.',
  ),
  show_errors: 'Mostra gli errori',
  folder_created: 'Cartella creata.',
  folder_path: 'Percorso della cartella',
  folder_contents: 'Contenuto',
  x_folders: count('{$count} cartella', '{$count} cartelle', 'Nessuna cartella'),
  folder_renamed: 'Cartella rinominata.',
  folder_deleted: 'Cartella eliminata.',
  entry_sidebar: {
    slug: {
      title: 'Nome del file',
      generated_on_save: 'Il nome del file viene ricavato dal contenuto della voce quando la salvi.',
      unavailable: 'Questa voce non ha un nome di file proprio.',
    },
  },
  save_conflict: {
    title: 'Voce modificata da qualcun altro',
    modified_by: '{$name} ha modificato questa voce il {$date}, dopo che l’hai aperta.',
    modified: 'Questa voce è stata modificata dopo che l’hai aperta.',
    deleted: 'Questa voce è stata eliminata dopo che l’hai aperta.',
    overwrite_warning: 'Se salvi ora, le sue modifiche andranno perse.',
    recreate_warning: 'Se salvi ora, la voce verrà creata di nuovo.',
    save_anyway: 'Salva comunque',
    branch_moved: 'Qualcun altro ha aggiornato il sito mentre salvavi. Riprova.',
  },
  remote_change: {
    reload_entry: 'Ricarica la voce',
    confirm_reloading_entry: 'Vuoi davvero ricaricare la voce? Le modifiche non salvate andranno perse.',
  },
  list_item_options: 'Opzioni della voce dell’elenco',
  relation_field: {
    save_together_hint: 'Il nuovo {$name} verrà salvato insieme alla voce che stai modificando.',
    add_failed: 'Non è stato possibile aggiungere {$name}.',
  },
  assets_dialog: {
    title: { folder: 'Scegli una cartella' },
    selected_folder: 'Cartella scelta: {$path}',
    selected_folders: count('{$count} cartella scelta', '{$count} cartelle scelte'),
    no_subfolders: 'Questa cartella non ha sottocartelle.',
  },
  status: { deploying: 'In pubblicazione' },
  // Worded by us: what a photo over the limit means for her, and that the field keeps its photo
  // (src/cms/sveltia-package.ts mends the field's emptying).
  warning_oversized_files: count(
    'Questa foto supera {$size}, il massimo che l’area di redazione carica: il campo tiene la foto di prima. Riducila (per esempio esportandola di nuovo in JPEG a qualità media) o scegline un’altra.',
    'Queste foto superano {$size}, il massimo che l’area di redazione carica: i campi tengono le foto di prima. Riducile (per esempio esportandole di nuovo in JPEG a qualità media) o scegline altre.',
  ),
  // A change left unsaved, kept by the browser: say what each answer does, and which is safe.
  restore_backup_title: 'Modifiche non salvate',
  restore_backup_description:
    'Questa voce ha modifiche che non hai salvato ({$datetime}), tenute da parte dal browser. «Ripristina» le rimette nei campi, e poi vanno salvate; «Scarta» le dimentica e apre la voce com’è salvata. Se non ricordi che cosa avevi cambiato, scegli «Scarta»: il sito resta com’è.',
  // The site has one language: no "_default" read aloud in the names of the panes and their menu.
  edit_x_locale: 'Modifica del contenuto',
  preview_x_locale: 'Anteprima del contenuto',
  show_content_options_x_locale: 'Mostra le opzioni del contenuto',
  content_options_x_locale: 'Opzioni del contenuto',
  // Worded by us: Sveltia's "try again later" misleads when our checks refused the entry (the reasons follow it).
  saving_entry: { error: { description: 'La voce non è stata salvata.' } },
  workflow: {
    deploying_deletion: 'Eliminazione',
    // Worded by us: "Riprova" alone misleads when GitHub refuses the merge because a colleague has
    // meanwhile published a change to the same lines; retrying cannot help then (cms-drafts.test.ts).
    publishing_entry_failed:
      'La voce non è stata pubblicata. Riprova; se non riesce ancora, probabilmente nel frattempo qualcuno ha pubblicato una modifica alle stesse righe: scarta la bozza (Flusso Editoriale › Scarta Modifiche) e rifai la modifica sulla versione pubblicata.',
  },
} as const;
