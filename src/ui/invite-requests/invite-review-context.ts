import { createActorContext } from '@xstate/react';
import { createContext, useContext } from 'react';
import { inviteReviewMachine } from '../../machines/invite-review/invite-review.machine';

export const InviteReviewCtx = createActorContext(inviteReviewMachine);

/** The list's URL parameters and how to change them (the route gives the router's; tests keep them in memory). */
export interface InviteSearch {
  params: Record<string, string>;
  setParams: (next: Record<string, string>, how?: { push?: boolean }) => void;
}
export const InviteSearchContext = createContext<InviteSearch | null>(null);
export function useInviteSearch(): InviteSearch {
  const value = useContext(InviteSearchContext);
  if (!value) throw new Error('useInviteSearch needs the Invite Request Users screen around it.');
  return value;
}
