import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from '../../src/platform/csv.ts';
import { parseMpesaStatement, STATEMENT_COLUMNS } from '../../src/platform/daraja/statement.ts';

const row = (cells: (string | number | null)[]) => toCsv(['a'], [cells]).split('\r\n')[1];

describe('CSV fields', () => {
  it('keeps a spreadsheet from running a formula, whatever starts it', () => {
    expect(row(['=HYPERLINK("http://x")'])).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(row(['+cmd|calc'])).toBe(`'+cmd|calc`);
    expect(row(['-2+3'])).toBe(`'-2+3`);
    expect(row(['@SUM(A1)'])).toBe(`'@SUM(A1)`);
    expect(row(['\t=1'])).toBe(`'\t=1`);
    expect(row(['\r=1'])).toBe(`"'\r=1"`);
  });

  it('writes plain numbers as they are, signed or with thousands', () => {
    expect(row(['-50.00'])).toBe('-50.00');
    expect(row(['+254712345678'])).toBe('+254712345678');
    expect(row(['-1,000.50'])).toBe('"-1,000.50"');
    expect(row([-12.5])).toBe('-12.5');
    expect(row(['Amina - Sandbox Customer'])).toBe('Amina - Sandbox Customer');
  });

  it("round-trips a statement's withdrawal line through the statement's reader", () => {
    const csv = toCsv(
      [...STATEMENT_COLUMNS],
      [
        [
          'R1',
          '2026-11-24 09:30:15',
          '2026-11-24 09:30:10',
          'Customer Payment',
          'Completed',
          '100.00',
          '',
          '100.00',
          '254712345678 - A',
          'ref',
        ],
        [
          'R2',
          '2026-11-24 10:00:00',
          '2026-11-24 09:59:58',
          'Business Payment',
          'Completed',
          '',
          '-50.00',
          '50.00',
          '254712345678 - A',
          '',
        ],
      ],
    );
    expect(parseCsv(csv)[2]?.[6]).toBe('-50.00');
    const lines = parseMpesaStatement(csv);
    expect(lines?.map((line) => [line.receipt, line.direction, line.amountCents])).toEqual([
      ['R1', 'IN', 10_000n],
      ['R2', 'OUT', 5_000n],
    ]);
  });
});
