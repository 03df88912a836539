// Invite Request Users' calls (decision 064): plain functions, every reply parsed by its
// src/domain schema. A stale action answers 409, read by shape (staleInviteOf).
import * as v from 'valibot';
import {
  type ApprovalSettings,
  InviteActionReply,
  InviteBulkReply,
  InviteListReply,
  InviteOptionsReply,
  type InviteStatus,
} from '../../domain/invite-requests';
import { http, toFormData } from '../../services/http';

/** The approval form as form fields. */
const settingsFields = (s: ApprovalSettings) => ({
  organization_id: s.organization_id,
  user_type: s.user_type,
  user_category: s.user_category,
  owner: s.owner,
  product_configuration: s.product_configuration,
  data_plan: JSON.stringify(s.data_plan),
  expiry_dt: s.expiry_dt,
  send_invitation: String(s.send_invitation),
});

export async function fetchInvites(query: {
  status: InviteStatus | '';
  q: string;
  cursor: string;
}): Promise<InviteListReply> {
  const params = new URLSearchParams(Object.entries(query).filter(([, value]) => value !== ''));
  return v.parse(InviteListReply, await http(`/api/invite_requests/?${params}`));
}

export async function fetchInviteOptions(q: string): Promise<Omit<InviteOptionsReply, 'status'>> {
  const { status: _ok, ...options } = v.parse(
    InviteOptionsReply,
    await http(`/api/invite_requests/options/?${new URLSearchParams({ q })}`),
  );
  return options;
}

export async function approveInvite(input: {
  id: number;
  version: number;
  settings: ApprovalSettings;
}): Promise<InviteActionReply> {
  const body = toFormData({ id: String(input.id), version: String(input.version), ...settingsFields(input.settings) });
  return v.parse(InviteActionReply, await http('/api/invite_requests/approve/', { method: 'POST', body }));
}

export async function rejectInvite(input: { id: number; version: number; reason: string }): Promise<InviteActionReply> {
  const body = toFormData({ id: String(input.id), version: String(input.version), reason: input.reason });
  return v.parse(InviteActionReply, await http('/api/invite_requests/reject/', { method: 'POST', body }));
}

export async function resendInvite(input: { id: number; version: number }): Promise<InviteActionReply> {
  const body = toFormData({ id: String(input.id), version: String(input.version) });
  return v.parse(InviteActionReply, await http('/api/invite_requests/resend/', { method: 'POST', body }));
}

export async function bulkApproveInvites(input: {
  requests: { id: number; version: number }[];
  settings: ApprovalSettings;
  preview: boolean;
}): Promise<InviteBulkReply> {
  const body = toFormData({ requests: JSON.stringify(input.requests), ...settingsFields(input.settings) });
  return v.parse(
    InviteBulkReply,
    await http(input.preview ? '/api/invite_requests/bulk_preview/' : '/api/invite_requests/bulk_approve/', {
      method: 'POST',
      body,
    }),
  );
}
