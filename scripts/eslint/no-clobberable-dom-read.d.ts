// Types of the local ESLint plugin (no-clobberable-dom-read.js), for the lint test and eslint.config.js.
import type { ESLint, Rule } from 'eslint';

export declare const noClobberableDomRead: Rule.RuleModule;
declare const plugin: ESLint.Plugin & { rules: { 'no-clobberable-dom-read': Rule.RuleModule } };
export default plugin;
