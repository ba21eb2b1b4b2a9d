export * from './messages.ts';
export * from './constants.ts';
export * from './menu.ts';
export * from './auth.ts';
export * from './settings.ts';
export * from './streaming.ts';
export * from './library.ts';
export * from './ui-texts.ts';
