// Loads webextension-polyfill on demand (see browser.ts): a require() inside a function runs only when
// called, and hands over the module's export itself, without the ES-module wrapper a bundler adds to an
// `import` of CommonJS, which copies every property of the export (here, every API namespace).
module.exports = function loadPolyfill() {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a require() that runs only when called is the point
  return require('webextension-polyfill');
};
