import type { LinkedLoginReply } from '../../domain/auth';

export interface RedirectInput {
  token: string | null;
}
export interface RedirectContext extends RedirectInput {
  error: string | null;
}
export type LinkedOutcome = LinkedLoginReply;
