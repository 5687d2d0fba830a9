// What the tests of the compliance and launch rules share: findings read in English, and each as `status file`.
import { render, type Text } from '../../src/messages/text.ts';

/** A rule whose findings' messages are rendered in English, as the tests spell them (test/unit/messages.test.ts has the Italian). */
export const inEnglish =
  <Input, Finding extends { message: Text }>(rule: (input: Input) => Finding[]) =>
  (input: Input): (Omit<Finding, 'message'> & { message: string })[] =>
    rule(input).map((finding) => ({ ...finding, message: render(finding.message, 'en') }));

/** Each finding as `status file`. */
export const statuses = (findings: readonly { status: string; file: string }[]): string[] =>
  findings.map((finding) => `${finding.status} ${finding.file}`);
