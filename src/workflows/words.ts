// Machine names in words a person reads: 'otp.submit' → 'submit OTP',
// 'xstate.done.actor.verifyOtp' → 'verify OTP succeeds', 'xstate.after.idle.…' → 'after 15 min idle'.
// The diagram, the simulator, the test plan and the Mermaid export all label with these.

const ACRONYMS = new Set([
  'otp',
  'tfa',
  'csrf',
  'url',
  'id',
  'ids',
  'csv',
  'xlsx',
  'sku',
  'api',
  'ir',
  'qr',
  'jwt',
  'pdf',
  'sso',
  'ui',
  'st',
  'http',
]);

/**
 * Verbs that read first: 'credentials.submit' is "submit credentials". An event whose last part
 * is not one of these keeps its order ('user.activity' → "user activity").
 */
const VERBS = new Set([
  'acknowledge',
  'add',
  'apply',
  'cancel',
  'change',
  'check',
  'choose',
  'clear',
  'close',
  'confirm',
  'create',
  'delete',
  'dismiss',
  'download',
  'edit',
  'enter',
  'export',
  'fetch',
  'filter',
  'import',
  'load',
  'move',
  'open',
  'pick',
  'recheck',
  'refresh',
  'reload',
  'remove',
  'rename',
  'request',
  'reset',
  'restart',
  'restore',
  'retry',
  'save',
  'search',
  'select',
  'send',
  'set',
  'show',
  'sort',
  'start',
  'stop',
  'submit',
  'toggle',
  'type',
  'undo',
  'update',
  'upload',
  'validate',
]);

/** 'verifyOtp' → 'verify OTP', 'user_type' → 'user type', 'bulk-edit' → 'bulk edit'. */
export function words(identifier: string): string {
  return identifier
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => (ACRONYMS.has(w.toLowerCase()) ? w.toUpperCase() : w.toLowerCase()))
    .join(' ');
}

/** 900000 → '15 min'; 5400000 → '1 h 30 min'; 1500 → '1.5 s'; 250 → '250 ms'. */
export function duration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${Number((ms / 1000).toFixed(1))} s`;
  const units: [number, string][] = [
    [86_400_000, 'd'],
    [3_600_000, 'h'],
    [60_000, 'min'],
    [1000, 's'],
  ];
  const first = units.findIndex(([size]) => ms >= size);
  const [size, unit] = units[first]!;
  const whole = `${Math.floor(ms / size)} ${unit}`;
  const next = units[first + 1];
  const rest = next ? Math.floor((ms % size) / next[0]) : 0;
  return rest ? `${whole} ${rest} ${next![1]}` : whole;
}

export interface Wording {
  /** Durations of the machine's named delays, already in words ('15 min'). */
  delays?: Readonly<Record<string, string>>;
  /** Words chosen for particular events or outcome names, e.g. 'credentials.submit' → 'enter username and password'. */
  phrases?: Readonly<Record<string, string>>;
}

function personEvent(type: string): string {
  const parts = type.split('.').filter(Boolean);
  if (parts.length < 2) return words(type);
  const last = parts[parts.length - 1]!;
  const rest = parts.slice(0, -1).map(words).join(' ');
  const [first, ...more] = words(last).split(' ');
  if (first && VERBS.has(first)) return [first, ...more, rest].join(' ');
  return `${rest} ${words(last)}`;
}

/** An event type in words; eventless transitions read 'immediately'. */
export function eventWords(type: string, wording: Wording = {}): string {
  const phrase = wording.phrases?.[type];
  if (phrase) return phrase;
  if (!type) return 'immediately';
  if (type === 'xstate.init') return 'start';
  const service = type.match(/^xstate\.(done|error)\.actor\.(.+)$/);
  if (service) return `${words(service[2]!)} ${service[1] === 'done' ? 'succeeds' : 'fails'}`;
  const done = type.match(/^xstate\.done\.state\.(.+)$/);
  if (done) return `${words(done[1]!.split('.').pop()!)} is done`;
  const after = type.match(/^xstate\.after\.([^.]+)(?:\.|$)/);
  if (after) {
    const delay = after[1]!;
    if (/^\d+$/.test(delay)) return `after ${duration(Number(delay))}`;
    const length = wording.delays?.[delay];
    return length ? `after ${length} ${words(delay)}` : `after ${words(delay)}`;
  }
  return personEvent(type);
}

/** An outcome's name in words: 'passwordAccepted' → 'password accepted', unless a phrase is given. */
export function outcomeWords(name: string, wording: Wording = {}): string {
  return wording.phrases?.[name] ?? words(name);
}

/** A guard's name in words ('isFirstLogin' → 'is first login'). */
export function guardWords(name: string): string {
  return words(name);
}
