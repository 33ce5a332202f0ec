export * from './entry';
export * from './protocol';
export * from './queue';
export * from './routes';
export * from './token';
