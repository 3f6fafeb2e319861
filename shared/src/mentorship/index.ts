export * from './mentorship.js';
export * from './vault-editor.js';
