/**
 * Server import rules (issue 31, STYLE.md habit 5): module folders import each other in one
 * direction, and no module imports the app that assembles them. Run by `npm run lint`.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circle-between-modules',
      comment:
        'Two server module folders import each other, directly or through others. Move the shared piece to the folder both depend on (see docs/architecture.md).',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/server/src/modules/([^/]+)' },
      to: { circular: true, pathNot: '^apps/server/src/modules/$1(/|$)' },
    },
    {
      name: 'no-app-in-modules',
      comment:
        'Modules take their dependencies as the types of lib/deps.ts; app.ts and routes.ts import the modules, not the reverse.',
      severity: 'error',
      from: { path: '^apps/server/src/(modules|lib)/' },
      to: { path: '^apps/server/src/(app|routes|server)\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test(-support)?\\.ts$|(^|/)test/' },
    tsPreCompilationDeps: true,
  },
};
