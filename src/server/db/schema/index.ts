export * from './assignments';
export * from './auth';
export * from './collections';
export * from './flows';
export * from './lrs';
export * from './orgs';
export * from './system';
export * from './tools';
