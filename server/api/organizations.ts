// The organisation calls (spec §7 "Organizations, tags"): the picker's search, for every section
// that picks an organisation (create, edit, and the sections to come).
import { OrgByIdQuery, OrgSearchForm, type OrgSearchReply } from '../../src/domain/users';
import { organizationById, searchOrganizations } from '../organizations/search';
import { defineRoute } from '../routes';

/** The sections with an organization picker: the user area, Restrict Broker, both group screens. */
const ORGANIZATION_PICKERS = [
  'user_mgmt',
  'restrict_broker_access',
  'group_mgmt',
  'group_mgmt_v2',
  'template_settings_tab',
  'sku_configuration_access',
  'br_research',
  'reports_dashboard_tab',
] as const;

const getUserOrganization = defineRoute({
  method: 'POST',
  path: '/user/get_user_organization/',
  access: ORGANIZATION_PICKERS,
  schema: OrgSearchForm,
  summary: 'Organizations whose name or a word of it starts with the query (2+ characters), best first, at most 20.',
  async handler({ c, deps, input }) {
    const reply: OrgSearchReply = { result: await searchOrganizations(deps.db, input.query) };
    return c.json(reply);
  },
});

const getOrganizationById = defineRoute({
  method: 'GET',
  path: '/user/get_user_organization/',
  access: ORGANIZATION_PICKERS,
  schema: OrgByIdQuery,
  summary: 'The organization with this id, as the search answers it (a list of it, or empty): an address naming one.',
  async handler({ c, deps, input }) {
    const org = await organizationById(deps.db, input.id);
    const reply: OrgSearchReply = { result: org ? [org] : [] };
    return c.json(reply);
  },
});

export const organizationRoutes = [getUserOrganization, getOrganizationById];
