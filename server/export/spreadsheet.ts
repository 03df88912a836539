// Spreadsheet downloads (decisions 021 and 106): rows as CSV (RFC 4180, UTF-8 with a byte-order
// mark) or XLSX (SpreadsheetML in a zip, deflated by Node's zlib on its thread pool, never on the
// event loop), written a batch at a time and pulled by the response stream, so memory holds a few
// batches (the bytes being sent, one batch written and queued, one read ahead) and a slow download
// slows the reads instead of filling the heap. The user, FulFillments and audit log exports write
// through these.
import { promisify } from 'node:util';
import { constants, crc32, deflateRaw } from 'node:zlib';
import { strToU8, Zip, ZipPassThrough } from 'fflate';
import { csvCell, csvLine } from '../../src/domain/csv-cell';

export type ExportFormat = 'csv' | 'xlsx';
/** A moment (ms since the epoch, UTC): ISO 8601 in a CSV, a real date-time in an XLSX. */
export interface Moment {
  at: number;
}
export type Cell = string | number | boolean | null | Moment;
export const moment = (ms: number): Moment => ({ at: ms });

/** Excel's row limit is 1,048,576; one header row leaves this many for data on each sheet. */
export const XLSX_ROWS_PER_SHEET = 1_048_575;

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A time as ISO 8601 (UTC) without milliseconds, which spreadsheets read as a date-time. */
export function isoTime(ms: number): string {
  const iso = new Date(ms).toISOString();
  // 2026-11-30T15:04:05.123Z: the usual four-digit year, cut rather than matched (an export writes
  // one per row); other years (+275760-…) keep the general rule.
  return iso.length === 24 ? `${iso.slice(0, 19)}Z` : iso.replace(/\.\d{3}Z$/, 'Z');
}

// ── CSV (RFC 4180) ────────────────────────────────────────────────────────
/** The one CSV cell of the panel (src/domain/csv-cell.ts): quoting and the CSV injection defence. */
export const csvField = (value: Cell): string => csvCell(csvValue(value));
/** A CSV keeps times machine-readable: ISO 8601, UTC. */
const csvValue = (value: Cell) => (value !== null && typeof value === 'object' ? isoTime(value.at) : value);

// ── XLSX (SpreadsheetML in a zip) ─────────────────────────────────────────
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

