// The part of Sveltia CMS's browser API (window.CMS, see @sveltia/cms's types/public.d.ts) our editor script uses, typed for what we read.

/** Sveltia hands entries over as Immutable.js maps; these are the calls we make on them. */
export interface ImmutableMap {
  get(key: string): unknown;
  getIn(path: (string | number)[]): unknown;
  setIn(path: (string | number)[], value: unknown): ImmutableMap;
  toJS(): Record<string, unknown>;
}

/** The props Sveltia gives a preview template (CustomPreviewTemplateProps). */
export interface PreviewProps {
  entry: ImmutableMap;
  /**
   * The picture Sveltia knows for a path as the entry names it (`/images/…`): just uploaded (a
   * blob: `url` and the file), or in the repository (`url` its path until Sveltia has fetched it;
   * `toBase64` fetches it, after which `url` is a blob: URL).
   */
  getAsset: (path: string) => { url: string; fileObj?: File; toBase64(): Promise<string> } | undefined;
}

/** What Sveltia's bundle puts on `window`. */
export interface SveltiaWindow {
  CMS: {
    init(options?: { config?: Record<string, unknown> }): Promise<void>;
    registerPreviewStyle(style: string, options?: { raw?: boolean }): void;
    registerPreviewTemplate(name: string, component: (props: PreviewProps) => unknown): void;
    registerCustomFormat(
      name: string,
      extension: string,
      format: { fromFile(text: string): Record<string, unknown>; toFile(value: Record<string, unknown>): string },
    ): void;
    registerEventListener(listener: {
      name: 'preSave' | 'postSave';
      handler: (event: { entry: ImmutableMap }) => unknown;
    }): void;
  };
  /** React's createElement, from the React inside Sveltia's bundle (preview templates return its elements). */
  h: (type: string, props: Record<string, unknown> | null, ...children: unknown[]) => unknown;
  CMS_MANUAL_INIT?: boolean;
}

export const sveltia = (): SveltiaWindow => window as unknown as SveltiaWindow;
