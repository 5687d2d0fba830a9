// What is wrong with an image path written in content, worded so the editor knows exactly what to do.
import path from 'node:path';

const FORMATS = /\.(?:jpe?g|png|webp|avif|svg)$/i;
const SAFE = /^images\/[\w./-]+$/;

/** Undefined for a usable `images/…` path; otherwise what to change. */
export function imagePathProblem(value: string): string | undefined {
  const name = path.posix.basename(value);
  const stem = name.replace(/\.[^.]*$/, '');
  const ext = path.posix.extname(name);
  if (/^\.(?:heic|heif)$/i.test(ext)) {
    return `"${value}" is a HEIC photo (what iPhones save), which browsers cannot show; convert it to JPEG (on a Mac: open it in Preview, File > Export, Format JPEG; on Windows: open it in Photos, "Save as" JPEG; on the iPhone, Settings > Camera > Formats > Most Compatible makes future photos JPEG), put the .jpg in content/images/ and write "${value.slice(0, -ext.length)}.jpg"`;
  }
  if (value.startsWith('images/') && FORMATS.test(value) && /\s/.test(value)) {
    const fixed = `${path.posix.dirname(value)}/${stem.trim().replace(/\s+/g, '-')}${ext}`;
    return `"${value}" has a space in its name, which would break the image's address; rename the file in content/images/ to "${path.posix.basename(fixed)}" and write "${fixed}"`;
  }
  if (value.startsWith('images/') && FORMATS.test(value) && !SAFE.test(value)) {
    return `"${value}" may use only letters, digits, dots, dashes, underscores and "/" in its name; rename the file, such as "images/photo-1.jpg"`;
  }
  if (!value.startsWith('images/') || !FORMATS.test(value) || value.split('/').includes('..')) {
    return 'expected a path like "images/photo.jpg" (jpg, png, webp, avif or svg inside content/images/)';
  }
  return undefined;
}
