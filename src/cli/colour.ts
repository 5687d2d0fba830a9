// Colour on a terminal, none on a pipe or with NO_COLOR (FORCE_COLOR forces it), through Node's own util.styleText.
import { styleText } from 'node:util';

type Format = Parameters<typeof styleText>[0];

/** What decides: a stream's `isTTY` and `hasColors` (tty.WriteStream has both), and the environment. */
interface Output {
  isTTY?: boolean;
  hasColors?: (env?: NodeJS.ProcessEnv) => boolean;
}

/**
 * Whether to colour what goes to `stream`, by Node's own rules (its getColorDepth): FORCE_COLOR first
 * (`0` or `false` turn colour off), then NO_COLOR or NODE_DISABLE_COLORS, then a terminal that has
 * colours (not TERM=dumb). Decided here rather than by styleText's `stream` option, which Node 22
 * gained only in 22.13 and which before it coloured a pipe too.
 */
export function usesColour(stream: Output, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  if (env.NO_COLOR || env.NODE_DISABLE_COLORS) return false;
  return stream.isTTY === true && (stream.hasColors?.(env) ?? false);
}

/** A function colouring text for `stream`, or handing it back as it is when `stream` gets no colour. */
export function painterFor(
  stream: Output,
  env: NodeJS.ProcessEnv = process.env,
): (format: Format, text: string) => string {
  if (!usesColour(stream, env)) return (_format, text) => text;
  // The decision is made above; validateStream would make it again from process.stdout.
  return (format, text) => styleText(format, text, { validateStream: false });
}
