export * from './catalogue';
export * from './node-models';
export * from './pricing';
