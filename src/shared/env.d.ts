/** Build-time constants defined in vite.config.ts. */
declare const __DEV__: boolean;
