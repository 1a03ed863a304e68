// Every table, one file per feature. Add new feature files here.
export * from './users';
