export * from './catalogue/types';
export * from './catalogue/validate';
export * from './appraisal/appraise';
