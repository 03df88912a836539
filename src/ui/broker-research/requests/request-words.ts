// How the Requests tab writes moments and statuses.
import type { RequestStatus } from '../../../domain/broker-research';

/** A moment as a person reads it here: the day and time, UTC. */
export const whenText = (ms: number | null): string => (ms === null ? '—' : `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`);

export const STATUS_COLORS: Record<RequestStatus, 'blue' | 'amber' | 'green' | 'red' | 'gray'> = {
  new: 'blue', sent: 'amber', approved: 'green', rejected: 'red', cancelled: 'gray',
};