const NEEDS_XML_CARE = /[&<>\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

/** Escapes markup and drops what XML 1.0 forbids (control characters, lone surrogates). */
export function xmlText(text: string): string {
  // Most cells need nothing: one test instead of four passes.
  if (!NEEDS_XML_CARE.test(text)) return text;
  return text
    .replace(
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      '',
    )
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

// Cells carry no reference (r="B7"): it is optional, and a cell then takes the next column, so
// an empty cell is written as <c/> to keep its place. Together with xml:space only where spaces
// at either end need it, this keeps the sheet near half the size, and the deflate time with it.
function xlsxCell(value: Cell, style = ''): string {
  if (value === null) return `<c${style}/>`;
  if (typeof value === 'object') return `<c s="${DATE_TIME_STYLE}"><v>${excelSerial(value.at)}</v></c>`;
  if (typeof value === 'number') return `<c${style}><v>${value}</v></c>`;
  if (typeof value === 'boolean') return `<c${style} t="b"><v>${value ? 1 : 0}</v></c>`;
  const space = /^\s|\s$/.test(value) ? ' xml:space="preserve"' : '';
  return `<c${style} t="inlineStr"><is><t${space}>${xmlText(value)}</t></is></c>`;
}

function xlsxRow(n: number, cells: readonly Cell[], style = ''): string {
  let xml = `<row r="${n}">`;
  for (const value of cells) xml += xlsxCell(value, style);
  return `${xml}</row>`;
}

/**
 * Excel keeps a date-time as days since 30 December 1899 (its 1900 date system, which counts a
 * 29 February 1900 that never was, so serials from March 1900 on line up with the epoch's 25,569).
 * The cell's number format makes it read as a date, which the sheet can sort, filter and compute on.
 */
export const excelSerial = (ms: number): number => ms / 86_400_000 + 25_569;
/** cellXfs index of the date-time style (numFmt 164, 'yyyy-mm-dd hh:mm:ss', UTC as stored). */
const DATE_TIME_STYLE = 2;

const SHEET_START =
  `${XML_HEAD}<worksheet xmlns="${MAIN_NS}"><sheetViews><sheetView workbookViewId="0">` +
  '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData>';
const SHEET_END = '</sheetData></worksheet>';

/** The parts that name the sheets, written last, once the number of sheets is known. */
function packageParts(sheets: number, sheetName: string): Record<string, string> {
  const numbers = Array.from({ length: sheets }, (_, i) => i + 1);
  return {
    '[Content_Types].xml':
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      numbers
        .map(
          (n) =>
            `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
        )
        .join('') +
      '</Types>',
    '_rels/.rels': `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml':
      `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>` +
      numbers
        .map(
          (n) => `<sheet name="${xmlText(n === 1 ? sheetName : `${sheetName} ${n}`)}" sheetId="${n}" r:id="rId${n}"/>`,
        )
        .join('') +
      '</sheets></workbook>',
    'xl/_rels/workbook.xml.rels':
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
      numbers
        .map((n) => `<Relationship Id="rId${n}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${n}.xml"/>`)
        .join('') +
      `<Relationship Id="rId${sheets + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
    // Style 1: bold, for the header row; style 2: a date-time (UTC, as the server stores it).
    'xl/styles.xml':
      `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
      '<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts>' +
      '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      '<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
      '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
      '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
      '</styleSheet>',
  };
}

const deflateRawAsync = promisify(deflateRaw);

/**
 * A zip entry deflated by Node's zlib, a batch at a time, on libuv's thread pool: the event loop
 * only hands the batch over and takes the result (a batch of 5,000 rows is about 3 MB of XML, tens
 * of milliseconds of deflate that would otherwise stall every request). Each batch is compressed
 * on its own and ends on a sync flush (the last one on a finish): the pieces form one valid
 * deflate stream, at several times the speed of a deflater in JavaScript. fflate keeps the CRC and
 * sizes. The pieces are handed to the zip in order; `settled` waits for those pushed so far.
 */
class NativeDeflate extends ZipPassThrough {
  #done: Promise<void> = Promise.resolve();
  #crc = 0;

  constructor(filename: string) {
    super(filename);
    this.compression = 8;
  }

  /** As fflate's, with zlib's native CRC-32: fflate's, in JavaScript, took a sixth of the writer's time. */
  override push(chunk: Uint8Array, final = false): void {
    this.#crc = crc32(chunk, this.#crc);
    this.size += chunk.length;
    if (final) this.crc = this.#crc;
    this.process(chunk as Uint8Array<ArrayBuffer>, final);
  }

  protected override process(chunk: Uint8Array<ArrayBuffer>, final: boolean): void {
    const flush = final ? constants.Z_FINISH : constants.Z_SYNC_FLUSH;
    const deflated = deflateRawAsync(chunk, { level: 1, finishFlush: flush });
    this.#done = this.#done.then(async () => {
      const bytes = await deflated;
      // A view of zlib's buffer, not a copy of it.
      this.ondata(null, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), final);
    });
    // A failure is met by the writer's next wait, which may come a batch later: handled till then.
    this.#done.catch(() => {});
  }

  /** Resolves once every piece pushed so far has been deflated and handed to the zip. */
  settled(): Promise<void> {
    return this.#done;
  }
}

// ── writers ───────────────────────────────────────────────────────────────
/** Turns batches of rows into bytes of one file format. */
export interface ExportWriter<Row> {
  rows(rows: readonly Row[]): Promise<Uint8Array[]>;
  finish(): Promise<Uint8Array[]>;
}

/** What a writer needs of a file: its header row, the cells of a row, and (XLSX) the sheets' name. */
export interface SheetLayout<Row> {
  header: readonly string[];
  cells: (row: Row) => readonly Cell[];
  /** 'Users': the first sheet is 'Users', the next 'Users 2'. */
  sheetName: string;
}

const encoder = new TextEncoder();

export function csvWriter<Row>(layout: SheetLayout<Row>): ExportWriter<Row> {
  let started = false;
  return {
    async rows(rows) {
      // UTF-8 with a byte-order mark: without it Excel reads the file in the local code page.
      let text = started ? '' : `\uFEFF${csvLine(layout.header)}`;
      started = true;
      // csvLine's cells written in place: no array of converted values and no join per row, the
      // garbage of which cost more than the writing (decision 106). tests/server/spreadsheet-writers.test.ts
      // holds the two to the same bytes.
      for (const row of rows) {
        const cells = layout.cells(row);
        for (let i = 0; i < cells.length; i++) text += i === 0 ? csvField(cells[i]!) : `,${csvField(cells[i]!)}`;
        text += '\r\n';
      }
      return [encoder.encode(text)];
    },
    async finish() {
      return started ? [] : [encoder.encode(`\uFEFF${csvLine(layout.header)}`)];
    },
  };
}

