// Demo notebook content (decision 065): the note template library of this deployment's two sources,
// and the notebook settings of a few managed users (the first among them, so the edit screen
// opens on one that has been set).
import type { Kysely } from 'kysely';
import type { NotebookContentType, NotificationFrequency } from '../../src/domain/notebook';
import { productTemplatesSource, SPECIALIST_SOURCE } from '../../src/domain/templates';
import type { ServerConfig } from '../config';
import type { Database } from './schema';

type SeedTemplate = { name: string; content_type: NotebookContentType; body: string };

const PRODUCT_TEMPLATES: readonly SeedTemplate[] = [
  {
    name: 'Earnings call notes',
    content_type: 'notebook',
    body: 'Company:\nQuarter:\n\nHeadline numbers (revenue, margin, EPS against consensus):\n\nGuidance changes:\n\nManagement tone:\n\nQuestions from analysts worth following up:\n\nMy take:',
  },
  {
    name: 'Company meeting',
    content_type: 'notebook',
    body: 'Company:\nAttendees:\nDate:\n\nWhy we met:\n\nWhat we learned:\n\nRisks raised:\n\nNext steps and owners:',
  },
  {
    name: 'Investment thesis',
    content_type: 'notebook',
    body: 'Position:\n\nThe thesis in one sentence:\n\nWhat the market misses:\n\nCatalysts and dates:\n\nWhat would prove us wrong:\n\nPrice target and how we got there:',
  },
  {
    name: 'Daily market wrap',
    content_type: 'email',
    body: 'Markets today:\n\nIndices:\nRates and currencies:\nCommodities:\n\nMovers in our coverage:\n\nWhat to watch tomorrow:',
  },
  {
    name: 'Research highlight',
    content_type: 'highlight',
    body: 'Source document:\nPage:\n\nThe passage:\n\nWhy it matters for our view:',
  },
  {
    name: 'Chart annotation',
    content_type: 'plotter',
    body: 'Series plotted:\nPeriod:\n\nWhat the chart shows:\n\nTurning points and their causes:',
  },
  {
    name: 'Web clip summary',
    content_type: 'clipper',
    body: 'Site:\nPublished:\n\nSummary in three lines:\n\nCompanies mentioned:\n\nCredibility of the source:',
  },
  {
    name: 'Filing review',
    content_type: 'attachment',
    body: 'Filing:\nPeriod covered:\n\nChanges from the last filing:\n\nRisk factors added or removed:\n\nItems for the model:',
  },
  {
    name: 'Sentiment check',
    content_type: 'sntclipper',
    body: 'Topic:\nWindow:\n\nSentiment now against a month ago:\n\nWhat drove the change:\n\nDoes it agree with the price action?',
  },
  { name: 'Reading list entry', content_type: 'bookmark', body: 'Title:\nLink:\n\nWhy save it:\n\nRead by:' },
  {
    name: 'Conference takeaways',
    content_type: 'notebook',
    body: 'Conference:\nSessions attended:\n\nThemes across presenters:\n\nCompanies that stood out:\n\nIdeas to research:',
  },
  {
    name: 'Weekly portfolio review',
    content_type: 'email',
    body: 'Week ending:\n\nPerformance against benchmark:\n\nBiggest contributors and detractors:\n\nTrades made and why:\n\nPlan for next week:',
  },
];

const SPECIALIST_TEMPLATES: readonly SeedTemplate[] = [
  {
    name: 'Channel check',
    content_type: 'notebook',
    body: 'Channel (distributor, retailer, supplier):\nRegion:\nContact role:\n\nSell-through against last quarter:\n\nInventory levels:\n\nPricing and promotions:\n\nWhat it says about the company:',
  },
  {
    name: 'Sector weekly',
    content_type: 'email',
    body: 'Sector:\nWeek ending:\n\nNews that moved the group:\n\nRelative performance:\n\nEstimate revisions:\n\nOur positioning:',
  },
  {
    name: 'Expert call',
    content_type: 'notebook',
    body: 'Expert background (no names):\nCompliance cleared by:\n\nQuestions asked:\n\nAnswers, in their words:\n\nHow confident are we in this view?',
  },
  {
    name: 'Supply chain map',
    content_type: 'attachment',
    body: 'Company:\n\nKey suppliers and share of input:\n\nKey customers and share of revenue:\n\nSingle points of failure:',
  },
  {
    name: 'Management scorecard',
    content_type: 'highlight',
    body: 'Company:\nPeriod:\n\nPromises made:\n\nPromises kept:\n\nCapital allocation record:\n\nScore out of ten and why:',
  },
];

/** Notebook settings for some managed users: their position among the seeded users, and what they chose. */
const SETTINGS: readonly {
  at: number;
  frequency: NotificationFrequency;
  content_types: NotebookContentType[];
  templates: number;
  tags: number;
}[] = [
  {
    at: 0,
    frequency: 'weekly',
    content_types: ['notebook', 'highlight', 'email', 'attachment'],
    templates: 3,
    tags: 2,
  },
  { at: 3, frequency: 'instant', content_types: ['notebook', 'email'], templates: 1, tags: 1 },
  { at: 8, frequency: 'off', content_types: [], templates: 0, tags: 3 },
  {
    at: 15,
    frequency: 'daily',
    content_types: ['notebook', 'highlight', 'plotter', 'clipper', 'bookmark'],
    templates: 4,
    tags: 0,
  },
];

export async function seedNotebook(
  trx: Kysely<Database>,
  config: ServerConfig,
  userIds: readonly number[],
  now: number,
): Promise<void> {
  const rows = [
    ...PRODUCT_TEMPLATES.map((t) => ({ ...t, source: productTemplatesSource(config.productKey), created_at: now })),
    ...SPECIALIST_TEMPLATES.map((t) => ({ ...t, source: SPECIALIST_SOURCE, created_at: now })),
  ];
  const templateIds = (await trx.insertInto('note_templates').values(rows).returning('id').execute()).map((r) =>
    Number(r.id),
  );
  // Only the deployment's own templates: the specialist ones are a specialist's to give.
  const productIds = templateIds.slice(0, PRODUCT_TEMPLATES.length);
  const tagIds = (await trx.selectFrom('tags').select('id').where('is_group', '=', 0).orderBy('id').execute()).map(
    (r) => Number(r.id),
  );
  const settings = SETTINGS.filter((s) => s.at < userIds.length).map((s, i) => ({
    user_id: userIds[s.at]!,
    frequency: s.frequency,
    content_types: JSON.stringify(s.content_types),
    template_ids: JSON.stringify(productIds.slice(i * 2, i * 2 + s.templates)),
    tag_ids: JSON.stringify(tagIds.slice(i, i + s.tags)),
    version: 1,
    updated_by: 'admin',
    updated_at: now,
  }));
  if (settings.length) await trx.insertInto('user_notebook').values(settings).execute();
}
