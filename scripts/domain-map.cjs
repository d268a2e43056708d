/**
 * Which server domain may import which (besides itself and the infrastructure: platform/, data/,
 * adapters/, config/). Every folder of functions/src is listed; a new domain adds its line here and in
 * docs/architecture.md. Reading down the list, a domain uses only domains above it, but for the two
 * pairs marked ⇄, which are named with their reason in docs/architecture.md.
 */
const DOMAIN_MAP = {
  media: [],
  geocoding: [],
  health: [],
  accounts: ['media'],
  catalog: ['accounts', 'tastings', 'marketplace'], // ⇄ tastings: a wine's merge moves its notes; ⇄ marketplace: a new catalogue re-links suppliers' offers
  tastings: ['accounts', 'catalog'],
  cellar: ['accounts', 'catalog'],
  // Norwegian duties: dated rates and a bottle's cost (docs/duties.md).
  duties: ['accounts', 'catalog', 'cellar'],
  'wine-lists': ['accounts', 'cellar', 'media'],
  events: ['accounts', 'catalog', 'wine-lists'],
  search: ['accounts', 'catalog', 'events'],
  imports: ['accounts', 'catalog', 'cellar', 'duties'],
  orders: ['accounts', 'catalog', 'cellar', 'duties'],
  marketplace: ['accounts', 'catalog', 'cellar', 'duties', 'orders'],
  pricing: ['accounts', 'cellar', 'duties'],
  recipes: ['catalog', 'cellar', 'duties'],
  sales: ['accounts', 'cellar'],
  pos: ['accounts', 'cellar', 'recipes', 'sales'],
  'stock-counts': ['accounts', 'cellar', 'wine-lists'],
  'sales-analytics': ['accounts', 'cellar', 'duties', 'orders', 'sales', 'stock-counts', 'wine-lists'],
  // Reordering: par levels, reorder points and the cart (docs/reorder.md).
  reorder: ['accounts', 'cellar', 'marketplace', 'orders', 'sales-analytics'],
  // Plans and the payment provider's webhook (docs/billing.md).
  billing: ['accounts'],
  // Market value: valuations of the wines paying cellars hold (docs/market-value.md).
  'market-values': ['accounts', 'billing', 'catalog', 'cellar'],
  // The cellar assistant: its tools read the person's own data through these domains' services.
  assistant: [
    'accounts',
    'catalog',
    'cellar',
    'marketplace',
    'orders',
    'pricing',
    'sales',
    'sales-analytics',
    'stock-counts',
    'wine-lists',
  ],
  'account-deletion': [
    'accounts',
    'assistant',
    'billing',
    'cellar',
    'events',
    'imports',
    'market-values',
    'marketplace',
    'orders',
    'pos',
    'pricing',
    'recipes',
    'sales',
    'stock-counts',
    'tastings',
    'wine-lists',
  ],
};
const INFRASTRUCTURE = ['platform', 'data', 'adapters', 'config'];

module.exports = { DOMAIN_MAP, INFRASTRUCTURE };