export function xlsxWriter<Row>(layout: SheetLayout<Row>, rowsPerSheet = XLSX_ROWS_PER_SHEET): ExportWriter<Row> {
  let out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((err, chunk) => {
    if (err) failure = err;
    else out.push(chunk);
  });
  let sheet: NativeDeflate | null = null;
  let sheets = 0;
  let rowOnSheet = 0;
  /** Entries with pieces still being deflated. */
  let deflating: NativeDeflate[] = [];
  /** Resolves once every piece pushed so far has been deflated and handed to the zip. */
  const settled = () => {
    const waiting = deflating;
    deflating = [];
    return Promise.all(waiting.map((entry) => entry.settled()));
  };
  /** The zip's bytes once `done` (pieces pushed earlier) has settled; later pieces may be among them. */
  const take = async (done: Promise<unknown>) => {
    await done;
    if (failure) throw failure;
    const taken = out;
    out = [];
    return taken;
  };
  const push = (entry: NativeDeflate, text: string, final = false) => {
    entry.push(strToU8(text), final);
    if (!deflating.includes(entry)) deflating.push(entry);
  };
  const startSheet = () => {
    sheets += 1;
    sheet = new NativeDeflate(`xl/worksheets/sheet${sheets}.xml`);
    zip.add(sheet);
    push(sheet, SHEET_START + xlsxRow(1, layout.header, ' s="1"'));
    rowOnSheet = 0;
  };
  return {
    // A batch's bytes are handed on one batch late: its deflate runs on the thread pool while the
    // next batch is read and written, rather than the event loop waiting for it (decision 106).
    async rows(rows) {
      const earlier = settled();
      let xml = '';
      for (const row of rows) {
        if (!sheet || rowOnSheet === rowsPerSheet) {
          if (sheet) {
            push(sheet, xml + SHEET_END, true);
            xml = '';
          }
          startSheet();
        }
        rowOnSheet += 1;
        xml += xlsxRow(rowOnSheet + 1, layout.cells(row));
      }
      if (sheet && xml !== '') push(sheet, xml);
      return take(earlier);
    },
    async finish() {
      if (!sheet) startSheet();
      push(sheet!, SHEET_END, true);
      for (const [name, text] of Object.entries(packageParts(sheets, layout.sheetName))) {
        const part = new NativeDeflate(name);
        zip.add(part);
        push(part, text, true);
      }
      const parts = await take(settled());
      zip.end();
      return [...parts, ...(await take(settled()))];
    },
  };
}

/**
 * Batches of rows as a byte stream in one format. Each pull takes one batch, asks for the next
 * (its query runs in the database while this one is written: one batch read ahead, no more) and
 * hands the batch's bytes on; cancelling (the browser went away) stops the reads.
 */
export function spreadsheetStream<Row>(
  batches: AsyncGenerator<readonly Row[], unknown>,
  writer: ExportWriter<Row>,
): ReadableStream<Uint8Array> {
  /** Whether any bytes were handed on: a pull that hands on none is not called again by the stream. */
  const enqueueAll = (controller: ReadableStreamDefaultController<Uint8Array>, chunks: Uint8Array[]) => {
    let any = false;
    for (const chunk of chunks)
      if (chunk.length > 0) {
        controller.enqueue(chunk);
        any = true;
      }
    return any;
  };
  let ahead: Promise<IteratorResult<readonly Row[], unknown>> | null = null;
  const readAhead = () => {
    ahead = batches.next();
    // Awaited by the next pull; a failure while nobody pulls (the download was cancelled) is not
    // left unhandled.
    ahead.catch(() => {});
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        // A writer may hand a batch's bytes on later (XLSX): read on until some bytes go out.
        for (;;) {
          const next = await (ahead ?? batches.next());
          ahead = null;
          if (next.done) {
            enqueueAll(controller, await writer.finish());
            controller.close();
            return;
          }
          readAhead();
          if (enqueueAll(controller, await writer.rows(next.value))) return;
        }
      },
      async cancel() {
        await ahead?.catch(() => {});
        await batches.return(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}

/** The writer of a format. */
export const writerFor = <Row>(
  format: ExportFormat,
  layout: SheetLayout<Row>,
  rowsPerSheet?: number,
): ExportWriter<Row> => (format === 'csv' ? csvWriter(layout) : xlsxWriter(layout, rowsPerSheet));
