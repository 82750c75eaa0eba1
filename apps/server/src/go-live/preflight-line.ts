/** One line of the pre-flight: a provider, whether it is ready, and in plain words what is wrong and the fix. */
export interface PreflightLine {
  provider: 'PlayOn' | 'Daraja' | 'Card' | 'Airtime';
  ok: boolean;
  says: string;
}

export const passed = (provider: PreflightLine['provider'], says: string): PreflightLine => ({
  provider,
  ok: true,
  says,
});

export const failed = (provider: PreflightLine['provider'], says: string): PreflightLine => ({
  provider,
  ok: false,
  says,
});

export function printedLine(line: PreflightLine): string {
  return `${line.ok ? '✓' : '✗'} ${line.provider}: ${line.says}`;
}
