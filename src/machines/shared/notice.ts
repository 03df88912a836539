// A line a screen shows after a call: blue when the call did what was asked, red otherwise.
export interface Notice {
  tone: 'info' | 'error';
  text: string;
}

/** The server's answer as a notice: its message, in the tone of its status. */
export const noticeOf = (ok: boolean, text: string): Notice => ({ tone: ok ? 'info' : 'error', text });
