// Every table, one file per area. Add new files here.
export * from './users';
export * from './catalogue';
export * from './subscriptions';
export * from './progress';
export * from './personal';
export * from './discussion';
export * from './notifications';
export * from './audit';
export * from './backoffice';
export * from './review';
export * from './stats';
export * from './backups';
export * from './papers';
export * from './plans';
