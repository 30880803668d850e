export * from './catalogue/types';
export * from './catalogue/validate';
export * from './appraisal/appraise';
export * from './publish-catalogue/decide';
export * from './publish-catalogue/publish';
export { demoCatalogue } from './demo/demo-catalogue';
