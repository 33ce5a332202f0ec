export * from './auth';
export * from './collections';
export * from './credits';
export * from './flows';
export * from './orgs';
export * from './system';
export * from './tools';
