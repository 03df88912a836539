// How the create screen names the values of spec §3 (the values themselves stay as the wire has them).
import { productNames } from '../../domain/product';
import { NO_DATA_PLAN } from '../../domain/user-rules';

const USER_TYPE_LABELS: Record<string, string> = {
  trial: 'Trial', is_staff: 'Staff', test_user: 'Test user', journalist: 'Journalist', customer: 'Customer',
  grace_customer: 'Grace customer', churn_customer: 'Churn customer',
};
const CATEGORY_LABELS: Record<string, string> = { general: 'General', ir: 'IR', workiva: 'Workiva' };

export const userTypeLabel = (t: string) => USER_TYPE_LABELS[t] ?? t;
export const categoryLabel = (c: string) => CATEGORY_LABELS[c] ?? c;

export function dataPlanLabel(product: string, item: string): string {
  const p = productNames(product);
  if (item === p.data) return `${product} Data`;
  if (item === p.altData) return `${product} Alternative data`;
  if (item === NO_DATA_PLAN) return 'None';
  return { shareholder_data: 'Shareholder data', lexis_nexis: 'LexisNexis', rns: 'RNS' }[item] ?? item;
}

/** 'expanded_news_stream' → 'Expanded news stream'. */
export const flagLabel = (flag: string) => flag.charAt(0).toUpperCase() + flag.slice(1).replace(/_/g, ' ');
