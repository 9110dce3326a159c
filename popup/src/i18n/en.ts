/**
 * The source catalogue, English, is data: locales/en/app.json (every other language: locales/<lang>/app.json).
 * Its keys are the popup's: `t()` and every translation are typed by them (index.ts).
 */
import en from '../../../locales/en/app.json';

export default en;
