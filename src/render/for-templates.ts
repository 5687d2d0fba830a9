// What templates/ may use from src/: the one module they import it through, so the seam between them shows in one file.
export type { Professional, Service, SiteModel } from '../model/site-model.ts';
export type { SiteConfig, TimelineEntry } from '../content/schema.ts';
export type { AssetManifest, ImageAsset, PageProps, PageTemplates } from './page-props.ts';
export { absoluteUrl } from './site-files.ts';
export { Island } from './island.tsx';
export { basePath, sitePath } from '../base-path.ts';
export { BUILT_IN_PATHS, FAVICON_FILE, PRIVACY_PATH, TOUCH_ICON_FILE } from '../routes.ts';
