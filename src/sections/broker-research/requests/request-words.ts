// How the Requests tab colours statuses.
import type { RequestStatus } from '../../../domain/broker-research';

export const STATUS_COLORS: Record<RequestStatus, 'blue' | 'amber' | 'green' | 'red' | 'gray'> = {
  new: 'blue',
  sent: 'amber',
  approved: 'green',
  rejected: 'red',
  cancelled: 'gray',
};
