import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { ExportRow } from './products.repository.ts';

// The products CSV (docs/decisions/030-product-csv.md): one header line, one product a line,
// UTF-8 with a byte order mark so that Excel reads Bengali. A cell a spreadsheet would run as a
// formula (starting with = + - @, a tab or a carriage return) is written with a leading
// apostrophe, as OWASP advises (https://owasp.org/www-community/attacks/CSV_Injection); the
// import takes that apostrophe off again and refuses a cell that is still a formula.

export const CSV_COLUMNS = [
  'id',
  'name',
  'name_bn',
  'description',
  'description_bn',
  'category',
  'price',
  'stock',
  'stock_was',
  'min_order',
  'rating',
  'img',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** The most rows one import takes; a bigger catalogue is imported in parts. */
export const IMPORT_MAX_ROWS = 5_000;
/** The largest CSV an import takes. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

const FORMULA = /^[=+\-@\t\r]/;
const guard = (value: string) => (FORMULA.test(value) ? `'${value}` : value);

/** The CSV lines of these products; the header with the first batch. */
export function csvLines(rows: ExportRow[], withHeader: boolean): string {
  return stringify(
    rows.map((row) =>
      [
        row._id,
        row.name,
        row.nameBn ?? '',
        row.description,
        row.descriptionBn ?? '',
        row.category,
        row.price,
        row.stock,
        row.stock,
        row.minOrder,
        row.rating,
        row.img,
      ].map((value) => guard(String(value))),
    ),
    { header: withHeader, columns: [...CSV_COLUMNS], record_delimiter: '\r\n' },
  );
}
export const CSV_BOM = '\uFEFF';

export type CsvRecord = Partial<Record<CsvColumn, string>>;

/**
 * The records of an uploaded CSV, each with its line number in the file. Throws a message for a
 * file that is not a products CSV at all (no header, unknown columns, broken quoting).
 */
export function parseCsv(text: string): Array<{ line: number; record: CsvRecord }> {
  const records = parse(text, {
    bom: true,
    columns: (header: string[]) => {
      const names = header.map((name) => name.trim().toLowerCase());
      const unknown = names.filter((name) => !(CSV_COLUMNS as readonly string[]).includes(name));
      if (unknown.length > 0) throw new Error(`Unknown columns: ${unknown.join(', ')}`);
      for (const required of ['name', 'description', 'price', 'stock', 'min_order', 'rating', 'img'])
        if (!names.includes(required)) throw new Error(`Missing column: ${required}`);
      return names;
    },
    skip_empty_lines: true,
    info: true,
    max_record_size: 20_000,
    to: IMPORT_MAX_ROWS + 1,
  }) as Array<{ record: CsvRecord; info: { lines: number } }>;
  return records.map(({ record, info }) => ({ line: info.lines, record }));
}

/**
 * A cell as the admin meant it: a cell the export guarded (apostrophe, then a formula character)
 * is taken as the text it guards; a cell that is a formula as it stands (typed into a
 * spreadsheet, not a plain number) is null, and its row is refused.
 */
export function cellValue(value: string | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  if (/^'[=+\-@\t\r]/.test(value)) return value.slice(1);
  return FORMULA.test(value.trimStart()) && !/^-?\d+(\.\d+)?$/.test(value.trim()) ? null : value;
}
