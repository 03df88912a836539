/** A file an export handed to the browser: its name and, when the server counted them, its rows. */
export interface ReceivedExport {
  filename: string;
  rows: number | null;
}
