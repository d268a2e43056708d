/**
 * The import rules `npm test` enforces (scripts/check-architecture.ts runs this, then its own checks).
 * docs/architecture.md explains the domain map these rules keep true.
 */

const { DOMAIN_MAP, INFRASTRUCTURE } = require('./scripts/domain-map.cjs');

const domainRules = Object.entries(DOMAIN_MAP).map(([domain, allowed]) => ({
  name: `domain-map-${domain}`,
  comment: `${domain}/ may import only ${allowed.length ? allowed.join(', ') : 'no other domain'} (docs/architecture.md, the domain map).`,
  severity: 'error',
  from: { path: `^functions/src/${domain}/` },
  to: {
    path: '^functions/src/',
    // The route manifest is data every handler may read (its own queue's or job's settings).
    pathNot: [
      `^functions/src/(${[domain, ...allowed, ...INFRASTRUCTURE].join('|')})/`,
      '^functions/src/routes[.]ts$',
    ],
  },
}));

module.exports = {
  forbidden: [
    ...domainRules,
    {
      name: 'no-circular',
      comment: 'No import cycles, type-only ones included: a cycle makes load order and ownership unclear.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-foreign-tables',
      comment:
        "A domain touches only its own entities: another domain's entities/ or *-store module is off limits; call its service.",
      severity: 'error',
      from: { path: '^functions/src/([^/]+)/', pathNot: '^functions/src/data/' },
      to: { path: ['/entities/', '-store[.]ts$'], pathNot: '^functions/src/$1/' },
    },
    {
      name: 'infrastructure-has-no-domain',
      comment:
        'adapters/, platform/ and data/ are used by domains and never use one (data/entities.ts registers them).',
      severity: 'error',
      from: {
        path: '^functions/src/(adapters|platform|data)/',
        pathNot: '^functions/src/data/entities[.]ts$',
      },
      to: {
        path: '^functions/src/',
        pathNot: ['^functions/src/(adapters|platform|data|config)/', '^functions/src/routes[.]ts$'],
      },
    },
    {
      name: 'web-lib-has-no-feature',
      comment: 'lib/ and components/ serve every feature and import none.',
      severity: 'error',
      from: { path: '^web/src/(lib|components)/' },
      to: { path: '^web/src/features/' },
    },
    {
      name: 'layers',
      comment: 'shared/ is used by both sides and uses neither; the web app never imports server code.',
      severity: 'error',
      from: { path: '^(shared|web)/src/' },
      to: { path: '^(functions|infra)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    exclude: { path: '[.]test[.]tsx?$' },
  },
};
